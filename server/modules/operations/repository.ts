import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '../../../common/errors';
import { isSpending, SPENDING_KINDS, type Entry, type OperationKind, type Payer } from '../../../common/ledger';
import { debtOfPair, operationDebts as debtsOf, sortDebts, type Debt } from '../../../common/ledger-debts';
import type { SplitMode } from '../../../common/split';
import type { Queryable } from '../../db/client';
import { batchesOf } from '../../db/batches';
import { anyOf, builtOnce, idArray, sqlBuiltOnce } from '../../db/speed/built-once';
import { jsonRowsBuiltOnce } from '../../db/speed/json-rows';
import { recomputePairBalances } from '../../db/operation-debts';
import { rowsOf } from '../../db/rows';
import { forgetKeptDays, keptDaysUpdate, spendingDayDeltas } from './spending-days';
import { eventParticipants, events, operationDebts, operationEntries, pairBalances, operations, operationSeen, operationVersions } from '../../db/schema';

export type OperationRow = typeof operations.$inferSelect;
export type NewOperation = typeof operations.$inferInsert;

/**
 * What an operation was entered as, kept so it can be priced again (move, edit, event currency
 * change) and shown to an edit form as it was typed. Amounts are minor units of the entered currency.
 */
export interface OperationMeta {
  /** The resolved payer (null for a comment); with several payers, the first of them. */
  payer: number | null;
  /** Several payers with what each put in; absent when one person paid it all. */
  payers?: Payer[];
  /** The split mode chosen, when one was. */
  split?: SplitMode;
  /** Explicit parts; `weight` in hundredths for a split by shares or percent. */
  participants: { uid: number; amount?: number; weight?: number }[];
  text: string;
}

/** An operation as entered, in its columns: what a repeating series copies into each occurrence. */
export type EnteredColumns = Pick<NewOperation, 'eventId' | 'authorId' | 'kind' | 'originalAmount' | 'currency' | 'description'> & { meta: OperationMeta };

export function metaOf(row: Pick<OperationRow, 'meta'>): OperationMeta {
  const m = (row.meta ?? {}) as Partial<OperationMeta>;
  const meta: OperationMeta = { payer: m.payer ?? null, participants: m.participants ?? [], text: m.text ?? '' };
  if (m.payers && m.payers.length > 0) meta.payers = m.payers;
  if (m.split) meta.split = m.split;
  return meta;
}

export async function insertOperation(db: Queryable, values: NewOperation): Promise<OperationRow> {
  const [row] = await db.insert(operations).values(values).returning();
  if (!row) throw new Error('operation insert returned nothing');
  return row;
}

/** Many operations at once (an import), in the order given. */
export async function insertOperations(db: Queryable, values: readonly (typeof operations.$inferInsert)[]): Promise<OperationRow[]> {
  const rows: OperationRow[] = [];
  for (const batch of batchesOf(values, 16)) rows.push(...(await db.insert(operations).values(batch).returning()));
  return rows;
}

export async function updateOperation(db: Queryable, id: number, set: Partial<typeof operations.$inferInsert>): Promise<void> {
  await db.update(operations).set(set).where(eq(operations.id, id));
}

export async function insertEntries(db: Queryable, operationId: number, entries: readonly Entry[]): Promise<void> {
  await insertEntriesOf(db, [{ operationId, entries }]);
}

/**
 * The rows of entries and of their pair debts (schema operationDebts) of one operation or many, as
 * the JSON parameters of entryInserts: an entry as `[uid, paid, share, operation]`, a debt as
 * `[lo, hi, amount, operation]`, the operation left out when it is read from elsewhere.
 */
function entryRows(list: readonly { operationId?: number; entries: readonly Entry[] }[]): { entries: string; debts: string } {
  const withId = (row: number[], id: number | undefined) => (id === undefined ? row : [...row, id]);
  const entries = list.flatMap(({ operationId: id, entries }) => entries.map((e) => withId([e.uid, e.paid, e.share], id)));
  const debts = list.flatMap(({ operationId: id, entries }) => debtsOf(entries).map((d) => withId([d.lo, d.hi, d.amount], id)));
  return { entries: JSON.stringify(entries), debts: JSON.stringify(debts) };
}

/**
 * The inserts of entries and of their pair debts, to run as one statement, from the rows of
 * entryRows (or placeholders for them). Rows travel as one JSON parameter each, so no batch ever
 * meets PostgreSQL's limit on parameters. `operationId` reads the operation from each row, or from
 * elsewhere (`beside`, read with the rows).
 */
