import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { Event } from '@common/contract/events';
import type { ApiError } from '@/lib/api-client';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { displayParams, effectiveDisplay, EVENT_DISPLAY, type DisplayMode } from './events-api';
import { fetchEvent, type LoadStatus } from './events-slice';

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

/** The open event of the events frame, for the frame itself and the tab pages in its outlet. */
export function useCurrentEvent(): CurrentEvent {
  const dispatch = useAppDispatch();
  const id = parseEventId(useParams().id);
  const state = useAppSelector((s) => s.events);
  const displayCurrency = useAppSelector((s) => s.currencies.display);
  const own = id !== null ? state.display[id] : undefined;
  const display = useMemo(() => (id !== null ? effectiveDisplay(own, displayCurrency) : EVENT_DISPLAY), [id, own, displayCurrency]);
  const event = id !== null && state.current?.id === id ? state.current : null;
  const matches = id !== null && state.currentId === id;
  const reload = useCallback(() => {
    if (id !== null) void dispatch(fetchEvent(id));
  }, [dispatch, id]);
  const params = useMemo(() => displayParams(display), [display]);
  return {
    id,
    event,
    status: matches ? state.currentStatus : id === null ? 'idle' : 'loading',
    error: matches ? state.currentError : null,
    display,
    original: display.kind === 'original',
    currency: event?.currency ?? null,
    approximate: event?.approximate ?? false,
    displayParams: params,
    isOwner: event?.isUserOwner ?? false,
    reload,
  };
}
