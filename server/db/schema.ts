/**
 * The whole storage model. Money columns are bigint minor units (mode 'number': every amount
 * the API accepts is a safe integer). Nothing that matters lives in process memory (DESIGN §1),
 * so sessions, codes, rate-limit counters and images are tables too.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person. `passwordHash` null means a placeholder: a phone someone added who has not signed up yet. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Null for a person known by name alone (an import's 'just a name'): no account can take such a row over.
    phone: text('phone'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    gender: char('gender', { length: 1 }),
    currency: char('currency', { length: 3 }).notNull().default('RUB'),
    avatarImageId: integer('avatar_image_id'),
    familyId: integer('family_id'),
    registeredAt: ts('registered_at'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_uq').on(t.phone), index('users_family_idx').on(t.familyId)],
);

export const families = pgTable('families', {
  id: serial('id').primaryKey(),
  headId: integer('head_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A head's invitation into their family, pending until the invitee accepts (then they join) or
 * declines, or the head withdraws it. Until then nothing about families changes.
 * docs/decisions/0026-family-invitations.md
 */
export const familyInvitations = pgTable(
  'family_invitations',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id').notNull(),
    inviteeId: integer('invitee_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('family_invitations_pair_uq').on(t.inviterId, t.inviteeId), index('family_invitations_invitee_idx').on(t.inviteeId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * How many times sessions have been signed out, revoked or lost with their account: one row, moved
 * by triggers on `sessions` and `users` in the transaction that changes them, so the move commits
 * with the change. A process reads it with the database's snapshot and keeps live sessions until it
 * moves, not merely until the next write of any kind (decision 0049).
 */
export const sessionChanges = pgTable(
  'session_changes',
  {
    id: smallint('id').primaryKey().default(1),
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('session_changes_one_row', sql`${t.id} = 1`)],
);

/** SMS confirmation codes: single use, expiring, a bounded number of attempts. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('auth_codes_phone_idx').on(t.phone, t.purpose)],
);

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const contacts = pgTable(
  'contacts',
  {
    ownerId: integer('owner_id').notNull(),
    contactId: integer('contact_id').notNull(),
    name: text('name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.contactId] }), index('contacts_contact_idx').on(t.contactId)],
);

/**
 * Re-encoded pictures (only pixels survive), and their resized variants cached on first request.
 * `key` is the picture's public name in its URL: 128 random bits, so pictures cannot be found by
 * counting (docs/decisions/0009-image-keys.md); `id` stays internal.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    ownerId: integer('owner_id'),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    etag: text('etag').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('images_key_idx').on(t.key)],
);

export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: integer('image_id').notNull(),
    size: text('size').notNull(),
    data: bytea('data').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size] })],
);

/**
 * An event, or a dialogue (two people, `dialogueKey` = "<low uid>:<high uid>", unique) for
 * operations outside any named event. `deletedAt` is the specification's del_date.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    imageId: integer('image_id'),
    dialogueKey: text('dialogue_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /**
     * When an import began writing the event, until it shows it (decision 0066): such an event
     * does not exist for anyone, and one left so for long was cut short and is removed.
     */
    importingSince: ts('importing_since'),
    /**
     * The sum of |amount| over the live operations, kept with the balances (decision 0034) so the
     * money bounds of decision 0010 are checked without reading the history. A numeric: an import
     * adds up many operations before the check refuses them, and that sum must not overflow.
     */
    liveVolume: numeric('live_volume', { precision: 40, scale: 0 }).notNull().default('0'),
    /**
     * The event's operations, deleted ones included, and the live ones among them: what the
     * operations list's first page says it holds, without counting the history on every page.
     * Kept by triggers on operations (migration 0008, decision 0036), so that every way an
     * operation is added, deleted, restored or moved keeps them.
     */
    operationCount: integer('operation_count').notNull().default(0),
    liveCount: integer('live_count').notNull().default(0),
  },
  (t) => [uniqueIndex('events_dialogue_uq').on(t.dialogueKey)],
);

/**
 * A person in an event. `balance` is kept incrementally (sum of paid − share over live
 * operations) in the same transaction as every operation change, so reading an event never
 * scans its operations. `familyGroup` numbers the event family the person settles with.
 */