function entryInserts(rows: { entries: unknown; debts: unknown }, operationId: SQL = sql`(r->>3)::int`, beside: SQL = sql``): { debts: SQL; entries: SQL } {
  return {
    debts: sql`insert into ${operationDebts} (operation_id, lo, hi, amount)
      select ${operationId}, (r->>0)::int, (r->>1)::int, (r->>2)::bigint from ${beside}json_array_elements(${rows.debts}::json) r`,
    entries: sql`insert into ${operationEntries} (operation_id, user_id, paid, share)
      select ${operationId}, (r->>0)::int, (r->>1)::bigint, (r->>2)::bigint from ${beside}json_array_elements(${rows.entries}::json) r`,
  };
}

/**
 * The entries of one operation or many (an import), with their pair debts, in one statement: a
 * write costs no more round trips than it did before pair debts.
 */
export async function insertEntriesOf(db: Queryable, list: readonly { operationId: number; entries: readonly Entry[] }[]): Promise<void> {
  if (list.every((o) => o.entries.length === 0)) return;
  const { debts, entries } = entryInserts(entryRows(list));
  await db.execute(sql`with debts as (${debts}) ${entries}`);
}

/** The columns a new operation is given; the rest take their defaults. */
const NEW_OPERATION_COLUMNS = [
  'eventId',
  'authorId',
  'kind',
  'amount',
  'originalAmount',
  'currency',
  'rate',
  'rateDate',
  'description',
  'opDate',
  'meta',
  'idempotencyKey',
  'recurrenceId',
  'recurrenceDay',
] as const satisfies readonly (keyof NewOperation)[];

/**
 * The statement of insertNewOperation, built once (server/db/speed/built-once.ts): the operation's
 * columns, its entries, its debts and its first version's state are its placeholders.
 */
