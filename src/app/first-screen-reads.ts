import { readEarly } from '@/lib/api-client';
import { utcOffsetMinutes } from '@/lib/utc-offset';

/**
 * Begins the reads the screen at `pathname` makes when a returning user opens the app there, so
 * that they travel while the app starts and the user's profile loads (src/lib/early-reads.ts).
 * Each is the call the screen makes itself, in the display currency the rates window keeps:
 * EventsPage, TransactionsPage, MySharePage, DebtsPage, PeopleList and PersonView.
 * first-screen-reads.test.tsx holds them to it.
 */
export function beginFirstScreenReads(pathname: string, search: string, displayCurrency: string | null): void {
  const inCurrency = displayCurrency ? { currency: displayCurrency } : {};
  // A number the screen would take for a person (PeoplePage's parseUid allows up to 2^31 - 1).
  const people = /^\/people(?:\/([1-9]\d{0,8}))?\/?$/.exec(pathname);
  if (people) {
    readEarly('/event/people/', { page: 1, ...inCurrency });
    if (people[1]) readEarly(`/event/people/${Number(people[1])}/`, inCurrency);
    return;
  }
  // The events screen, or / which leads to it; a tail that is not an event's number is the 404 page.
  const events = /^\/events(?:\/(\d+)(\/.*)?)?\/?$/.exec(pathname);
  if (pathname !== '/' && !events) return;
  readEarly('/event/', inCurrency);
  if (!events?.[1]) return;
  const id = Number(events[1]);
  readEarly(`/event/${id}/`, inCurrency);
  const tab = events[2]?.replace(/\/$/, '') ?? '';
  // The feed's first page, on its tab, unless the address narrows it with a filter.
  if (/^(\/transactions(\/\d+)?)?$/.test(tab)) {
    if (search === '') readEarly('/operation/', { event: id, page: 1, ...inCurrency });
  } else if (tab === '/my-share') {
    // The summary for me alone: the whole-family toggle starts off.
    readEarly('/operation/expenses/', { event: id, utc_offset: utcOffsetMinutes(), ...inCurrency, summary: 'true' });
  } else if (tab === '/debts') {
    readEarly(`/event/${id}/payout/`, inCurrency);
  }
}
