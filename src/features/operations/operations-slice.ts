/** The operations slice: what each screen shows of an event's operations, kept as the calls in operations-thunks.ts answer. */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Operation, OperationListResponse } from '@common/contract/operations';
import { isAborted, toApiError, type ApiError } from '@/lib/api-client';
import { loggedOut } from '@/features/auth';
import type { PendingOperation } from './offline/pending-store';
import { emptyFeed, feedCurrency, initialState, keyOf, type FeedState } from './operations-state';
import { createOperation, deleteOperation, loadFeed, loadMore, markSeen, moveOperation, restoreOperation } from './operations-thunks';

function errorOf(payload: ApiError | undefined, error: unknown): ApiError {
  return payload ?? toApiError(error);
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
      if (state.feed.eventId === action.payload) state.feed.key = null;
    },
    /** An operation changed in place (an edit, a restored version): the feed shows the new one. */
    operationReplaced(state, action: PayloadAction<Operation>) {
      const op = action.payload;
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
        mergeChanged(state.feed, action.payload);
      })
      .addCase(restoreOperation.fulfilled, (state, action) => {
        mergeChanged(state.feed, action.payload);
      })
      .addCase(moveOperation.fulfilled, (state, action) => {
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
      .addCase(loggedOut, () => initialState());
  },
});

export const { seenLocally, feedReset, feedOutdated, operationReplaced, pendingChanged } = operationsSlice.actions;

// Injected lazily, with the screens that read it (src/app/screen-slices.ts): declared here, so that
// the store's RootState has it without the store importing this feature.
declare module '@/app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof operationsSlice> {}
}