const insertNewOperationStatement = builtOnce((db) => {
  const values = Object.fromEntries(NEW_OPERATION_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as NewOperation;
  const op = db.$with('op').as(db.insert(operations).values(values).returning());
  const inserts = entryInserts({ entries: sql.placeholder('entries'), debts: sql.placeholder('debts') }, sql`op.id`, sql`op, `);
  const written = [
    inserts.debts,
    inserts.entries,
    sql`insert into ${operationVersions} (operation_id, version, action, actor_id, state, created_at)
      select op.id, op.version, 'created', op.author_id, ${sql.placeholder('state')}::jsonb, op.created_at from op`,
  ].map((statement, i) => db.$with(`written_${i}`, {}).as(statement));
  return db
    .with(op, ...written)
    .select()
    .from(op);
});

/**
 * A new operation with its entries, their pair debts and its first version, in one statement: each
 * of them was a round trip of its own, and on the embedded database a write's rate is its
 * statements' rate (decision 0043). `state` is what the first version keeps (entered.ts stateOf).
 */
export async function insertNewOperation(db: Queryable, values: NewOperation, entries: readonly Entry[], state: unknown): Promise<OperationRow> {
  const columns = Object.fromEntries(NEW_OPERATION_COLUMNS.map((column) => [column, values[column] ?? null]));
  const [row] = await insertNewOperationStatement(db, { ...columns, ...entryRows([{ entries }]), state: JSON.stringify(state) });
  if (!row) throw new Error('operation insert returned nothing');
  return row;
}

export async function replaceEntries(db: Queryable, operationId: number, entries: readonly Entry[]): Promise<void> {
  await db.execute(sql`
    with debts as (delete from ${operationDebts} where operation_id = ${operationId})
    delete from ${operationEntries} where operation_id = ${operationId}`);
  await insertEntries(db, operationId, entries);
}

/** What one operation adds to its event while it is live: its amount and its people's entries. */
export interface OperationEffect {
  /** Its kind, an operation row's: whether its shares are spending (isSpending), which the my-share figures sum. */
  kind: OperationRow['kind'];
  amount: number;
  entries: readonly Entry[];
  /** Its date: the day its spending counts on in the kept days (spending-days.ts). */
  date: Date;
}

/**
 * Adds (sign 1) or takes back (sign -1) an operation's effect on the event's kept figures, as
 * `x = x + delta` so concurrent writers on PostgreSQL never lose an update: each person's balance
 * and volume, each pair's balance, the event's live volume (the last two are what the money
 * bounds are checked against, decision 0034) and a spending operation's day at every offset the
 * event keeps days for (spending-days.ts). Fails with 'participant_not_in_event' when someone
 * in the entries is not (or no longer) a participant.
 *
 * A change to the event's figures is its activity: the same statement marks the event's last
 * activity (what touchEvent does for writes that leave the figures alone, a receipt say), so no
 * write pays a statement of its own for it.
 *
 * `newBy` names the author of an operation just stored: it is live and they wrote it last, so
 * their count of such operations (operations/unread.ts) goes up by one, and what they have written
 * (`written_volume`, the bound of decision 0062) by its amount, in the same statement, with
 * their figures when they have an entry and beside them when not; everyone else's unread count
 * follows from the event's live count. Every other write keeps the counts with rewritingUnread.
 */
export async function applyToBalances(db: Queryable, eventId: number, effect: OperationEffect, sign: 1 | -1, newBy?: number): Promise<void> {
  const { entries } = effect;
  const spending = isSpending(effect.kind as OperationKind);
  const deltas = entries.map((e) => ({
    uid: e.uid,
    d: sign * (e.paid - e.share),
    v: sign * (Math.abs(e.paid) + Math.abs(e.share)),
    s: spending ? sign * e.share : 0,
  }));
  // The pairs (schema pairBalances) in pair order: see balancesStatement.
  const pairs = debtsOf(entries).map((d) => ({ lo: d.lo, hi: d.hi, d: sign * d.amount }));
  const values: BalancesValues = {
    eventId,
    volume: sign * Math.abs(effect.amount),
    now: new Date(),
    deltas: JSON.stringify(deltas),
    pairs: JSON.stringify(pairs),
    newBy: newBy ?? 0,
    opDate: effect.date.toISOString(),
    dayDeltas: spending ? JSON.stringify(spendingDayDeltas(effect.kind, effect.amount, entries, sign)) : '[]',
  };
  const figures = entries.length === 0 && !spending ? 'event' : spending ? 'spending' : 'people';
  const result = await BALANCES[figures][newBy === undefined ? 'other' : 'new'](db, values);
  if (figures !== 'event' && rowsOf(result).length !== deltas.length) {
    throw new DomainError('participant_not_in_event', 'participants');
  }
}

/** The values of every balances statement (balancesStatement); those a variant does not name are left unused. */
type BalancesValues = {
  eventId: number;
  volume: number;
  now: Date;
  /** Each person's change, as JSON rows (uid, d, v, s). */
  deltas: string;
  /** Each pair's change, as JSON rows (lo, hi, d). */
  pairs: string;
  /** The author of a new operation; unused otherwise. */
  newBy: number;
  opDate: string;
  dayDeltas: string;
};

/**
 * applyToBalances' statement, in one of its shapes: only the event's figures (an operation with no
 * entries that spends nothing), or its people's and pairs' too, and with them its kept days
 * (spending); for a new operation or another write. Each shape is built once (built-once.ts).
 */
function balancesStatement(figures: 'event' | 'people' | 'spending', newOperation: boolean): SQL {
  const value = (name: keyof BalancesValues) => sql.placeholder(name);
  const eventId = value('eventId');
  const deltaRows = sql`json_to_recordset(${value('deltas')}::json) as v(uid int, d bigint, v bigint, s bigint)`;
  const eventUpdate = sql`update ${events} set live_volume = live_volume + ${value('volume')}::bigint, last_activity_at = ${value('now')} where id = ${eventId}`;
  // Two updates of one row in one statement would lose one: the CTE takes the author only when the entries leave them out.
  const authorWrote = newOperation
    ? sql`author_wrote as (
          update ${eventParticipants} set written_live = written_live + 1, written_volume = written_volume + ${value('volume')}::bigint
          where event_id = ${eventId} and user_id = ${value('newBy')} and user_id not in (select v.uid from ${deltaRows})
        ), `
    : sql``;
  if (figures === 'event') return newOperation ? sql`with ${authorWrote}event_volume as (${eventUpdate}) select 1` : eventUpdate;
  // The pairs change with the same statement, in pair order (the insert's `order by`) so that two
  // writers never wait on each other in a circle.
  return sql`
    with ${authorWrote}pairs as (
      insert into ${pairBalances} (event_id, lo, hi, amount)
      select ${eventId}::int, p.lo, p.hi, p.d from json_to_recordset(${value('pairs')}::json) as p(lo int, hi int, d bigint) order by p.lo, p.hi
      on conflict (event_id, lo, hi) do update set amount = ${pairBalances}.amount + excluded.amount
    ), event_volume as (${eventUpdate})${figures === 'spending' ? sql`, kept_days as (${keptDaysUpdate()})` : sql``}
    update ${eventParticipants} ep set balance = ep.balance + v.d, volume = ep.volume + v.v, spent = ep.spent + v.s
      ${newOperation ? sql`, written_live = ep.written_live + (ep.user_id = ${value('newBy')})::int, written_volume = ep.written_volume + (ep.user_id = ${value('newBy')})::int * ${value('volume')}::bigint` : sql``}
    from ${deltaRows}
    where ep.event_id = ${eventId} and ep.user_id = v.uid
    returning ep.user_id`;
}

/** Both forms of one shape of the balances statement, each built once (server/db/speed/built-once.ts). */
function balancesStatements(figures: 'event' | 'people' | 'spending') {
  return {
    new: sqlBuiltOnce<BalancesValues>(() => balancesStatement(figures, true)),
    other: sqlBuiltOnce<BalancesValues>(() => balancesStatement(figures, false)),
  };
}

// Every write asks one of these.
const BALANCES = { event: balancesStatements('event'), people: balancesStatements('people'), spending: balancesStatements('spending') };

export async function touchEvent(db: Queryable, eventId: number): Promise<void> {
  await db.update(events).set({ lastActivityAt: new Date() }).where(eq(events.id, eventId));
}

/** The operation, only when `viewer` takes part in its event. */
export async function operationForParticipant(db: Queryable, id: number, viewer: number, forUpdate = false): Promise<OperationRow | null> {
  const query = db
    .select({ op: operations })
    .from(operations)
    .innerJoin(eventParticipants, and(eq(eventParticipants.eventId, operations.eventId), eq(eventParticipants.userId, viewer)))
    .where(eq(operations.id, id));
  const rows = forUpdate ? await query.for('update', { of: operations }) : await query;
  return rows[0]?.op ?? null;
}

// Every write that carries a key asks this first: built once (server/db/speed/built-once.ts).
const operationByKey = builtOnce((db) =>
  db
    .select()
    .from(operations)
    .where(and(eq(operations.authorId, sql.placeholder('author')), eq(operations.idempotencyKey, sql.placeholder('key')))),
);

export async function operationByIdempotencyKey(db: Queryable, author: number, key: string): Promise<OperationRow | null> {
  const [row] = await operationByKey(db, { author, key });
  return row ?? null;
}

/** Rows of many operations, by operation, in the order they came. */
export function byOperation<R extends { operationId: number }, T>(rows: readonly R[], item: (row: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.operationId);
    if (list) list.push(item(row));
    else out.set(row.operationId, [item(row)]);
  }
  return out;
}

