import { createAsyncThunk } from '@reduxjs/toolkit';
import type { RootState } from '@/app/store';
import type { CreateOperationBody, Operation } from '@common/contract/operations';
import { toApiError, type ApiError } from '@/lib/api-client';
import { putOperationCall, revertOperationCall } from './operations-api';
import { feedReplaced } from './feed-writes';
import { refreshAfterChange } from './operations-thunks';

/**
 * Changing a recorded operation: an edit, or bringing back one of its earlier versions. Both name
 * the version they were made from; the server refuses (412 'operation_changed') when someone else
 * changed it since, and the screen then shows the current one.
 */
type Config = { state: RootState; rejectValue: ApiError };

export const editOperation = createAsyncThunk<Operation, { id: number; body: CreateOperationBody; version: number; idempotencyKey: string }, Config>(
  'operations/edit',
  async ({ id, body, version, idempotencyKey }, { dispatch, rejectWithValue }) => {
    try {
      const op = await putOperationCall(id, body, version, idempotencyKey);
      dispatch(feedReplaced(op));
      refreshAfterChange(dispatch, [op.event_id]);
      return op;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const revertOperation = createAsyncThunk<Operation, { id: number; version: number; current: number }, Config>(
  'operations/revert',
  async ({ id, version, current }, { dispatch, rejectWithValue }) => {
    try {
      const op = await revertOperationCall(id, version, current);
      dispatch(feedReplaced(op));
      refreshAfterChange(dispatch, [op.event_id]);
      return op;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);
