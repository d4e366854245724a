import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { makeStore, type RootState } from '@/app/store';
import { createI18n, type Language } from '@/lib/i18n';

/** Renders one component with the real store and translations, for tests of a single widget. */
export function renderComponent(ui: ReactElement, options: { state?: Partial<RootState>; language?: Language } = {}) {
  const store = makeStore(options.state);
  const i18n = createI18n(options.language ?? 'en');
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { ...view, store, i18n };
}
