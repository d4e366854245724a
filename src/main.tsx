import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { createI18n } from './lib/i18n';
import './styles/global.css';

const store = makeStore();
const i18n = createI18n();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} i18n={i18n} />
  </StrictMode>,
);
