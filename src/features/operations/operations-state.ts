/** The operations slice's state: each screen's data keyed by what it shows (event, display currency, filter). */
import type { Operation } from '@common/contract/operations';
import type { ApiError } from '@/lib/api-client';
import type { PendingOperation } from './offline/pending-store';
import type { FeedFilter } from './operations-api';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

/** Which data a screen shows: one event in one display currency (undefined: the event's own). */
export interface FeedKey {
  eventId: number;
  currency?: string;
  /** A search or filter of the transactions tab; absent for the whole feed. */
  filter?: FeedFilter;
}

/** The filter's non-empty parts, in a fixed order, as a query string ('' for none). */
export function filterText(filter: FeedFilter | undefined): string {
  if (!filter) return '';
  const parts: [string, string][] = [];
  for (const name of ['q', 'person', 'kind', 'from', 'to'] as const) {
    const value = filter[name];
    if (value !== undefined && value !== '') parts.push([name, String(value)]);
  }
  return new URLSearchParams(parts).toString();
}

export function keyOf(key: FeedKey): string {
  const filter = filterText(key.filter);
  return `${key.eventId}|${key.currency ?? ''}${filter ? `|${filter}` : ''}`;
}

export interface FeedState {
  key: string | null;
  eventId: number | null;
  /** Operation ids newest first, as the server pages them; each id once. */
  ids: number[];
  byId: Record<number, Operation>;
  loadedPages: number;
  pages: number;
  /** Rows the server lists, deleted ones included: what paging counts. */
  count: number;
  /** Of those, the live ones: what the screen tells the user. */
  live: number;
  status: LoadStatus;
  error: ApiError | null;
  moreStatus: LoadStatus;
  moreError: ApiError | null;
  requestId: string | null;
  /** What the feed is narrowed to, for the next pages; null for the whole feed. */
  filter: FeedFilter | null;
}

export interface OperationsState {
  feed: FeedState;
  /** Operations entered offline and not yet recorded, oldest first (offline/pending-thunks.ts). */
  pending: PendingOperation[];
}

export const emptyFeed = (): FeedState => ({
  key: null,
  eventId: null,
  ids: [],
  byId: {},
  loadedPages: 0,
  pages: 0,
  count: 0,
  live: 0,
  status: 'idle',
  error: null,
  moreStatus: 'idle',
  moreError: null,
  requestId: null,
  filter: null,
});

export const initialState = (): OperationsState => ({
  feed: emptyFeed(),
  pending: [],
});

/** The display currency a feed key asks for, undefined for the event's own. */
export function feedCurrency(key: string | null): string | undefined {
  return key?.split('|')[1] || undefined;
}
