import { createAction, createSlice } from '@reduxjs/toolkit';

/**
 * The one signal that the money under the figures changed: an operation written, moved or undone,
 * families regrouped, an event's currency or people changed. Every screen that shows a figure
 * read from the server (debts, People, a person, My share) reads again when the version moves,
 * so no screen keeps a figure the change made wrong and no screen needs a timer of its own.
 */
export const ledgerChanged = createAction('ledger/changed');

export interface LedgerVersionState {
  version: number;
}

export const ledgerVersionSlice = createSlice({
  name: 'ledger',
  initialState: { version: 0 } as LedgerVersionState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(ledgerChanged, (state) => {
      state.version += 1;
    });
  },
});

export const selectLedgerVersion = (state: { ledger: LedgerVersionState }): number => state.ledger.version;
