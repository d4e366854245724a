import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter, preloadScreens } from './app/router';
import { afterFirstUse, stylesLoaded } from './app/start-up-waits';
import { beginFirstScreenReads } from './app/first-screen-reads';
import { loadInitialData } from './app/shell-slice';
import { makeStore } from './app/store';
import { apiClient } from './lib/api-client';
import { initialLanguage, isLanguage, loadLanguage, startI18n } from './lib/i18n';
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

// The first render waits for the text the first screen uses, so no key ever shows in its place;
// the screen it will show is fetched meanwhile. Signed-in screens need the rest of the language
// (src/app/shell/use-language-ready.ts): with a token it is fetched at once, alongside; without
// one, once the visitor begins to use the sign-in screen.
const signedIn = tokenStorage.get() !== null;
const screensArrived = preloadScreens(window.location.pathname, signedIn);
// A returning user's first answers are asked for now, alongside the app's files, not once its
// frame has drawn: the profile, contacts and currencies every screen waits for (AppLayout asks
// only while nobody has), and the reads of the screen they are opening (decision 0056).
if (signedIn) {
  void store.dispatch(loadInitialData());
  beginFirstScreenReads(window.location.pathname, window.location.search, store.getState().currencies.display);
}
// The API client (axios) arrives alongside, ready before anyone can submit a form.
void apiClient();
const language = initialLanguage();
// Where index.html has painted the sign-in card (common/first-paint.ts), the card stays until the
// app can draw the whole screen, form and its styles included, instead of giving way to
// "Loading…" meanwhile.
// A signed-in user's first render waits for the screen's code too: their profile may already be
// in, and a screen drawn before its code would show a placeholder that React then holds for up
// to 300 ms (decision 0056).
const firstPaintShown = document.documentElement.hasAttribute('data-first-paint');
const i18nReady = startI18n(language, { firstScreenOnly: true, restNow: signedIn });
void Promise.all([i18nReady, firstPaintShown || signedIn ? screensArrived : null, firstPaintShown ? stylesLoaded() : null]).then(([i18n]) => {
  const root = createRoot(document.getElementById('root')!);
  const app = (
    <StrictMode>
      <App store={store} router={router} i18n={i18n} />
    </StrictMode>
  );
  // Over the first paint the app renders as a transition: React works in slices of a few
  // milliseconds and lets the page answer between them, where one render of the whole screen held
  // the phone's only thread for a quarter of a second; the card is already there to look at.
  if (firstPaintShown) startTransition(() => root.render(app));
  else root.render(app);
  // The language at that moment: a visitor's first press may be on the language select.
  if (!signedIn) afterFirstUse(() => void loadLanguage(i18n, isLanguage(i18n.language) ? i18n.language : language).catch(() => undefined));
});
