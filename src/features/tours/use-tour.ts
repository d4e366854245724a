import { useCallback, useEffect, useRef } from 'react';
import type { TourId } from './tour-definitions';
import { startTour, useToursState } from './tours-store';
import { useToursAvailable } from './use-wide-screen';

export interface TourHandle {
  /** The window is wide enough for tours (at least 1025 px). */
  available: boolean;
  /** Finished or skipped on this device. */
  done: boolean;
  running: boolean;
  /** Runs the tour now, done or not (a '?' button); false when the screen is too narrow or another tour runs. */
  start: () => boolean;
}

export function useTour(id: TourId): TourHandle {
  const { done, active } = useToursState();
  const available = useToursAvailable();
  const start = useCallback(() => available && startTour(id), [available, id]);
  return { available, done: done.has(id), running: active === id, start };
}

/**
 * Starts a tour that is not done yet when its screen is ready (`when`) on a wide enough window.
 * A screen calls this with `when` true once the elements the tour points at are rendered, e.g.
 * `useAutoStartTour('createEvent', formOpen)`. It tries once per mount, so a tour that found
 * nothing to show or was interrupted does not start over and over; once the tour is done and
 * its flag is cleared again (FAQ page), it may start again. Only one tour starts by itself per
 * visit (see startTour).
 */
export function useAutoStartTour(id: TourId, when = true): void {
  const { done, active } = useToursState();
  const available = useToursAvailable();
  const isDone = done.has(id);
  const tried = useRef(false);
  useEffect(() => {
    if (isDone) tried.current = false;
    else if (when && available && active === null && !tried.current) tried.current = startTour(id, { auto: true });
  }, [when, available, isDone, active, id]);
}
