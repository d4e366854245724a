import { z } from 'zod';
import { OPERATION_KINDS } from '../ledger';
import { amount, currencyCode, id, idParam, isoDateTime, userText } from './common';

export const OPERATIONS_PAGE_SIZE = 20;
export const DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 2000;

export const operationKind = z.enum(OPERATION_KINDS);
export const viewerStatus = z.enum(['even', 'split', 'bought', 'lent', 'received', 'repaid', 'income']);

export const createOperationBody = z.object({
  event_id: id,
  details: z.object({
    kind: operationKind,
    /** Major units of `currency`, positive, at most its decimals, at most 16 characters; absent for a comment. */
    amount: amount.optional(),
    /** Defaults to the event currency; another currency is converted at the rate of `date`. */
    currency: currencyCode.optional(),
    description: userText(DESCRIPTION_MAX).default(''),
    /** A comment's text. */
    text: userText(COMMENT_MAX).optional(),
    /** When it happened; defaults to now. */
    date: isoDateTime.optional(),
    /**
     * The person who pays: the lender for they_lent_me, the receiver for a deposit, the debtor
     * for a payback. Defaults to the caller.
     */
    payer: id.nullable().optional(),
  }),
  /** Whose share it is. `amount` (major units) only for a split purchase (and optionally i_purchased_them, deposit). */
  participants: z
    .array(z.object({ uid: id, amount: amount.nullable().optional() }))
    .max(500)
    .default([]),
});
export type CreateOperationBody = z.infer<typeof createOperationBody>;

export const operationParticipant = z.object({
  uid: z.number().int(),
  paid: amount,
  share: amount,
  /** paid - share: how the operation moved this person's balance. */
  effect: amount,
});

const requestedAmounts = z.array(z.object({ amount: amount, currency: currencyCode }));

/**
 * On a comment that is a payback request (DESIGN §4): whom its author asked for what they owed
 * over all events at the time, per currency, what has been paid back since, and whether that
 * settles it. The comment's text is the request in English for other clients; screens show this.
 */
export const operationRequest = z.object({
  to: z.number().int(),
  amounts: requestedAmounts,
  paid: requestedAmounts,
  settled: z.boolean(),
});
export type OperationRequest = z.infer<typeof operationRequest>;

export const operation = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  kind: operationKind,
  /** The label for the caller (DESIGN §3); null for a comment. */
  status: viewerStatus.nullable(),
  details: z.object({
    /** In `currency`: the event currency, or the display currency asked for. */
    amount: amount,
    currency: currencyCode,
    /** As entered. */
    original_amount: amount,
    original_currency: currencyCode,
    /** Event-currency units per 1 original unit, frozen at creation. */
    rate: z.string(),
    /** The date of the rate used (the latest on or before the operation's date). */
    rate_date: z.string().nullable(),
    description: z.string(),
    text: z.string(),
    date: z.string(),
    payer: z.number().int().nullable(),
    author: z.number().int(),
  }),
  participants: z.array(operationParticipant),
  deleted: z.boolean(),
  seen: z.boolean(),
  approximate: z.boolean(),
  created: z.string(),
  request: operationRequest.optional(),
});
export type Operation = z.infer<typeof operation>;

export const operationListQuery = z.object({
  event: idParam,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  currency: currencyCode.optional(),
  /** `0` leaves deleted operations out; by default they are listed, flagged, so they can be restored. */
  deleted: z.enum(['0', '1']).optional(),
});

/** POST /operation/?currency=: the currency of the amounts in the answer (specification §7); the event's by default. */
export const displayCurrencyQuery = z.object({ currency: currencyCode.optional() });

export const operationListResponse = z.object({
  /** Operations in the list, over all pages (deleted ones included unless `deleted=0`). */
  count: z.number().int(),
  /** Of those, the ones not deleted: what the screen counts as the event's operations. */
  live: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  objects: z.array(operation),
});
export type OperationListResponse = z.infer<typeof operationListResponse>;

export const operationIdParams = z.object({ id: idParam });

export const moveOperationBody = z.object({ event_id: id, operation_id: id });

export const seenBody = z.object({ all: z.boolean().optional() }).nullish();
export const seenResponse = z.object({ event_id: z.number().int(), unread_cnt: z.number().int().nonnegative() });

export const expensesQuery = z.object({
  event: idParam,
  /** Minutes the caller's clock is ahead of UTC (Moscow 180): minus JavaScript's getTimezoneOffset(). */
  utc_offset: z.coerce.number().int().min(-840).max(840).default(0),
  currency: currencyCode.optional(),
  /**
   * `true`: every 'mine' figure (my_share, each day's mine, each operation's my_share) is my event
   * family's, the sum of its members' shares: the my-share screen's 'Whole family' toggle.
   */
  family: z.enum(['true', 'false']).optional(),
});

export const expensesResponse = z.object({
  event_id: z.number().int(),
  currency: currencyCode,
  approximate: z.boolean(),
  total_expenses: amount,
  avg_expenses: amount,
  my_share: amount,
  participants_count: z.number().int(),
  shares: z.array(z.object({ uid: z.number().int(), share: amount })),
  operations: z.array(
    z.object({
      day: z.string(),
      total: amount,
      mine: amount,
      operations: z.array(
        z.object({ id: z.number().int(), kind: operationKind, description: z.string(), amount: amount, my_share: amount, date: z.string() }),
      ),
    }),
  ),
});
export type ExpensesResponse = z.infer<typeof expensesResponse>;

/** GET /operation/debts/: the plain who-owes-whom view of an event (DESIGN §5), before families and simplification. */
export const debtsQuery = z.object({ event: idParam, currency: currencyCode.optional() });

export const debtsResponse = z.object({
  event_id: z.number().int(),
  currency: currencyCode,
  approximate: z.boolean(),
  /** Netted per pair of people, each amount positive; sorted by payer then receiver uid. */
  debts: z.array(z.object({ from: z.number().int(), to: z.number().int(), amount: amount })),
});
export type DebtsResponse = z.infer<typeof debtsResponse>;