/** An operation's entries as the views read them, in their order, through `entriesOf` or view-parts.ts. */
export const ENTRY_FIELDS = {
  operationId: operationEntries.operationId,
  userId: operationEntries.userId,
  paid: operationEntries.paid,
  share: operationEntries.share,
};
export const ENTRY_ORDER = sql`${operationEntries.operationId}, ${operationEntries.userId}`;

const entriesOfOperations = jsonRowsBuiltOnce(ENTRY_FIELDS, ENTRY_ORDER, (db, rows) =>
  db.select({ rows }).from(operationEntries).where(anyOf(operationEntries.operationId, 'operations')),
);

export function entriesByOperation(rows: readonly { operationId: number; userId: number; paid: number; share: number }[]): Map<number, Entry[]> {
  return byOperation(rows, (r) => ({ uid: r.userId, paid: r.paid, share: r.share }));
}

export async function entriesOf(db: Queryable, operationIds: readonly number[]): Promise<Map<number, Entry[]>> {
  if (operationIds.length === 0) return new Map();
  return entriesByOperation(await entriesOfOperations(db, { operations: idArray(operationIds) }));
}

/**
 * Who owes whom in an event, netted per pair over its live operations: its pair balances, kept
 * with every write (schema pairBalances), which are `pairwiseDebts` over those operations' entries.
 * Sorted by debtor then creditor uid, as pairwiseDebts sorts them.
 */
export async function livePairDebts(db: Queryable, eventId: number): Promise<Debt[]> {
  const rows = await db
    .select({ lo: pairBalances.lo, hi: pairBalances.hi, amount: pairBalances.amount })
    .from(pairBalances)
    .where(and(eq(pairBalances.eventId, eventId), ne(pairBalances.amount, 0)));
  return sortDebts(rows.flatMap((r) => debtOfPair(r) ?? []));
}

export async function markSeen(db: Queryable, viewer: number, operationIds: readonly number[]): Promise<void> {
  if (operationIds.length === 0) return;
  await db
    .insert(operationSeen)
    .values(operationIds.map((operationId) => ({ operationId, userId: viewer })))
    .onConflictDoNothing();
}

