import { createAction } from '@reduxjs/toolkit';

/**
 * The one signal that the money under the figures changed: an operation written, moved or undone,
 * families regrouped, an event's currency or people changed. It invalidates every ledger figure in
 * the server cache (app/server-api.ts), so every screen that shows one (debts, People, a person,
 * My share, an operation's details) reads again, and no screen keeps a figure the change made wrong.
 */
export const ledgerChanged = createAction('ledger/changed');
