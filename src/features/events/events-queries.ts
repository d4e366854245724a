/** The open event through the server cache (app/server-api.ts), in its display mode. */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Event } from '@common/contract/events';
import { serverApi } from '@/app/server-api';
import { toApiError } from '@/lib/api-client';
import { eventsApi, type DisplayMode } from './events-api';

/** An event read in one display mode: each mode is its own cached answer. */
export interface EventRead {
  id: number;
  mode: DisplayMode;
}

/**
 * Tagged `Event` by id, not `Ledger`: a write of operations reads the events it touched again
 * (eventsChanged), and a change of the event itself puts its own answer in place, so that no write
 * reads the open event twice.
 */
export const eventsQueries = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /event/{id}/ (`?currency=`) or /event/{id}/original/, checked as eventsApi.get checks it. */
    event: build.query<Event, EventRead>({
      queryFn: async ({ id, mode }, { signal }) => {
        try {
          return { data: await eventsApi.get(id, mode, signal) };
        } catch (err) {
          return { error: toApiError(err) };
        }
      },
      providesTags: (_answer, _error, { id }) => [{ type: 'Event', id }],
    }),
  }),
});

export const { useEventQuery } = eventsQueries;

type CacheState = Parameters<typeof eventsQueries.util.selectCachedArgsForQuery>[0];

/** The server cache's answers, as kept in the store (`state.server.queries`). */
export type CachedAnswers = CacheState['server']['queries'];

/** Every mode the event is cached in. */
export function cachedReadsOf(state: unknown, id: number): EventRead[] {
  return eventsQueries.util.selectCachedArgsForQuery(state as CacheState, 'event').filter((read) => read.id === id);
}

const sameMode = (a: DisplayMode, b: DisplayMode) => a.kind === b.kind && (a.kind !== 'currency' || (b.kind === 'currency' && a.currency === b.currency));

/**
 * The event as the screen shows it: its answer in `read.mode`, or while that is still on its way,
 * the latest answer in another mode (as a new mode is chosen, the old figures stay until the new
 * ones come). It reads the answers as kept, so that a selector over them stays memoized.
 */
export function shownEvent(answers: CachedAnswers | undefined, read: EventRead): Event | null {
  let latest: { event: Event; at: number } | null = null;
  for (const answer of Object.values(answers ?? {})) {
    if (answer?.endpointName !== 'event' || answer.data === undefined) continue;
    const other = answer.originalArgs as EventRead;
    if (other.id !== read.id) continue;
    const event = answer.data as Event;
    if (sameMode(other.mode, read.mode)) return event;
    const at = answer.fulfilledTimeStamp ?? 0;
    if (latest === null || at > latest.at) latest = { event, at };
  }
  return latest?.event ?? null;
}

/** Changes the event's cached answer in every mode it is kept in (a count, a name). */
export function patchEveryMode(id: number, recipe: (event: Event) => void): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch, getState) => {
    for (const read of cachedReadsOf(getState(), id)) {
      eventsQueries.util.updateQueryData('event', read, recipe)(dispatch as never, getState as () => CacheState, undefined);
    }
  };
}