/** After someone changed it: unread again for everyone but them. */
export async function markUnseenExcept(db: Queryable, operationId: number, viewer: number): Promise<void> {
  await db.delete(operationSeen).where(and(eq(operationSeen.operationId, operationId), ne(operationSeen.userId, viewer)));
  await markSeen(db, viewer, [operationId]);
}

/**
 * Every operation of the event seen by the viewer, whose unread count there is then 0: every live
 * one they did not write last is one they have seen (the caller holds the event).
 */
export async function markAllSeen(db: Queryable, viewer: number, eventId: number): Promise<void> {
  await db.execute(sql`
    insert into ${operationSeen} (operation_id, user_id)
    select id, ${viewer} from ${operations} where event_id = ${eventId}
    on conflict do nothing`);
  await db.execute(sql`
    update ${eventParticipants} ep set seen_live = ev.live_count - ep.written_live
    from ${events} ev where ev.id = ep.event_id and ep.event_id = ${eventId} and ep.user_id = ${viewer}`);
}

/** Every balance of the event recomputed from the entries of its live operations. */
export async function recomputeBalances(db: Queryable, eventId: number): Promise<void> {
  await db.execute(sql`
    update ${eventParticipants} ep set balance = coalesce(t.balance, 0), volume = coalesce(t.volume, 0), spent = coalesce(t.spent, 0)
    from (
      select p.user_id, sum(e.paid - e.share) as balance, sum(abs(e.paid) + abs(e.share)) as volume,
        sum(e.share) filter (where ${inArray(operations.kind, SPENDING_KINDS)}) as spent
      from ${eventParticipants} p
      left join (${operationEntries} e join ${operations} on ${operations.id} = e.operation_id and ${operations.eventId} = ${eventId} and ${operations.deletedAt} is null)
        on e.user_id = p.user_id
      where p.event_id = ${eventId}
      group by p.user_id
    ) t
    where ep.event_id = ${eventId} and ep.user_id = t.user_id`);
  await db.execute(sql`
    update ${events} set live_volume = coalesce((
      select sum(abs(o.amount)) from ${operations} o where o.event_id = ${eventId} and o.deleted_at is null
    ), 0)
    where id = ${eventId}`);
  await recomputePairBalances(db, eventId);
  await forgetKeptDays(db, eventId);
}

/** Keeps the transaction-scoped advisory locks of the totals check apart from any other use. */
const TOTALS_LOCK_SPACE = 0x646f6c;

/**
 * Whether the event's live operations, or what each of `writers` has written in all events (the
 * live operations they last wrote), pass the bounds of decisions 0010 and 0062, counting what this
 * transaction has written. The event row is already locked by every writer; each writer is locked
 * here (in uid order, so two writers never wait on each other in a circle) until the transaction
 * ends, so two events written at once cannot both pass on the same writer's old total. Sums stay
 * in SQL numerics: nothing past the bound is ever read back into a JS number.
 */
export async function totalsExceeded(db: Queryable, eventId: number, writers: readonly number[], bounds: { event: number; writer: number }): Promise<boolean> {
  const people = [...new Set(writers)].sort((a, b) => a - b);
  const ids = idArray(people);
  if (people.length > 0) await lockPeopleForTotals(db, { ids });
  const over = await totalsOver(db, { eventId, ids, eventBound: bounds.event, writerBound: bounds.writer });
  return rowsOf<{ over: boolean }>(over)[0]?.over === true;
}

// Every write asks both: built once (server/db/speed/built-once.ts).
// One statement for all the locks: unnest yields the sorted ids in order, and each lock is taken
// as its row is. The check is a statement of its own, so that its snapshot is taken once the locks
// are held.
const lockPeopleForTotals = sqlBuiltOnce<{ ids: string }>(
  () => sql`select pg_advisory_xact_lock(${TOTALS_LOCK_SPACE}, uid) from unnest(${sql.placeholder('ids')}::int[]) as uid`,
);

// Kept figures (applyToBalances, recomputeBalances, unread.ts), already counting this
// transaction's writes: the history is never read. What a person has written is the sum over the
// events they are in.
const totalsOver = sqlBuiltOnce<{ eventId: number; ids: string; eventBound: number; writerBound: number }>(
  () => sql`
    select exists (select 1 from ${events} where id = ${sql.placeholder('eventId')} and live_volume > ${sql.placeholder('eventBound')})
      or exists (
        select 1 from ${eventParticipants}
        where ${anyOf(sql`user_id`, 'ids')}
        group by user_id
        having sum(written_volume) > ${sql.placeholder('writerBound')}) as over`,
);
