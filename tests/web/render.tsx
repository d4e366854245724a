import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '@/app/App';
import { routes } from '@/app/router';
import { makeStore, type RootState } from '@/app/store';
import { createI18n, type Language } from '@/lib/i18n';

/**
 * Renders the real app (store, router, i18n) at a path. Network calls go to msw handlers,
 * so a test states exactly what the server answers.
 */
export function renderApp(path: string, options: { state?: Partial<RootState>; language?: Language } = {}) {
  const store = makeStore(options.state);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = createI18n(options.language ?? 'en');
  const view = render(<App store={store} router={router} i18n={i18n} />);
  return { ...view, store, router, i18n };
}
