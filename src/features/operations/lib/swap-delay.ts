import { useEffect, useState } from 'react';

/** Specification §4: figures on screen are replaced by new ones this long after those arrive. */
export const SWAP_DELAY_MS = 900;

/**
 * What to show of `latest`: new figures replace those on screen `delayMs` after they arrive, which
 * softens the swap; the first ones, replacing nothing, show at once, and none (another key asked
 * for) clears the screen at once.
 */
export function useSwapDelay<T>(latest: T | undefined, delayMs = SWAP_DELAY_MS): T | undefined {
  const [shown, setShown] = useState(latest);
  useEffect(() => {
    if (latest === shown) return;
    if (latest === undefined || shown === undefined) {
      setShown(latest);
      return;
    }
    const timer = setTimeout(() => setShown(latest), delayMs);
    return () => clearTimeout(timer);
  }, [latest, shown, delayMs]);
  return latest === undefined ? undefined : (shown ?? latest);
}