export const eventParticipants = pgTable(
  'event_participants',
  {
    eventId: integer('event_id').notNull(),
    userId: integer('user_id').notNull(),
    familyGroup: integer('family_group').notNull(),
    position: integer('position').notNull().default(0),
    balance: money('balance').notNull().default(0),
    /** The sum of |paid| + |share| over the person's entries in live operations, kept like `balance`. */
    volume: numeric('volume', { precision: 40, scale: 0 }).notNull().default('0'),
    /**
     * The sum of the person's shares in live spending operations (purchases, and deposits
     * subtracting): their share on the my-share screen, kept like `balance` so that screen does
     * not sum the history (migration 0009). A numeric, like `volume`, for an import's sums.
     */
    spent: numeric('spent', { precision: 40, scale: 0 }).notNull().default('0'),
    /**
     * The two counts the person's unread count here is derived from (operations/unread.ts): it is
     * the event's live operations (events.liveCount) less the live ones the person last wrote
     * (`writtenLive`) and the live ones last written by someone else that they have seen
     * (`seenLive`). So a new operation changes its author's count alone, not every participant's
     * (migration 0013, decision 0060).
     */
    writtenLive: integer('written_live').notNull().default(0),
    seenLive: integer('seen_live').notNull().default(0),
    /**
     * The sum of |amount| over the live operations here that the person last wrote, kept with
     * `writtenLive` (operations/unread.ts): what the money bounds hold a writer to across events
     * (decision 0062), so that nobody's writes can use up another person's room.
     */
    writtenVolume: numeric('written_volume', { precision: 40, scale: 0 }).notNull().default('0'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_participants_user_idx').on(t.userId)],
);

/**
 * One operation. `amount` is in the event currency's minor units (frozen at creation);
 * `originalAmount`/`currency`/`rate` keep what was entered and the rate used (decimal string,
 * event-currency units per 1 unit of the entered currency).
 */
export const operations = pgTable(
  'operations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    authorId: integer('author_id').notNull(),
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
    originalAmount: money('original_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull().default('1'),
    rateDate: date('rate_date', { mode: 'string' }),
    description: text('description').notNull().default(''),
    opDate: ts('op_date').notNull(),
    meta: jsonb('meta'),
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /** One more with every recorded change (operation_versions); an edit must name the one it saw. */
    version: integer('version').notNull().default(1),
    /** The last person to edit or revert it: the one for whom it is not unread. */
    editedBy: integer('edited_by'),
    editedAt: ts('edited_at'),
    /** Its operation_debts rows are still to be worked out: operations recorded before that table. */
    debtsPending: boolean('debts_pending').notNull().default(false),
    /** The repeating series it belongs to, and the local day it stands for in it (recurrences). */
    recurrenceId: integer('recurrence_id'),
    recurrenceDay: date('recurrence_day', { mode: 'string' }),
  },
  (t) => [
    index('operations_event_idx').on(t.eventId, t.id),
    // One day of an event (My share's opened day, the list's date filter) without reading the rest.
    index('operations_event_date_idx').on(t.eventId, t.opDate),
    // Each day of a series is made once, however many processes make it and however often they retry.
    uniqueIndex('operations_recurrence_day_uq')
      .on(t.recurrenceId, t.recurrenceDay)
      .where(sql`${t.recurrenceId} is not null`),
    // Start-up looks for operations still to fill (db/operation-debts.ts); after the first start there are none, found without reading the table.
    index('operations_debts_pending_idx')
      .on(t.eventId)
      .where(sql`${t.debtsPending}`),
    uniqueIndex('operations_idem_uq')
      .on(t.authorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * A repeating operation: what each occurrence records (the pattern, as entered, like an operation's
 * own columns) and when (the rule). `nextAt` is when occurrence `nextK` is due, null once the series
 * has ended or been stopped; the scheduler makes due ones under the event lock, then this row's.
 */
export const recurrences = pgTable(
  'recurrences',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    authorId: integer('author_id').notNull(),
    kind: text('kind').notNull(),
    originalAmount: money('original_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    description: text('description').notNull().default(''),
    meta: jsonb('meta'),
    frequency: text('frequency').notNull(),
    interval: integer('interval').notNull(),
    until: date('until', { mode: 'string' }),
    count: integer('count'),
    /** Minutes ahead of UTC of the person who set the rule: whose days and month ends count. */
    utcOffset: integer('utc_offset').notNull(),
    /** Occurrence 0, from which every date is worked out. */
    firstAt: ts('first_at').notNull(),
    nextK: integer('next_k').notNull(),
    nextAt: ts('next_at'),
    /** Occurrences made so far, the first included. */
    made: integer('made').notNull().default(1),
    stoppedAt: ts('stopped_at'),
    stoppedBy: integer('stopped_by'),
    /** The error code that stopped it (a participant left, the event was deleted), or null. */
    stopReason: text('stop_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('recurrences_due_idx')
      .on(t.nextAt)
      .where(sql`${t.nextAt} is not null`),
  ],
);

/** The ledger rows: one per person involved in an operation, sum(paid) = sum(share). */
export const operationEntries = pgTable(
  'operation_entries',
  {
    operationId: integer('operation_id').notNull(),
    userId: integer('user_id').notNull(),
    paid: money('paid').notNull(),
    share: money('share').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.userId] }), index('operation_entries_user_idx').on(t.userId)],
);

/**
 * Who owes whom inside one operation (common/ledger-debts.ts operationDebts), kept beside its
 * entries: what an operation adds to pair_balances, and takes back when it is deleted or changed;
 * an event's pairs are the sum of its live operations' rows. One row per pair, `lo` < `hi`; a
 * positive amount is owed by `lo` to `hi`, a negative one by `hi` to `lo`.
 */
export const operationDebts = pgTable(
  'operation_debts',
  {
    operationId: integer('operation_id').notNull(),
    lo: integer('lo').notNull(),
    hi: integer('hi').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.lo, t.hi] })],
);

