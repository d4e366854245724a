import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AnonymousOnly, CompleteProfileFirst, NumericEventId, RequireAuth } from './guards';
import { patientImport } from './patient-import';
import { AppLayout } from './shell/AppLayout';
import { ServerErrorPage } from './shell/ServerErrorPage';

/** A screen that reads the events, operations or people slices: those join the store with it. */
const withScreenSlices =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([import('./screen-slices'), load()]).then(([, screen]) => screen);

/**
 * Each screen is a chunk of its own. The event tabs are imported by path, not through the
 * operations index: the index also exports the operations slice, which must stay out of the
 * first screen's download.
 */
const screens = {
  signIn: patientImport(() => import('@/features/auth/components/SignInPage')),
  signUp: patientImport(() => import('@/features/auth/components/SignUpPage')),
  restorePassword: patientImport(() => import('@/features/auth/components/RestorePasswordPage')),
  checkUser: patientImport(() => import('@/features/profile/components/CheckUserPage')),
  events: patientImport(withScreenSlices(() => import('@/features/events/components/EventsPage'))),
  transactions: patientImport(withScreenSlices(() => import('@/features/operations/components/TransactionsPage'))),
  myShare: patientImport(withScreenSlices(() => import('@/features/operations/components/MySharePage'))),
  debts: patientImport(withScreenSlices(() => import('@/features/operations/components/DebtsPage'))),
  people: patientImport(withScreenSlices(() => import('@/features/people/components/PeoplePage'))),
  faq: patientImport(() => import('@/features/faq/components/FaqPage')),
  notFound: patientImport(() => import('./shell/NotFoundPage')),
};

const SignInPage = lazy(screens.signIn);
const SignUpPage = lazy(screens.signUp);
const RestorePasswordPage = lazy(screens.restorePassword);
const CheckUserPage = lazy(screens.checkUser);
const EventsPage = lazy(screens.events);
const TransactionsPage = lazy(screens.transactions);
const MySharePage = lazy(screens.myShare);
const DebtsPage = lazy(screens.debts);
const PeoplePage = lazy(screens.people);
const FaqPage = lazy(screens.faq);
const NotFoundPage = lazy(screens.notFound);

export type ScreenName = keyof typeof screens;

/** The screens the first render of `pathname` will show (the guards decide as they will). */
export function screensFor(pathname: string, signedIn: boolean): ScreenName[] {
  if (pathname === '/signup') return ['signUp'];
  if (pathname === '/restore_password') return ['restorePassword'];
  if (!signedIn) return ['signIn'];
  if (pathname === '/' || /^\/events(\/|$)/.test(pathname)) {
    if (/^\/events\/\d+\/my-share\/?$/.test(pathname)) return ['events', 'myShare'];
    if (/^\/events\/\d+\/debts\/?$/.test(pathname)) return ['events', 'debts'];
    if (/^\/events\/\d+/.test(pathname)) return ['events', 'transactions'];
    return ['events'];
  }
  if (/^\/people(\/|$)/.test(pathname)) return ['people'];
  if (pathname === '/faq') return ['faq'];
  return [];
}

/**
 * Starts fetching the screens the first render of `pathname` will need, so that they arrive
 * while the language loads instead of after it (on a slow phone network that is a whole round
 * trip less before anything shows). The router still loads them itself; once they have arrived
 * it renders them without a frame of "Loading…" (patientImport). Settles when all have arrived
 * or failed.
 */
export function preloadScreens(pathname: string, signedIn: boolean): Promise<void> {
  return Promise.all(screensFor(pathname, signedIn).map((screen) => screens[screen]().catch(() => undefined))).then(() => undefined);
}

/** Specification §2, in history mode. The events tabs are children of /events/:id. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // A screen whose code never arrived (patientImport gave up) or that failed to render.
    errorElement: <ServerErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/events" replace /> },
      {
        path: '/signin',
        element: (
          <AnonymousOnly>
            <SignInPage />
          </AnonymousOnly>
        ),
      },
      {
        path: '/signup',
        element: (
          <AnonymousOnly>
            <SignUpPage />
          </AnonymousOnly>
        ),
      },
      {
        path: '/restore_password',
        element: (
          <AnonymousOnly>
            <RestorePasswordPage />
          </AnonymousOnly>
        ),
      },
      {
        path: '/checkuser',
        element: (
          <RequireAuth allowIncomplete>
            <CheckUserPage />
          </RequireAuth>
        ),
      },
      {
        // EventsPage is the frame (list, open event, its tabs); the open tab renders in its <Outlet />.
        path: '/events/:id?',
        element: (
          <NumericEventId
            notFound={
              <CompleteProfileFirst>
                <NotFoundPage />
              </CompleteProfileFirst>
            }
          >
            <RequireAuth>
              <EventsPage />
            </RequireAuth>
          </NumericEventId>
        ),
        children: [
          { index: true, element: <TransactionsPage /> },
          // One route, so opening an operation's details keeps the feed mounted and scrolled.
          { path: 'transactions/:operationId?', element: <TransactionsPage /> },
          { path: 'my-share', element: <MySharePage /> },
          { path: 'debts', element: <DebtsPage /> },
        ],
      },
      {
        path: '/people/:uid?',
        element: (
          <RequireAuth>
            <PeoplePage />
          </RequireAuth>
        ),
      },
      {
        path: '/faq',
        element: (
          <RequireAuth>
            <FaqPage />
          </RequireAuth>
        ),
      },
    ],
  },
  {
    element: <AppLayout notFound />,
    errorElement: <ServerErrorPage />,
    children: [
      {
        path: '*',
        element: (
          <CompleteProfileFirst>
            <NotFoundPage />
          </CompleteProfileFirst>
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
