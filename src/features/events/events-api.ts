import type { CreateEventBody, Event, UpdateEventBody } from '@common/contract/events';
import { api, clientError, request } from '@/lib/api-client';

/** How amounts of the open event are shown (DESIGN §3). */
export type DisplayMode =
  /** In the event currency, as stored. */
  | { kind: 'event' }
  /** Every operation as it was entered, without conversion (GET /event/{id}/original/). */
  | { kind: 'original' }
  /** Converted into another currency at the latest rate: approximate, never stored. */
  | { kind: 'currency'; currency: string };

export const EVENT_DISPLAY: DisplayMode = { kind: 'event' };

/**
 * How an event is shown: the mode chosen for it in its header, else the display currency the user
 * picked in the rates window (the currencies feature keeps it), else its own currency.
 */
export function effectiveDisplay(own: DisplayMode | undefined, displayCurrency: string | null | undefined): DisplayMode {
  if (own) return own;
  return displayCurrency ? { kind: 'currency', currency: displayCurrency } : EVENT_DISPLAY;
}

/** The query the ledger calls take for a display mode: `?currency=` only when converting. */
export function displayParams(mode: DisplayMode): { currency?: string } {
  return mode.kind === 'currency' ? { currency: mode.currency } : {};
}

export const eventsApi = {
  /** An answer that is not a list is 'empty events' (§8). */
  list: async (params: { deleted?: boolean; currency?: string } = {}, signal?: AbortSignal) => {
    const events = await api.get<Event[]>(
      '/event/',
      { ...(params.deleted ? { deleted: '1' } : {}), ...(params.currency ? { currency: params.currency } : {}) },
      signal,
    );
    if (!Array.isArray(events)) throw clientError('empty_events');
    return events;
  },
  /** §7: an event answer must have an id ('bad response'); no id to ask for is 'id not specified' (§8). */
  get: async (id: number, mode: DisplayMode, signal?: AbortSignal) => {
    if (!id) throw clientError('id_not_specified');
    const event =
      mode.kind === 'original'
        ? await api.get<Event>(`/event/${id}/original/`, undefined, signal)
        : await api.get<Event>(`/event/${id}/`, displayParams(mode), signal);
    if (typeof event !== 'object' || typeof (event as Partial<Event>).id !== 'number') throw clientError('bad_response');
    return event;
  },
  create: (body: CreateEventBody) => api.post<Event>('/event/', body),
  update: (id: number, body: UpdateEventBody) => api.put<Event>(`/event/${id}/`, body),
  /** Answered 204, with no body. */
  leave: (id: number) => request<void>('POST', `/event/${id}/leave/`, { allowEmpty: true }),
};
