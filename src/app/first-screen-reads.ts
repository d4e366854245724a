import { readEarly } from '@/lib/api-client';

/**
 * Begins the reads the events screen makes when a returning user opens the app at `pathname`, so
 * that they travel while the app starts and the user's profile loads (src/lib/early-reads.ts).
 * Each is the call the screen makes itself (EventsPage, TransactionsPage), in the display currency
 * the rates window keeps; first-screen-reads.test.tsx holds them to it.
 */
export function beginFirstScreenReads(pathname: string, search: string, displayCurrency: string | null): void {
  // The events screen, or / which leads to it; a tail that is not an event's number is the 404 page.
  const events = /^\/events(?:\/(\d+)(\/.*)?)?\/?$/.exec(pathname);
  if (pathname !== '/' && !events) return;
  const inCurrency = displayCurrency ? { currency: displayCurrency } : {};
  readEarly('/event/', inCurrency);
  if (!events?.[1]) return;
  const id = Number(events[1]);
  readEarly(`/event/${id}/`, inCurrency);
  // The feed's first page, on its tab, unless the address narrows it with a filter.
  const onFeed = /^(\/|\/transactions(\/\d+)?\/?)?$/.test(events[2] ?? '');
  if (onFeed && search === '') readEarly('/operation/', { event: id, page: 1, ...inCurrency });
}
