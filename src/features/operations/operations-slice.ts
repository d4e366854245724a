/**
 * The operations slice: what this device keeps of the operations, and nothing the server holds
 * (the feed and the figures are in the server cache, feed-queries.ts and operations-queries.ts).
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '@/features/auth';
import type { PendingOperation } from './offline/pending-store';

export interface OperationsState {
  /** Operations entered offline and not yet recorded, oldest first (offline/pending-thunks.ts). */
  pending: PendingOperation[];
}

const initialState = (): OperationsState => ({ pending: [] });

export const operationsSlice = createSlice({
  name: 'operations',
  initialState,
  reducers: {
    /** What the device keeps waiting, as it now stands. */
    pendingChanged(state, action: PayloadAction<PendingOperation[]>) {
      state.pending = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState());
  },
});

export const { pendingChanged } = operationsSlice.actions;

// Injected lazily, with the screens that read it (src/app/screen-slices.ts): declared here, so that
// the store's RootState has it without the store importing this feature.
declare module '@/app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof operationsSlice> {}
}
