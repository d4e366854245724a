import { useCallback, useSyncExternalStore } from 'react';

/** Specification §2's phone layout: at most 769.5 px wide, as the stylesheets' phone media queries. */
export const PHONE_LAYOUT = '(max-width: 769.5px)';

function listOf(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether the media query matches now; null where nobody can tell (old browsers, jsdom). */
export function mediaMatches(query: string): boolean | null {
  return listOf(query)?.matches ?? null;
}

/**
 * Whether the media query matches, following resizes and rotations. `unknown` is the answer where
 * the browser cannot tell (no matchMedia) and while rendering outside one.
 */
export function useMediaQuery(query: string, unknown: boolean): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = listOf(query);
      if (!list) return () => {};
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  const matches = useCallback(() => mediaMatches(query) ?? unknown, [query, unknown]);
  return useSyncExternalStore(subscribe, matches, () => unknown);
}
