import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatch } from 'react-router-dom';
import { authErrorCleared } from '@/features/auth';
import { ToursHost } from '@/features/tours';
import { documentTitle } from '../document-title';
import { useAppDispatch, useAppSelector } from '../hooks';
import { ModalRoot } from '../ModalRoot';
import { eventsPathVisited, loadInitialData } from '../shell-slice';
import { CookieBanner } from './CookieBanner';
import { CookiesDeclinedPage } from './CookiesDeclinedPage';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { ServerErrorPage } from './ServerErrorPage';
import styles from './Shell.module.css';
import { SupportLink } from './SupportLink';
import { useLanguageReady } from './use-language-ready';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      {t('actions.loading')}
    </div>
  );
}

/** The frame around every screen: header, initial load, consent, title, modals, footer. */
export function AppLayout({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const token = useAppSelector((s) => s.auth.token);
  const initialLoad = useAppSelector((s) => s.shell.initialLoad);
  const consent = useAppSelector((s) => s.shell.cookieConsent);
  const inEvents = useMatch('/events/*');
  const text = useLanguageReady(!!token);
  const signedIn = !!token && initialLoad === 'success' && text === 'ready';

  useEffect(() => {
    document.title = documentTitle(location.pathname, t('appName'));
    dispatch(authErrorCleared());
    if (inEvents) dispatch(eventsPathVisited(location.pathname));
  }, [location.pathname, dispatch, t, inEvents]);

  useEffect(() => {
    if (token && initialLoad === 'idle') void dispatch(loadInitialData());
  }, [token, initialLoad, dispatch]);

  // Operations entered with no connection are sent from whatever screen is open when it returns.
  const me = useAppSelector((s) => s.profile.user?.user);
  useEffect(() => {
    if (!signedIn || me === undefined) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Its code may not be on the device yet when the app starts offline: tried again when the connection returns.
    const start = () => {
      import('@/features/operations/offline/pending-sender')
        .then(({ startPendingSender }) => {
          if (!cancelled && !stop) stop = startPendingSender(dispatch, me);
        })
        .catch(() => undefined);
    };
    start();
    window.addEventListener('online', start);
    return () => {
      cancelled = true;
      window.removeEventListener('online', start);
      stop?.();
    };
  }, [signedIn, me, dispatch]);

  let body;
  if (consent === false) body = <CookiesDeclinedPage />;
  else if (token && (initialLoad === 'error' || text === 'error') && !notFound) body = <ServerErrorPage />;
  else if (token && !signedIn && !notFound) body = <Loading />;
  else
    body = (
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    );

  return (
    <>
      <a className="visually-hidden" href="#main">
        {t('appName')}
      </a>
      <Header signedIn={signedIn} />
      {token && <OfflineBanner />}
      <main id="main" className={styles.main}>
        {body}
      </main>
      <footer className={styles.footer}>
        <SupportLink />
      </footer>
      {consent === null && <CookieBanner />}
      {signedIn && <ModalRoot />}
      {signedIn && <ToursHost />}
    </>
  );
}
