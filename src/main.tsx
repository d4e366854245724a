import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter, preloadScreens } from './app/router';
import { makeStore } from './app/store';
import { startI18n } from './lib/i18n';
import { tokenStorage } from './lib/storage';
import './styles/global.css';

const store = makeStore();
const router = createAppRouter();

// The service worker (public/sw.js) opens the app shell from the cache on a slow network. Only
// the production build registers it: in development it would serve stale modules.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}

// The first render waits for the current language's text, so no key ever shows in its place;
// the screen it will show is fetched meanwhile.
preloadScreens(window.location.pathname, tokenStorage.get() !== null);
void startI18n().then((i18n) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} router={router} i18n={i18n} />
    </StrictMode>,
  );
});
