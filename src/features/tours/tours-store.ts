import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { isTourId, type TourId } from './tour-definitions';

/**
 * The tours' state outside Redux: which tours are done (local storage, so it outlives a reload
 * and a logout, like the language) and which one is running (this page only). The app store is
 * not touched because the flags belong to the device, not to the signed-in account.
 */
export interface ToursSnapshot {
  done: ReadonlySet<TourId>;
  active: TourId | null;
}

const listeners = new Set<() => void>();
let active: TourId | null = null;
let cached: { raw: string | null; active: TourId | null; snapshot: ToursSnapshot } | null = null;

function parseDone(raw: string | null): Set<TourId> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter(isTourId) : []);
  } catch {
    return new Set();
  }
}

/** Storage is read on every call so that a flag cleared elsewhere (another tab, a test) is seen. */
export function getToursSnapshot(): ToursSnapshot {
  const raw = storage.get(STORAGE_KEYS.toursDone);
  if (!cached || cached.raw !== raw || cached.active !== active) {
    cached = { raw, active, snapshot: { done: parseDone(raw), active } };
  }
  return cached.snapshot;
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === null || event.key === STORAGE_KEYS.toursDone) emit();
}

export function subscribeTours(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useToursState(): ToursSnapshot {
  return useSyncExternalStore(subscribeTours, getToursSnapshot, getToursSnapshot);
}

export function isTourDone(id: TourId): boolean {
  return getToursSnapshot().done.has(id);
}

/**
 * Tours that start by themselves: one per visit (the tab's session). Three in a newcomer's first
 * minute (events, then the create form, then the event's people) were more lecture than help; the
 * others wait for a later visit, and any can be started by hand at any time.
 */
const AUTO_STARTED_KEY = 'tour_auto_started';

function autoStartedThisVisit(): string | null {
  try {
    return sessionStorage.getItem(AUTO_STARTED_KEY);
  } catch {
    return null;
  }
}

function setAutoStarted(id: TourId | null): void {
  try {
    if (id) sessionStorage.setItem(AUTO_STARTED_KEY, id);
    else sessionStorage.removeItem(AUTO_STARTED_KEY);
  } catch {
    // storage unavailable: tours may then start once per screen, as before
  }
}

/**
 * Asks for a tour to run. One tour runs at a time: while another is running the call is refused
 * (false). With `auto` (a screen starting its own tour), it is also refused once another tour
 * started by itself during this visit. Whether it shows also depends on the screen width, which
 * the host checks.
 */
export function startTour(id: TourId, { auto = false }: { auto?: boolean } = {}): boolean {
  if (active !== null && active !== id) return false;
  if (auto) {
    const earlier = autoStartedThisVisit();
    if (earlier !== null && earlier !== id) return false;
    setAutoStarted(id);
  }
  active = id;
  emit();
  return true;
}

/** A tour that found none of its elements showed nothing, so it does not use up the visit's tour. */
export function forgetAutoStart(id: TourId): void {
  if (autoStartedThisVisit() === id) setAutoStarted(null);
}

/** Ends the running tour without marking it done (it was interrupted, not seen). */
export function stopTour(id?: TourId): void {
  if (active === null || (id && active !== id)) return;
  active = null;
  emit();
}

/** Finish and Skip both mark a tour done: the user has seen it and does not want it again. */
export function markTourDone(id: TourId): void {
  const done = new Set(getToursSnapshot().done);
  done.add(id);
  storage.set(STORAGE_KEYS.toursDone, JSON.stringify([...done]));
  if (active === id) active = null;
  emit();
}

/** Clears every finished flag (FAQ page): the main tour then starts again on /events. */
export function resetTours(): void {
  storage.remove(STORAGE_KEYS.toursDone);
  setAutoStarted(null);
  emit();
}

/** The running tour is page state; tests start each case without one. */
export function resetTourSessionForTests(): void {
  active = null;
  cached = null;
  emit();
}
