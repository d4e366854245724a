import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { isProfileComplete } from '@/features/profile';
import { returnPath } from '@/lib/storage';
import { useAppSelector } from './hooks';

/**
 * Specification §2: an unauthenticated user goes to /signin; a signed-in user without a full
 * name goes to /checkuser; a signed-in user with a name passes. The page asked for is remembered
 * so that signing in (or up) ends there, not on the events list.
 */
export function RequireAuth({ children, allowIncomplete = false }: { children: ReactNode; allowIncomplete?: boolean }) {
  const token = useAppSelector((s) => s.auth.token);
  const user = useAppSelector((s) => s.profile.user);
  const location = useLocation();
  const here = location.pathname + location.search;
  const passes = Boolean(token) && (allowIncomplete || !user || isProfileComplete(user));
  useEffect(() => {
    // Arrived: the remembered page is this one, or the user has gone on elsewhere by their own choice.
    if (passes && !allowIncomplete) returnPath.clear();
  }, [passes, allowIncomplete, here]);
  if (!token) {
    returnPath.remember(here);
    return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  }
  if (!allowIncomplete && user && !isProfileComplete(user)) {
    returnPath.remember(here);
    return <Navigate to="/checkuser" replace />;
  }
  return <>{children}</>;
}

/** Sign-in, sign-up and restore are for anonymous users; a signed-in user goes where they were going, else home. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const token = useAppSelector((s) => s.auth.token);
  if (token) return <Navigate to={returnPath.peek() ?? '/'} replace />;
  return <>{children}</>;
}

/**
 * Specification §2: the profile-completion form is forced on every route but sign-in and sign-up,
 * the 404 page included; this is that rule for pages anyone may see.
 */
export function CompleteProfileFirst({ children }: { children: ReactNode }) {
  const token = useAppSelector((s) => s.auth.token);
  const user = useAppSelector((s) => s.profile.user);
  if (token && user && !isProfileComplete(user)) return <Navigate to="/checkuser" replace />;
  return <>{children}</>;
}

/** `/events/:id` takes a number only (specification §2); anything else there is the 404 page. */
export function NumericEventId({ children, notFound }: { children: ReactNode; notFound: ReactNode }) {
  const { id } = useParams();
  return <>{id === undefined || /^\d+$/.test(id) ? children : notFound}</>;
}
