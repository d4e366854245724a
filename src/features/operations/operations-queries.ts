/** The operations feature's reads through the server cache (app/server-api.ts). */
import type { PayoutResponse } from '@common/contract/events';
import type { DebtsResponse } from '@common/contract/operations';
import { serverApi } from '@/app/server-api';

/** An event's figures in its display mode: `currency` for a display currency, none for the event's own. */
export interface LedgerRead {
  eventId: number;
  currency?: string;
}

const ledgerOf = (_answer: unknown, _error: unknown, { eventId }: LedgerRead) => [{ type: 'Ledger' as const, id: eventId }];
const inCurrency = (currency: string | undefined) => (currency ? { currency } : undefined);

export const operationsQueries = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /event/{id}/payout/: the settle-up plan between families. */
    payout: build.query<PayoutResponse, LedgerRead>({
      query: ({ eventId, currency }) => ({ path: `/event/${eventId}/payout/`, params: inCurrency(currency) }),
      providesTags: ledgerOf,
    }),
    /** GET /operation/debts/: who owes whom before any simplification. */
    debts: build.query<DebtsResponse, LedgerRead>({
      query: ({ eventId, currency }) => ({ path: '/operation/debts/', params: { event: eventId, ...inCurrency(currency) } }),
      providesTags: ledgerOf,
    }),
  }),
});

export const { usePayoutQuery, useDebtsQuery } = operationsQueries;
