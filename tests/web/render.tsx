import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '@/app/App';
import { routes } from '@/app/router';
import { makeStore, type RootState } from '@/app/store';
import type { i18n as I18n } from 'i18next';
import { createI18n, type Language } from '@/lib/i18n';

/**
 * Renders the real app (store, router, i18n) at a path. Network calls go to msw handlers,
 * so a test states exactly what the server answers.
 */
/** `i18n` replaces the usual instance with every text of both languages (for tests of text loading). */
export function renderApp(path: string, options: { state?: Partial<RootState>; language?: Language; i18n?: I18n } = {}) {
  const store = makeStore(options.state);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = options.i18n ?? createI18n(options.language ?? 'en');
  const view = render(<App store={store} router={router} i18n={i18n} />);
  return { ...view, store, router, i18n };
}
