import type { OperationKind } from '@common/ledger';

/** One small line icon per kind, so the switcher and the feed are readable at a glance. */
const PATHS: Record<OperationKind, string> = {
  // a receipt with an equals sign
  even_purchase: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 10h6M9 14h6',
  // a pie in parts
  split_purchase: 'M12 3a9 9 0 1 0 9 9h-9zM15 3.5A9 9 0 0 1 20.5 9H15z',
  // a bag
  i_purchased_them: 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2',
  // an arrow out of a hand
  i_lent_them: 'M4 14h5l3 3h6M12 11V3M8.5 6.5 12 3l3.5 3.5',
  // an arrow into a hand
  they_lent_me: 'M4 14h5l3 3h6M12 3v8M8.5 7.5 12 11l3.5-3.5',
  // a coin with a plus
  deposit: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 8v8M8 12h8',
  // a circular arrow
  payback: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4',
  // a speech bubble
  comment: 'M4 5h16v11H9l-5 4z',
};

export function KindIcon({ kind, size = 20 }: { kind: OperationKind; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[kind]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
