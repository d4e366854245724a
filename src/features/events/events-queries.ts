/**
 * The events feature's reads through the server cache (app/server-api.ts): the events list, the
 * deleted events, and the open event in its display mode; and the patches that writes make to
 * what is cached, so that a write needs no read of its own.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Event } from '@common/contract/events';
import { cacheAnswer, serverApi } from '@/app/server-api';
import { eventsApi, type DisplayMode } from './events-api';

/** An event read in one display mode: each mode is its own cached answer. */
export interface EventRead {
  id: number;
  mode: DisplayMode;
}

/** The events list, in the display currency, or with each event in its own (null). */
export interface ListRead {
  currency: string | null;
}

/**
 * Tagged `Event` by id and `EventList`, not `Ledger`: a write of operations reads the events it
 * touched again (eventsChanged), and a change of an event puts its own answer in place, so that no
 * write reads an event twice.
 */
export const eventsQueries = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /event/ (`?currency=`), checked as eventsApi.list checks it. */
    eventsList: build.query<Event[], ListRead>({
      queryFn: ({ currency }, { signal }) => cacheAnswer(() => eventsApi.list({ currency: currency ?? undefined }, signal)),
      providesTags: ['EventList'],
    }),
    /** GET /event/?deleted=1: the caller's deleted events, to restore them. */
    deletedEvents: build.query<Event[], void>({
      queryFn: (_none, { signal }) => cacheAnswer(() => eventsApi.list({ deleted: true }, signal)),
    }),
    /** GET /event/{id}/ (`?currency=`) or /event/{id}/original/, checked as eventsApi.get checks it. */
    event: build.query<Event, EventRead>({
      queryFn: ({ id, mode }, { signal }) => cacheAnswer(() => eventsApi.get(id, mode, signal)),
      providesTags: (_answer, _error, { id }) => [{ type: 'Event', id }],
      // The list's row of the event shows the same figures, when they are in the list's currency.
      onQueryStarted: async (_read, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(patchLists((list) => mergeInto(list, data)));
        } catch {
          // The screen shows the failure.
        }
      },
    }),
  }),
});

export const { useEventQuery, useEventsListQuery, useDeletedEventsQuery } = eventsQueries;

type CacheState = Parameters<typeof eventsQueries.util.selectCachedArgsForQuery>[0];
type CacheThunk = ThunkAction<void, CacheState, unknown, UnknownAction>;

/** The server cache's answers, as kept in the store (`state.server.queries`). */
export type CachedAnswers = CacheState['server']['queries'];

const sameMode = (a: DisplayMode, b: DisplayMode) => a.kind === b.kind && (a.kind !== 'currency' || (b.kind === 'currency' && a.currency === b.currency));

/**
 * The event as the screen shows it: its answer in `read.mode`, or while that is still on its way,
 * the latest answer in another mode (as a new mode is chosen, the old figures stay until the new
 * ones come). It reads the answers as kept, so that a selector over them stays memoized.
 */
export function shownEvent(answers: CachedAnswers | undefined, read: EventRead): Event | null {
  let latest: { event: Event; at: number } | null = null;
  for (const cached of Object.values(answers ?? {})) {
    if (cached?.endpointName !== 'event' || cached.data === undefined) continue;
    const other = cached.originalArgs as EventRead;
    if (other.id !== read.id) continue;
    const event = cached.data as Event;
    if (sameMode(other.mode, read.mode)) return event;
    const at = cached.fulfilledTimeStamp ?? 0;
    if (latest === null || at > latest.at) latest = { event, at };
  }
  return latest?.event ?? null;
}

/** The list as read in `currency`, once it has arrived. */
export function shownList(answers: CachedAnswers | undefined, currency: string | null): Event[] | undefined {
  for (const cached of Object.values(answers ?? {})) {
    if (cached?.endpointName === 'eventsList' && (cached.originalArgs as ListRead | undefined)?.currency === currency)
      return cached.data as Event[] | undefined;
  }
  return undefined;
}

/** Changes the event's cached answer in every mode it is kept in (a count, a name). */
export function patchEveryMode(id: number, recipe: (event: Event) => void): CacheThunk {
  return (dispatch, getState) => {
    for (const read of eventsQueries.util.selectCachedArgsForQuery(getState(), 'event')) {
      if (read.id === id) dispatch(eventsQueries.util.updateQueryData('event', read, recipe));
    }
  };
}

/** Changes the events list in every currency it is kept in: in place, or by answering the new list. */
export function patchLists(recipe: (list: Event[]) => void | Event[]): CacheThunk {
  return (dispatch, getState) => {
    for (const read of eventsQueries.util.selectCachedArgsForQuery(getState(), 'eventsList')) {
      dispatch(eventsQueries.util.updateQueryData('eventsList', read, recipe));
    }
  };
}

/** Changes the deleted events, if they have been read: in place, or by answering the new list. */
export function patchDeleted(recipe: (list: Event[]) => void | Event[]): CacheThunk {
  return (dispatch) => {
    dispatch(eventsQueries.util.updateQueryData('deletedEvents', undefined, recipe));
  };
}

/**
 * A row keeps the list's currency (the display currency, or each event's own): the open event in
 * another currency must not leak into it, except a stored answer over a stored row (a new event
 * currency).
 */
function mergeInto(list: Event[], event: Event): void {
  const i = list.findIndex((e) => e.id === event.id);
  const row = list[i];
  if (!row) return;
  const stored = (e: Event) => e.currency === e.eventCurrency && !e.approximate;
  if (event.currency !== row.currency && !(stored(event) && stored(row))) return;
  list[i] = event;
}

/** Newest activity first, as the server orders the list. */
export function byLastActivity(a: Event, b: Event): number {
  return b.last_activity.localeCompare(a.last_activity) || b.id - a.id;
}
