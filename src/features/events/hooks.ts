import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { cacheError } from '@/app/server-api';
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Event } from '@common/contract/events';
import type { ApiError } from '@/lib/api-client';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { displayParams, effectiveDisplay, EVENT_DISPLAY, type DisplayMode } from './events-api';
import { eventsQueries, shownEvent, useEventQuery, useEventsListQuery } from './events-queries';
import { eventOpened, fetchEvent, fetchEvents, LIST_SUCCESS_DELAY_MS, type LoadStatus } from './events-slice';
import { NO_EVENTS } from './selectors';

/** An event id from the route: numeric (specification §2), else null. */
export function parseEventId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export interface CurrentEvent {
  /** The id in the route (/events/:id/...), or null. */
  id: number | null;
  /** The open event once loaded (only ever the one the route names). */
  event: Event | null;
  status: LoadStatus;
  error: ApiError | null;
  display: DisplayMode;
  /** Amounts as entered, without conversion (GET …/original/). */
  original: boolean;
  /** The currency the event's amounts are shown in. */
  currency: string | null;
  /** Amounts were converted at the latest rate for display: mark them approximate. */
  approximate: boolean;
  /** The query to pass to calls that take `?currency=` (operations, expenses, payout). */
  displayParams: { currency?: string };
  isOwner: boolean;
  /** Reads the event again (balances after an operation). */
  reload: () => void;
}

/** A subscription whose holder never re-renders for the answer: the screens read it themselves. */
const NOTHING = {};
const SUBSCRIBE_ONLY = { selectFromResult: () => NOTHING };

/**
 * The events frame's subscription to the events list: read on every visit (unread counts,
 * balances moved by others) and again in a new display currency. Rows already loaded stay on
 * screen meanwhile.
 */
export function useEventsList(): void {
  const currency = useAppSelector((s) => s.currencies.display);
  useEventsListQuery({ currency }, SUBSCRIBE_ONLY);
}

export interface ListedEvents {
  list: Event[];
  /** Whether any list answer has arrived: an empty list is then "no events", not "still loading". */
  loaded: boolean;
  status: LoadStatus;
  error: ApiError | null;
  retry: () => void;
}

/** The events list as the frame reads it, with specification §4's status: 'success' 500 ms after the data shows. */
export function useListedEvents(): ListedEvents {
  const dispatch = useAppDispatch();
  const currency = useAppSelector((s) => s.currencies.display);
  const read = eventsQueries.endpoints.eventsList.useQueryState({ currency });
  const arrived = read.isSuccess && !read.isFetching;
  const at = read.fulfilledTimeStamp;
  const [settledAt, setSettledAt] = useState<number | undefined>();
  useEffect(() => {
    if (!arrived) return;
    const timer = setTimeout(() => setSettledAt(at), LIST_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [arrived, at]);
  const retry = useCallback(() => void dispatch(fetchEvents()), [dispatch]);
  let status: LoadStatus = 'idle';
  if (read.isFetching) status = 'loading';
  else if (read.isError) status = 'error';
  else if (arrived) status = settledAt === at ? 'success' : 'loading';
  return { list: read.data ?? NO_EVENTS, loaded: read.data !== undefined, status, error: read.isError ? cacheError(read.error) : null, retry };
}

/**
 * The events frame's subscription to the event its route opens, in its display mode: read on
 * every visit and again in a newly chosen mode. Only the frame subscribes; its tab pages read
 * what it holds (useCurrentEvent), so opening a tab asks for no event.
 */
export function useOpenEvent(id: number | null): void {
  const dispatch = useAppDispatch();
  const display = useDisplayMode(id);
  // Before the screen paints: the panel and the forms read the open event by this id, and must not
  // show the previous event's people beside a newly opened one that the cache already holds.
  useLayoutEffect(() => {
    dispatch(eventOpened(id));
  }, [dispatch, id]);
  useEventQuery(id !== null ? { id, mode: display } : skipToken, SUBSCRIBE_ONLY);
}

function useDisplayMode(id: number | null): DisplayMode {
  const own = useAppSelector((s) => (id !== null ? s.events.display[id] : undefined));
  const displayCurrency = useAppSelector((s) => s.currencies.display);
  return useMemo(() => (id !== null ? effectiveDisplay(own, displayCurrency) : EVENT_DISPLAY), [id, own, displayCurrency]);
}

/** The open event of the events frame, for the frame itself and the tab pages in its outlet. */
export function useCurrentEvent(): CurrentEvent {
  const dispatch = useAppDispatch();
  const id = parseEventId(useParams().id);
  const display = useDisplayMode(id);
  const read = useMemo(() => (id !== null ? { id, mode: display } : null), [id, display]);
  const event = useAppSelector((s) => (read ? shownEvent(s.server.queries, read) : null));
  const selectAnswer = useMemo(() => (read ? eventsQueries.endpoints.event.select(read) : null), [read]);
  const answer = useAppSelector((s) => selectAnswer?.(s) ?? null);
  const reload = useCallback(() => {
    if (id !== null) void dispatch(fetchEvent(id));
  }, [dispatch, id]);
  const params = useMemo(() => displayParams(display), [display]);
  const failed = answer?.isError === true;
  return {
    id,
    event,
    status: id === null ? 'idle' : failed ? 'error' : event ? 'success' : 'loading',
    error: failed ? cacheError(answer.error) : null,
    display,
    original: display.kind === 'original',
    currency: event?.currency ?? null,
    approximate: event?.approximate ?? false,
    displayParams: params,
    isOwner: event?.isUserOwner ?? false,
    reload,
  };
}
