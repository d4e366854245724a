import { Suspense } from 'react';
import { useAppSelector } from './hooks';

/** Renders the one app-wide modal that is open; each modal is its own lazily loaded chunk. */
export function ModalRoot() {
  const modal = useAppSelector((s) => s.shell.modal);
  if (!modal) return null;
  // Each modal registers here as its feature lands.
  const content = null;
  return <Suspense fallback={null}>{content}</Suspense>;
}
