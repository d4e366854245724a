import { useSyncExternalStore } from 'react';

/**
 * Whether the screens show data kept on this device because the server could not be reached, and
 * from when: set by the API client when it answers a read from what it kept, cleared by the next
 * answer that came from the server.
 */
let since: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const offlineStatus = {
  showingSaved(at: string): void {
    // The oldest data on screen is what the banner must own up to.
    if (since !== null && since <= at) return;
    since = at;
    emit();
  },
  reachedServer(): void {
    if (since === null) return;
    since = null;
    emit();
  },
  get: () => since,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The time of the oldest kept data on screen, or null when everything came from the server. */
export function useSavedDataSince(): string | null {
  return useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.get);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's own idea of the connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
