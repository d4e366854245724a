import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AnonymousOnly, RequireAuth } from './guards';
import { AppLayout } from './shell/AppLayout';

const SignInPage = lazy(() => import('@/features/auth/components/SignInPage'));
const SignUpPage = lazy(() => import('@/features/auth/components/SignUpPage'));
const RestorePasswordPage = lazy(() => import('@/features/auth/components/RestorePasswordPage'));
const CheckUserPage = lazy(() => import('@/features/profile/components/CheckUserPage'));
/** A screen that reads the events, operations or people slices: those join the store with it. */
const withScreenSlices =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([import('./screen-slices'), load()]).then(([, screen]) => screen);

const EventsPage = lazy(withScreenSlices(() => import('@/features/events/components/EventsPage')));
// The event tabs are routes of their own, so each is a chunk of its own. Imported by path, not
// through the operations index: the index also exports the operations slice, which must stay
// out of the first screen's download.
const TransactionsPage = lazy(withScreenSlices(() => import('@/features/operations/components/TransactionsPage')));
const MySharePage = lazy(withScreenSlices(() => import('@/features/operations/components/MySharePage')));
const DebtsPage = lazy(withScreenSlices(() => import('@/features/operations/components/DebtsPage')));
const PeoplePage = lazy(withScreenSlices(() => import('@/features/people/components/PeoplePage')));
const FaqPage = lazy(() => import('@/features/faq/components/FaqPage'));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));

/** Specification §2, in history mode. The events tabs are children of /events/:id. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <Navigate to="/events" replace /> },
      { path: '/signin', element: <AnonymousOnly><SignInPage /></AnonymousOnly> },
      { path: '/signup', element: <AnonymousOnly><SignUpPage /></AnonymousOnly> },
      { path: '/restore_password', element: <AnonymousOnly><RestorePasswordPage /></AnonymousOnly> },
      { path: '/checkuser', element: <RequireAuth allowIncomplete><CheckUserPage /></RequireAuth> },
      {
        // EventsPage is the frame (list, open event, its tabs); the open tab renders in its <Outlet />.
        path: '/events/:id?',
        element: <RequireAuth><EventsPage /></RequireAuth>,
        children: [
          { index: true, element: <TransactionsPage /> },
          { path: 'transactions', element: <TransactionsPage /> },
          { path: 'my-share', element: <MySharePage /> },
          { path: 'debts', element: <DebtsPage /> },
        ],
      },
      { path: '/people/:uid?', element: <RequireAuth><PeoplePage /></RequireAuth> },
      { path: '/faq', element: <RequireAuth><FaqPage /></RequireAuth> },
    ],
  },
  { element: <AppLayout notFound />, children: [{ path: '*', element: <NotFoundPage /> }] },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
