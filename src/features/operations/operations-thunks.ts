/** Writes to an event's operations: each puts the server's answer into the cached feeds (feed-writes.ts) and has the figures that depend on it read again. */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { CreateOperationBody, Operation } from '@common/contract/operations';
import { toApiError, type ApiError } from '@/lib/api-client';
import { eventSeen, eventsChanged, selectCurrentEvent, selectEventsList } from '@/features/events';
import type { RootState } from '@/app/store';
import { shownFeedOf } from './feed-queries';
import { feedFlagsChanged, feedGained, feedLost, feedSeen } from './feed-writes';
import { deleteOperationCall, markSeenCall, moveOperationCall, postOperation, restoreOperationCall } from './operations-api';

type ThunkConfig = { state: RootState; rejectValue: ApiError };

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
      const op = await postOperation(body, idempotencyKey, shownFeedOf(getState(), body.event_id)?.key.currency);
      dispatch(feedGained(op));
      refreshAfterChange(dispatch, [op.event_id]);
      return op;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/** A change to one operation by its id: the server's answer, and the figures that depend on it read again. */
function operationChange(type: string, call: (id: number) => Promise<Operation>) {
  return createAsyncThunk<Operation, number, ThunkConfig>(type, async (id, { dispatch, rejectWithValue }) => {
    try {
      const op = await call(id);
      dispatch(feedFlagsChanged(op));
      refreshAfterChange(dispatch, [op.event_id]);
      return op;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  });
}

export const deleteOperation = operationChange('operations/delete', deleteOperationCall);
export const restoreOperation = operationChange('operations/restore', restoreOperationCall);

export const moveOperation = createAsyncThunk<Operation, { id: number; from: number; to: number }, ThunkConfig>(
  'operations/move',
  async ({ id, from, to }, { dispatch, rejectWithValue }) => {
    try {
      const op = await moveOperationCall(id, to);
      dispatch(feedLost(from, op.id));
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
export const markSeen = createAsyncThunk<void, { eventId: number; ids: number[]; all?: boolean }, ThunkConfig>(
  'operations/markSeen',
  async ({ eventId, ids, all = false }, { dispatch, getState, rejectWithValue }) => {
    dispatch(feedSeen(eventId, all ? 'all' : ids));
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
      const open = selectCurrentEvent(state);
      const shown = open?.id === eventId ? open.unread_cnt : selectEventsList(state).find((e) => e.id === eventId)?.unread_cnt;
      if (shown !== undefined) dispatch(eventSeen({ eventId, unread: Math.max(0, shown - ids.length) }));
      const answers = await Promise.all(ids.map((id) => markSeenCall(id)));
      // Counts only fall while one reads; the lowest answer is the latest.
      dispatch(eventSeen({ eventId, unread: Math.min(...answers.map((a) => a.unread_cnt)) }));
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);
