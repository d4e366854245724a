/** The operations feature's reads through the server cache (app/server-api.ts). */
import type { PayoutResponse } from '@common/contract/events';
import type { DebtsResponse, ExpensesResponse, Operation, OperationHistoryResponse } from '@common/contract/operations';
import type { Recurrence, RepeatBody } from '@common/contract/recurrences';
import { serverApi } from '@/app/server-api';
import { expensesQuery, type ExpensesParams } from './operations-api';

/** One spending operation of a day on My share. */
export type DayOperation = ExpensesResponse['operations'][number]['operations'][number];

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
    /** GET /operation/expenses/?summary=true: the My share figures (totals, shares, each day's sums), without the operations. */
    expenses: build.query<ExpensesResponse, LedgerRead & ExpensesParams>({
      query: ({ eventId, ...params }) => ({ path: '/operation/expenses/', params: { ...expensesQuery(eventId, params), summary: 'true' } }),
      providesTags: ledgerOf,
    }),
    /** The spending operations of one day (the caller's calendar day) on My share, with my part of each, newest first. */
    expensesDay: build.query<DayOperation[], LedgerRead & ExpensesParams & { day: string }>({
      query: ({ eventId, day, ...params }) => ({ path: '/operation/expenses/', params: { ...expensesQuery(eventId, params), day } }),
      transformResponse: (answer: ExpensesResponse, _meta, { day }) => [...(answer.operations.find((d) => d.day === day)?.operations ?? [])].reverse(),
      providesTags: ledgerOf,
    }),
    /** GET /operation/{id}/ in the event currency, for its details. */
    operation: build.query<Operation, number>({
      query: (id) => ({ path: `/operation/${id}/` }),
      providesTags: [{ type: 'Ledger', id: 'operations' }],
    }),
    /** GET /operation/{id}/history/: its versions, oldest first. */
    operationHistory: build.query<OperationHistoryResponse, number>({
      query: (id) => ({ path: `/operation/${id}/history/` }),
      providesTags: [{ type: 'Ledger', id: 'operations' }],
    }),
    /** GET /operation/{id}/recurrence/: the series the operation belongs to. */
    recurrence: build.query<Recurrence, number>({
      query: (operationId) => ({ path: `/operation/${operationId}/recurrence/` }),
      providesTags: (_answer, _error, operationId) => [{ type: 'Recurrence', id: operationId }],
    }),
    /** PUT: starts a series from this operation, or changes its series with this operation as the pattern. */
    putRecurrence: build.mutation<Recurrence, { operationId: number; body: RepeatBody }>({
      query: ({ operationId, body }) => ({ method: 'PUT', path: `/operation/${operationId}/recurrence/`, data: body }),
      onQueryStarted: (arg, api) => keepSeries(arg.operationId, api),
    }),
    /** DELETE: stops the series; what it recorded stays. */
    stopRecurrence: build.mutation<Recurrence, number>({
      query: (operationId) => ({ method: 'DELETE', path: `/operation/${operationId}/recurrence/` }),
      onQueryStarted: (operationId, api) => keepSeries(operationId, api),
    }),
  }),
});

/** The series as the write answered it is the cached one: no read after it. */
async function keepSeries(
  operationId: number,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Recurrence }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(operationsQueries.util.upsertQueryData('recurrence', operationId, data));
  } catch {
    // The mutation's caller shows the refusal.
  }
}

export const {
  usePayoutQuery,
  useDebtsQuery,
  useExpensesQuery,
  useExpensesDayQuery,
  useOperationQuery,
  useOperationHistoryQuery,
  useRecurrenceQuery,
  usePutRecurrenceMutation,
  useStopRecurrenceMutation,
} = operationsQueries;
