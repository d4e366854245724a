import { z } from 'zod';
import { OPERATION_KINDS } from '../ledger';
import { MAX_SHARE_WEIGHT, SPLIT_MODES } from '../split';
import { amount, currencyCode, dayParam, id, idParam, isoDateTime, userText } from './common';
import { repeatBody } from './recurrences';

export const OPERATIONS_PAGE_SIZE = 20;

export const DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 2000;

export const operationKind = z.enum(OPERATION_KINDS);
export const splitMode = z.enum(SPLIT_MODES);
/** At most 50 people put money into one purchase: more than any real bill has. */
export const MAX_PAYERS = 50;

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
    /**
     * Several payers of a purchase (receivers of a deposit), each with what they put in, in
     * `currency`; they must add up to `amount`. Replaces `payer`.
     */
    payers: z
      .array(z.object({ uid: id, amount: amount }))
      .max(MAX_PAYERS)
      .optional(),
    /**
     * How the cost is divided. `equal` ignores parts; `exact` (the default where parts are allowed)
     * reads each participant's `amount`, the rest split equally; `shares` and `percent` read each
     * participant's `weight` (at most two decimals; percentages add up to 100). What is stored is
     * always the exact parts these give.
     */
    split: splitMode.optional(),
  }),
  /** Record it again on a schedule (recurrences): this operation is the series' first occurrence. */
  repeat: repeatBody.optional(),
  /** Whose share it is. `amount` (major units) only for a split purchase (and optionally i_purchased_them, deposit). */
  participants: z
    .array(z.object({ uid: id, amount: amount.nullable().optional(), weight: z.number().min(0).max(MAX_SHARE_WEIGHT).nullable().optional() }))
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

/** How an operation was entered, in its own currency's major units: what an edit form starts from. */
export const enteredSplit = z.object({
  payers: z.array(z.object({ uid: z.number().int(), amount: amount })),
  split: splitMode.nullable(),
  parts: z.array(z.object({ uid: z.number().int(), amount: amount.nullable(), weight: z.number().nullable() })),
});
export type EnteredSplit = z.infer<typeof enteredSplit>;

/** At most this many receipt pictures on one operation: a long trip's bill is a few photos, not dozens. */
export const MAX_RECEIPTS = 10;

/** A receipt picture: `url` has `{size}` for `140x140` (a thumbnail) or `full` (as stored, up to 2048 px). */
export const receipt = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  added_by: z.number().int(),
});
export type Receipt = z.infer<typeof receipt>;

/** POST /operation/{id}/receipts/: a JPEG, PNG or WebP photo as base64 or a data URL, at most 5 MB decoded. */
export const addReceiptBody = z.object({ picture: z.string().min(1).max(7_100_000) });
export const receiptParams = z.object({ id: idParam, receipt: idParam });

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
  /** Grows by one with every create, edit, delete, restore and move; an edit sends it back as If-Match. */
  version: z.number().int(),
  /** Who last changed it and when, when that was not its creation. */
  edited: z.object({ by: z.number().int(), at: z.string() }).nullable(),
  entered: enteredSplit,
  receipts: z.array(receipt),
  request: operationRequest.optional(),
  /** The repeating series it belongs to (GET /operation/{id}/recurrence/), or null. */
  recurrence_id: z.number().int().nullable().optional(),
});
export type Operation = z.infer<typeof operation>;

export const OPERATION_ACTIONS = ['created', 'edited', 'deleted', 'restored', 'moved', 'reverted'] as const;
export const operationAction = z.enum(OPERATION_ACTIONS);
export const OPERATION_FIELDS = ['event', 'kind', 'amount', 'currency', 'date', 'description', 'text', 'payers', 'parts', 'deleted'] as const;

/** An operation as it stood at one version, as entered (amounts in its own currency). */
export const operationState = z.object({
  event_id: z.number().int(),
  kind: operationKind,
  amount: amount,
  currency: currencyCode,
  description: z.string(),
  text: z.string(),
  date: z.string(),
  payer: z.number().int().nullable(),
  deleted: z.boolean(),
  ...enteredSplit.shape,
});
export type OperationState = z.infer<typeof operationState>;

export const operationVersion = z.object({
  version: z.number().int(),
  action: operationAction,
  /** Who did it. */
  actor: z.number().int(),
  at: z.string(),
  /** What differs from the version before (nothing for the first). */
  changes: z.array(z.enum(OPERATION_FIELDS)),
  /** For `reverted`: the version brought back. */
  reverted_to: z.number().int().nullable(),
  state: operationState,
});
export type OperationVersion = z.infer<typeof operationVersion>;

/** GET /operation/{id}/history/: every version, oldest first. */
export const operationHistoryResponse = z.object({
  operation_id: z.number().int(),
  version: z.number().int(),
  versions: z.array(operationVersion),
});
export type OperationHistoryResponse = z.infer<typeof operationHistoryResponse>;

export const operationVersionParams = z.object({ id: idParam, version: z.coerce.number().int().min(1).max(1_000_000) });

/**
 * If-Match on an edit: the version it was made from, as the ETag the server sent (`"3"`), or
 * weak or bare. The same header is optional on a revert.
 */
export const ifMatchHeaders = z.object({ 'if-match': z.string().max(40).optional() });

export const operationListQuery = z.object({
  event: idParam,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  currency: currencyCode.optional(),
  /** `0` leaves deleted operations out; by default they are listed, flagged, so they can be restored. */
  deleted: z.enum(['0', '1']).optional(),
  /** Words in the description or a comment's text, case-insensitive; what no one types is refused as in the text itself (a NUL answered 500 on PostgreSQL). */
  q: z.string().trim().pipe(userText(100)).optional(),
  /** Operations this person takes part in (paid, shares, or wrote). */
  person: idParam.optional(),
  /** One kind or several, comma-separated. */
  kind: z
    .string()
    .max(200)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(operationKind).min(1))
    .optional(),
  /** From and to this day (inclusive) in the caller's time zone. */
  from: dayParam.optional(),
  to: dayParam.optional(),
  /** Minutes the caller's clock is ahead of UTC, for `from` and `to` (as for the expenses call). */
  utc_offset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type OperationListQuery = z.infer<typeof operationListQuery>;

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

/** The answer to an edit made from an old version: the operation as it stands now. */
export const operationChangedBody = z.object({ error: z.string(), code: z.literal('operation_changed'), current: operation });

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
  /**
   * `true`: each day carries its totals and `count` but no `operations`, so the screen gets its
   * figures without every operation of the event (a year's spending is thousands of rows).
   */
  summary: z.enum(['true', 'false']).optional(),
  /** Only this day (in the caller's time zone) in `operations`, with its operations: a day opened on the screen. */
  day: dayParam.optional(),
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
      /** The day's spending operations, also when `operations` is left empty by `summary`. */
      count: z.number().int(),
      operations: z.array(z.object({ id: z.number().int(), kind: operationKind, description: z.string(), amount: amount, my_share: amount, date: z.string() })),
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
