import type { ReactNode } from 'react';
import { useListShown } from './master-detail';

/**
 * The title of the item open in a master-detail frame: a second-level heading under the list's
 * own, and the page's main heading on a phone, where the list and its heading are hidden while an
 * item is open (a page without a first-level heading leaves screen-reader users no start).
 */
export function DetailTitle({ className, children }: { className?: string; children: ReactNode }) {
  const Heading = useListShown(true) ? 'h2' : 'h1';
  return <Heading className={className}>{children}</Heading>;
}

/** A section's heading inside the open item: one level under DetailTitle, whichever level that is. */
export function DetailSubtitle({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  const Heading = useListShown(true) ? 'h3' : 'h2';
  return (
    <Heading id={id} className={className}>
      {children}
    </Heading>
  );
}
