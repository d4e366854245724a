import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isProfileComplete } from '@/features/profile';
import { useAppSelector } from './hooks';

/**
 * Specification §2: an unauthenticated user goes to /signin; a signed-in user without a full
 * name goes to /checkuser; a signed-in user with a name passes.
 */
export function RequireAuth({ children, allowIncomplete = false }: { children: ReactNode; allowIncomplete?: boolean }) {
  const token = useAppSelector((s) => s.auth.token);
  const user = useAppSelector((s) => s.profile.user);
  const location = useLocation();
  if (!token) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (!allowIncomplete && user && !isProfileComplete(user)) return <Navigate to="/checkuser" replace />;
  return <>{children}</>;
}

/** Sign-in, sign-up and restore are for anonymous users; a signed-in user is sent home. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const token = useAppSelector((s) => s.auth.token);
  if (token) return <Navigate to="/" replace />;
  return <>{children}</>;
}
