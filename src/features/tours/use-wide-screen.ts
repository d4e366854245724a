import { useSyncExternalStore } from 'react';

/** Specification §9: tours only run at a width of at least 1025 px. */
export const TOURS_MEDIA_QUERY = '(min-width: 1025px)';

function query(): MediaQueryList | null {
  // Without matchMedia (old browsers, jsdom) nobody can tell the width, so no tour is offered.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(TOURS_MEDIA_QUERY) : null;
}

function subscribe(listener: () => void): () => void {
  const list = query();
  if (!list) return () => {};
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

export function isWideEnoughForTours(): boolean {
  return query()?.matches ?? false;
}

/** True while the window is wide enough for a tour; follows resizes. */
export function useToursAvailable(): boolean {
  return useSyncExternalStore(subscribe, isWideEnoughForTours, () => false);
}
