import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PayoutResponse } from '@common/contract/events';
import type { CreateOperationBody, ExpensesResponse, Operation, OperationListResponse } from '@common/contract/operations';
import { isAborted, toApiError, type ApiError } from '@/lib/api-client';
import { loggedOut } from '@/features/auth';
import type { PendingOperation } from './offline/pending-store';
import { eventSeen, eventsChanged, type EventsState } from '@/features/events';
import {
  type FeedFilter,
  deleteOperationCall,
  fetchExpensesCall,
  fetchOperationPage,
  fetchPayoutCall,
  markSeenCall,
  moveOperationCall,
  postOperation,
  restoreOperationCall,
} from './operations-api';

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

export interface PayoutState {
  key: string | null;
  data: PayoutResponse | null;
  status: LoadStatus;
  error: ApiError | null;
  requestId: string | null;
  stale: boolean;
}

export interface OperationsState {
  feed: FeedState;
  expenses: ExpensesState;
  payout: PayoutState;
  /** Operations entered offline and not yet recorded, oldest first (offline/pending-thunks.ts). */
  pending: PendingOperation[];
}

const emptyFeed = (): FeedState => ({
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

const initialState = (): OperationsState => ({
  feed: emptyFeed(),
  expenses: { key: null, data: null, status: 'idle', error: null, requestId: null, stale: false },
  payout: { key: null, data: null, status: 'idle', error: null, requestId: null, stale: false },
  pending: [],
});

type ThunkConfig = { state: { operations: OperationsState }; rejectValue: ApiError };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first page of an event's feed; switching event or display currency starts a new feed. */
export const loadFeed = createAsyncThunk<OperationListResponse, FeedKey, ThunkConfig>(
  'operations/loadFeed',
  async ({ eventId, currency, filter }, { rejectWithValue, signal }) => {
    try {
      return await fetchOperationPage(eventId, 1, currency, signal, filter);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/** The next page (20 operations) of the open feed, when the end of the list scrolls into view. */
export const loadMore = createAsyncThunk<OperationListResponse, void, ThunkConfig & { state: { operations: OperationsState } }>(
  'operations/loadMore',
  async (_, { getState, rejectWithValue, signal }) => {
    const { feed } = getState().operations;
    const currency = feedCurrency(feed.key);
    try {
      return await fetchOperationPage(feed.eventId as number, feed.loadedPages + 1, currency, signal, feed.filter ?? undefined);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
  {
    condition: (_, { getState }) => {
      const { feed } = getState().operations;
      return feed.eventId !== null && feed.status === 'success' && feed.moreStatus !== 'loading' && feed.loadedPages < feed.pages;
    },
  },
);

/** Balances, the events list and the tabs' summaries are the server's again after any change. */
export function refreshAfterChange(dispatch: (action: unknown) => unknown, eventIds: readonly number[]): void {
  void dispatch(eventsChanged(eventIds));
}

export interface CreateArgs {
  body: CreateOperationBody;
  /** The same key for every retry of one submission (see postOperation). */
  idempotencyKey: string;
}

export const createOperation = createAsyncThunk<Operation, CreateArgs, ThunkConfig>(
  'operations/create',
  async ({ body, idempotencyKey }, { dispatch, getState, rejectWithValue }) => {
    try {
      // §7: the answer comes in the display currency of the feed it will join, so it fits in.
      const feed = (getState() as Partial<{ operations: OperationsState }>).operations?.feed;
      const op = await postOperation(body, idempotencyKey, feed?.eventId === body.event_id ? feedCurrency(feed.key) : undefined);
      refreshAfterChange(dispatch, [op.event_id]);
      return op;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const deleteOperation = createAsyncThunk<Operation, number, ThunkConfig>('operations/delete', async (id, { dispatch, rejectWithValue }) => {
  try {
    const op = await deleteOperationCall(id);
    refreshAfterChange(dispatch, [op.event_id]);
    return op;
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

export const restoreOperation = createAsyncThunk<Operation, number, ThunkConfig>('operations/restore', async (id, { dispatch, rejectWithValue }) => {
  try {
    const op = await restoreOperationCall(id);
    refreshAfterChange(dispatch, [op.event_id]);
    return op;
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

export const moveOperation = createAsyncThunk<Operation, { id: number; from: number; to: number }, ThunkConfig>(
  'operations/move',
  async ({ id, from, to }, { dispatch, rejectWithValue }) => {
    try {
      const op = await moveOperationCall(id, to);
      refreshAfterChange(dispatch, [from, to]);
      return op;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/**
 * Marks operations seen as they are read. With `all` one call marks the whole event (the counter
 * goes to 0); otherwise each operation is marked on its own and the counter drops by one each
 * (specification §4), the server's count winning once it answers.
 */
export const markSeen = createAsyncThunk<
  void,
  { eventId: number; ids: number[]; all?: boolean },
  { state: { operations: OperationsState; events: EventsState }; rejectValue: ApiError }
>(
  'operations/markSeen',
  async ({ eventId, ids, all = false }, { dispatch, getState, rejectWithValue }) => {
    try {
      if (all) {
        const first = ids[0];
        if (first === undefined) return;
        const res = await markSeenCall(first, true);
        dispatch(eventSeen({ eventId, all: true, unread: res.unread_cnt }));
        return;
      }
      if (ids.length === 0) return;
      // Each operation read drops the counter by one (floor 0) at once; the server's count follows.
      // One store update per batch, not per row: every update re-renders the event frame.
      const state = getState();
      const shown = state.events.current?.id === eventId ? state.events.current.unread_cnt : state.events.list.find((e) => e.id === eventId)?.unread_cnt;
      if (shown !== undefined) dispatch(eventSeen({ eventId, unread: Math.max(0, shown - ids.length) }));
      const answers = await Promise.all(ids.map((id) => markSeenCall(id)));
      // Counts only fall while one reads; the lowest answer is the latest.
      dispatch(eventSeen({ eventId, unread: Math.min(...answers.map((a) => a.unread_cnt)) }));
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/**
 * GET /operation/expenses/. Specification §4: the list swaps data 900 ms after it arrives, so the
 * thunk settles that much later and the screen keeps the previous numbers until then; the first
 * figures, replacing nothing, show as soon as they come.
 */
export interface ExpensesKey extends FeedKey {
  /** My event family's figures instead of mine alone. */
  family?: boolean;
}

export function expensesKeyOf(key: ExpensesKey): string {
  return `${keyOf(key)}${key.family ? '|family' : ''}`;
}

export const fetchExpenses = createAsyncThunk<ExpensesResponse, ExpensesKey, ThunkConfig>(
  'operations/fetchExpenses',
  async ({ eventId, currency, family }, { getState, rejectWithValue, signal }) => {
    try {
      const data = await fetchExpensesCall(eventId, { currency, family }, signal);
      // The delay softens a swap of figures on screen; with nothing shown yet it would only keep
      // the first open on grey placeholders.
      const shown = (getState() as Partial<{ operations: OperationsState }>).operations?.expenses.data;
      if (shown) await wait(EXPENSES_SWAP_DELAY_MS);
      return data;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const fetchPayout = createAsyncThunk<PayoutResponse, FeedKey, ThunkConfig>(
  'operations/fetchPayout',
  async ({ eventId, currency }, { rejectWithValue, signal }) => {
    try {
      return await fetchPayoutCall(eventId, currency, signal);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

function errorOf(payload: ApiError | undefined, error: unknown): ApiError {
  return payload ?? toApiError(error);
}

/** Summaries of an event are read again after one of its operations changes. */
function markStale(state: OperationsState, eventId: number): void {
  for (const part of [state.expenses, state.payout]) {
    if (part.key?.startsWith(`${eventId}|`)) part.stale = true;
  }
}

/** The display currency a feed key asks for, undefined for the event's own. */
function feedCurrency(key: string | null): string | undefined {
  return key?.split('|')[1] || undefined;
}

/** The feed's copy of an operation after a change the server answered in the event currency. */
function mergeChanged(feed: FeedState, op: Operation): void {
  const shown = feed.byId[op.id];
  if (!shown) return;
  // Only the flags changed; the amounts shown may be in a display currency the answer is not in.
  if (shown.deleted !== op.deleted) feed.live = Math.max(0, feed.live + (op.deleted ? -1 : 1));
  feed.byId[op.id] = { ...shown, deleted: op.deleted, seen: op.seen || shown.seen };
}

function addPage(feed: FeedState, page: OperationListResponse): void {
  const known = new Set(feed.ids);
  for (const op of page.objects) {
    feed.byId[op.id] = op;
    // Operations added since the first page shift later pages down by one: skip what is listed already.
    if (!known.has(op.id)) {
      feed.ids.push(op.id);
      known.add(op.id);
    }
  }
  feed.pages = page.pages;
  feed.count = page.count;
  feed.live = page.live;
  feed.loadedPages = Math.max(feed.loadedPages, page.page);
}

export const operationsSlice = createSlice({
  name: 'operations',
  initialState,
  reducers: {
    /** Optimistic: a row counts as read the moment it is seen, before the server confirms. */
    seenLocally(state, action: PayloadAction<number[]>) {
      for (const id of action.payload) {
        const op = state.feed.byId[id];
        if (op) op.seen = true;
      }
    },
    feedReset(state) {
      state.feed = emptyFeed();
    },
    /** What the device keeps waiting, as it now stands. */
    pendingChanged(state, action: PayloadAction<PendingOperation[]>) {
      state.pending = action.payload;
    },
    /** Operations were recorded that the feed has not seen (a repeat's missed occurrences): read it again. */
    feedOutdated(state, action: PayloadAction<number>) {
      markStale(state, action.payload);
      if (state.feed.eventId === action.payload) state.feed.key = null;
    },
    /** An operation changed in place (an edit, a restored version): the feed shows the new one. */
    operationReplaced(state, action: PayloadAction<Operation>) {
      const op = action.payload;
      markStale(state, op.event_id);
      const { feed } = state;
      if (!feed.byId[op.id]) return;
      // The answer is in the event currency; a feed in another display currency is read again.
      const shownIn = feedCurrency(feed.key);
      if (shownIn !== undefined && shownIn !== op.details.currency) feed.key = null;
      else feed.byId[op.id] = op;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadFeed.pending, (state, action) => {
        const key = keyOf(action.meta.arg);
        if (state.feed.key !== key) state.feed = { ...emptyFeed(), key, eventId: action.meta.arg.eventId, filter: action.meta.arg.filter ?? null };
        state.feed.status = 'loading';
        state.feed.error = null;
        state.feed.requestId = action.meta.requestId;
      })
      .addCase(loadFeed.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.feed.requestId) return;
        const key = state.feed.key;
        state.feed = { ...emptyFeed(), key, eventId: action.meta.arg.eventId, status: 'success', filter: action.meta.arg.filter ?? null };
        addPage(state.feed, action.payload);
      })
      .addCase(loadFeed.rejected, (state, action) => {
        if (action.meta.requestId !== state.feed.requestId) return;
        const error = errorOf(action.payload, action.error);
        if (isAborted(error)) return;
        state.feed.status = 'error';
        state.feed.error = error;
      })
      .addCase(loadMore.pending, (state) => {
        state.feed.moreStatus = 'loading';
        state.feed.moreError = null;
      })
      .addCase(loadMore.fulfilled, (state, action) => {
        if (action.payload.objects.some((o) => o.event_id !== state.feed.eventId)) return;
        state.feed.moreStatus = 'success';
        addPage(state.feed, action.payload);
      })
      .addCase(loadMore.rejected, (state, action) => {
        const error = errorOf(action.payload, action.error);
        state.feed.moreStatus = isAborted(error) ? 'idle' : 'error';
        state.feed.moreError = isAborted(error) ? null : error;
      })
      .addCase(createOperation.fulfilled, (state, action) => {
        const op = action.payload;
        markStale(state, op.event_id);
        const { feed } = state;
        if (feed.eventId !== op.event_id) return;
        // The answer is in the currency the feed showed when it was sent; if the feed has switched
        // currency since, it would not fit in, and the feed is read again.
        const shownIn = feedCurrency(feed.key);
        // A filtered feed cannot tell whether the new one matches, and a repeating one may have
        // brought its missed occurrences: it is read again.
        if ((shownIn !== undefined && shownIn !== op.details.currency) || feed.filter || op.recurrence_id) {
          feed.key = null;
          return;
        }
        feed.byId[op.id] = op;
        if (!feed.ids.includes(op.id)) {
          feed.ids.unshift(op.id);
          feed.count += 1;
          feed.live += 1;
        }
      })
      .addCase(deleteOperation.fulfilled, (state, action) => {
        markStale(state, action.payload.event_id);
        mergeChanged(state.feed, action.payload);
      })
      .addCase(restoreOperation.fulfilled, (state, action) => {
        markStale(state, action.payload.event_id);
        mergeChanged(state.feed, action.payload);
      })
      .addCase(moveOperation.fulfilled, (state, action) => {
        markStale(state, action.meta.arg.from);
        markStale(state, action.meta.arg.to);
        const { feed } = state;
        if (feed.eventId === action.meta.arg.from) {
          feed.ids = feed.ids.filter((id) => id !== action.payload.id);
          delete feed.byId[action.payload.id];
          feed.count = Math.max(0, feed.count - 1);
          feed.live = Math.max(0, feed.live - 1);
        }
      })
      .addCase(markSeen.pending, (state, action) => {
        for (const id of action.meta.arg.ids) {
          const op = state.feed.byId[id];
          if (op) op.seen = true;
        }
      })
      .addCase(fetchExpenses.pending, (state, action) => {
        const key = expensesKeyOf(action.meta.arg);
        if (state.expenses.key !== key) state.expenses.data = null;
        state.expenses.key = key;
        state.expenses.status = 'loading';
        state.expenses.error = null;
        state.expenses.stale = false;
        state.expenses.requestId = action.meta.requestId;
      })
      .addCase(fetchExpenses.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.expenses.requestId) return;
        state.expenses.status = 'success';
        state.expenses.data = action.payload;
      })
      .addCase(fetchExpenses.rejected, (state, action) => {
        if (action.meta.requestId !== state.expenses.requestId) return;
        const error = errorOf(action.payload, action.error);
        if (isAborted(error)) return;
        state.expenses.status = 'error';
        state.expenses.error = error;
      })
      .addCase(fetchPayout.pending, (state, action) => {
        const key = keyOf(action.meta.arg);
        if (state.payout.key !== key) state.payout.data = null;
        state.payout.key = key;
        state.payout.status = 'loading';
        state.payout.error = null;
        state.payout.stale = false;
        state.payout.requestId = action.meta.requestId;
      })
      .addCase(fetchPayout.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.payout.requestId) return;
        state.payout.status = 'success';
        state.payout.data = action.payload;
      })
      .addCase(fetchPayout.rejected, (state, action) => {
        if (action.meta.requestId !== state.payout.requestId) return;
        const error = errorOf(action.payload, action.error);
        if (isAborted(error)) return;
        state.payout.status = 'error';
        state.payout.error = error;
      })
      .addCase(loggedOut, () => initialState());
  },
});

export const { seenLocally, feedReset, feedOutdated, operationReplaced, pendingChanged } = operationsSlice.actions;
