import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { loadDebtsPage, loadMySharePage, loadTransactionsPage } from '@/features/operations';
import { AnonymousOnly, RequireAuth } from './guards';
import { AppLayout } from './shell/AppLayout';

const SignInPage = lazy(() => import('@/features/auth/components/SignInPage'));
const SignUpPage = lazy(() => import('@/features/auth/components/SignUpPage'));
const RestorePasswordPage = lazy(() => import('@/features/auth/components/RestorePasswordPage'));
const CheckUserPage = lazy(() => import('@/features/profile/components/CheckUserPage'));
const EventsPage = lazy(() => import('@/features/events/components/EventsPage'));
const TransactionsPage = lazy(loadTransactionsPage);
const MySharePage = lazy(loadMySharePage);
const DebtsPage = lazy(loadDebtsPage);
const PeoplePage = lazy(() => import('@/features/people/components/PeoplePage'));
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
