import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { type Entry, type Payer } from '../../../common/ledger';
import { debtOfPair, operationDebts as debtsOf, sortDebts, type Debt } from '../../../common/ledger-debts';
import type { SplitMode } from '../../../common/split';
import type { Queryable } from '../../db/client';
import { batchesOf } from '../../db/batches';
import { anyOf, builtOnce, idArray } from '../../db/speed/built-once';
import { jsonRowsBuiltOnce } from '../../db/speed/json-rows';
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