/**
 * What one person owes another in one event, netted over its live operations: the sum of their
 * operation_debts rows, kept up to date with every write as event_participants.balance is
 * (operations/repository.ts applyToBalances), so that the People page reads one row per pair
 * whatever the number of operations. `lo` < `hi`; positive when `lo` owes `hi`.
 */
export const pairBalances = pgTable(
  'pair_balances',
  {
    eventId: integer('event_id').notNull(),
    lo: integer('lo').notNull(),
    hi: integer('hi').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.lo, t.hi] }), index('pair_balances_lo_idx').on(t.lo), index('pair_balances_hi_idx').on(t.hi)],
);

/**
 * The time zones, as minutes ahead of UTC, whose per-day spending an event keeps in spending_days:
 * those its readers asked My share for, up to operations/spending-days.ts KEPT_OFFSETS_PER_EVENT.
 */
export const spendingDayOffsets = pgTable(
  'spending_day_offsets',
  {
    eventId: integer('event_id').notNull(),
    utcOffset: integer('utc_offset').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.utcOffset] })],
);

/**
 * My share's per-day sums for each kept offset (spending_day_offsets), kept up to date with every
 * write as pair_balances are (operations/repository.ts applyToBalances), so that the screen reads
 * one row per day and person however long the history. `day` is the local calendar day at
 * `utc_offset`. `user_id` 0 is the whole event: the live spending operations' count and what they
 * spent; any other is that person's shares that day.
 */
export const spendingDays = pgTable(
  'spending_days',
  {
    eventId: integer('event_id').notNull(),
    utcOffset: integer('utc_offset').notNull(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    spent: money('spent').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.utcOffset, t.userId, t.day] })],
);

/**
 * An operation's history: one row per create, edit, delete, restore, move and revert, holding the
 * operation as entered after it. Operations from before history was kept get their first row the
 * first time they change.
 */
export const operationVersions = pgTable(
  'operation_versions',
  {
    operationId: integer('operation_id').notNull(),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    actorId: integer('actor_id').notNull(),
    revertedTo: integer('reverted_to'),
    state: jsonb('state').notNull(),
    /** An edit's Idempotency-Key: the same edit sent again answers without a second version. */
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.operationId, t.version] }),
    uniqueIndex('operation_versions_idem_uq')
      .on(t.operationId, t.actorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Pictures of an operation's receipts, in the order they were added. */
export const operationReceipts = pgTable(
  'operation_receipts',
  {
    id: serial('id').primaryKey(),
    operationId: integer('operation_id').notNull(),
    imageId: integer('image_id').notNull(),
    addedBy: integer('added_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('operation_receipts_operation_idx').on(t.operationId, t.id)],
);

export const operationSeen = pgTable(
  'operation_seen',
  {
    operationId: integer('operation_id').notNull(),
    userId: integer('user_id').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operationId] })],
);

/** Daily rates, all expressed as units of `currency` per 1 EUR, so any cross is two lookups. */
export const rates = pgTable(
  'rates',
  {
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    perEur: numeric('per_eur', { precision: 30, scale: 12 }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.rateDate] })],
);

/** Small key/value facts about the database itself (rates last refreshed, seed versions). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
