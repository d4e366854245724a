/** The operations slice's state: each screen's data keyed by what it shows (event, display currency, filter). */
import type { ExpensesResponse, Operation } from '@common/contract/operations';
import type { ApiError } from '@/lib/api-client';
import type { PendingOperation } from './offline/pending-store';
import type { FeedFilter } from './operations-api';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

/** Specification §4: the expense list swaps to newly arrived data this long after it arrives. */
export const EXPENSES_SWAP_DELAY_MS = 900;

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

export interface ExpensesState {
  key: string | null;
  /** What the screen shows; new data replaces it EXPENSES_SWAP_DELAY_MS after it arrives. */
  data: ExpensesResponse | null;
  status: LoadStatus;
  error: ApiError | null;
  requestId: string | null;
  /** An operation changed since `data` was read: read again when the screen is shown. */
  stale: boolean;
}

export interface OperationsState {
  feed: FeedState;
  expenses: ExpensesState;
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
  expenses: { key: null, data: null, status: 'idle', error: null, requestId: null, stale: false },
  pending: [],
});

export interface ExpensesKey extends FeedKey {
  /** My event family's figures instead of mine alone. */
  family?: boolean;
}

export function expensesKeyOf(key: ExpensesKey): string {
  return `${keyOf(key)}${key.family ? '|family' : ''}`;
}

/** The display currency a feed key asks for, undefined for the event's own. */
export function feedCurrency(key: string | null): string | undefined {
  return key?.split('|')[1] || undefined;
}
