/**
 * The my-share figures without reading the event's history into the process: spending by the
 * reader's local day, summed by the database, and each person's share, kept with every write.
 * The figures are common/ledger-statistics' expenseStatistics (a spending operation spends the sum
 * of its shares, a deposit's being negative); reading every operation and entry of a
 * 10,000-operation event for them took half a second.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { SPENDING_KINDS } from '../../../common/ledger';
import type { Queryable } from '../../db/client';
import { eventParticipants, operationEntries, operations } from '../../db/schema';

export interface DaySpending {
  /** The reader's local calendar day, 'YYYY-MM-DD'. */
  day: string;
  total: number;
  /** The shares of `mine` (the reader, or the reader's event family). */
  mine: number;
  /** Spending operations that day. */
  count: number;
}

export interface SpendingRange {
  from?: Date;
  until?: Date;
}

function liveSpending(eventId: number, range: SpendingRange = {}) {
  return and(
    eq(operations.eventId, eventId),
    isNull(operations.deletedAt),
    inArray(operations.kind, [...SPENDING_KINDS]),
    range.from ? gte(operations.opDate, range.from) : undefined,
    range.until ? lt(operations.opDate, range.until) : undefined,
  );
}

// Sums of integer columns are bigint, which the drivers hand over as text; the money bounds of
// decision 0010 keep every such sum a safe integer.
const total = (expression: ReturnType<typeof sql>) => sql<string>`coalesce(${expression}, 0)::text`;

/**
 * Each local day with spending, oldest first. A day's total comes from the operations' amounts (a
 * spending operation's shares add up to its amount, a deposit's to minus it: the integrity checks
 * hold every operation to that), so only the entries of `mine` are read, through their index.
 * `utcOffset`: minutes the reader's clock is ahead of UTC.
 */
export async function spendingByDay(db: Queryable, eventId: number, mine: readonly number[], utcOffset: number): Promise<DaySpending[]> {
  // The reader's part of each operation by its entries' primary key, one probe per operation: a
  // join to an aggregate over the entries was planned as a nested loop that took seconds.
  const spending = db
    .select({
      opDate: operations.opDate,
      spent: sql<number>`case when ${operations.kind} = 'deposit' then -${operations.amount} else ${operations.amount} end`.as('spent'),
      mine: sql<number>`(select sum(e.share) from ${operationEntries} e where e.operation_id = ${operations.id} and e.user_id in ${[...mine]})`.as('mine'),
    })
    .from(operations)
    .where(liveSpending(eventId))
    .as('spending');
  // at time zone 'UTC' first, so the day does not depend on the database session's time zone.
  const day = sql<string>`to_char((${spending.opDate} at time zone 'UTC') + make_interval(mins => ${utcOffset}::int), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, total: total(sql`sum(${spending.spent})`), mine: total(sql`sum(${spending.mine})`), count: sql<number>`count(*)::int` })
    .from(spending)
    // By position: written out again, the day's expression would carry its own parameter, which
    // PostgreSQL does not see as the selected one.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ day: r.day, total: Number(r.total), mine: Number(r.mine), count: Number(r.count) }));
}

/** Each participant's shares of the spending (event_participants.spent, kept with every write), by uid. */
export async function spentShares(db: Queryable, eventId: number): Promise<Map<number, number>> {
  const rows = await db.select({ uid: eventParticipants.userId, spent: eventParticipants.spent }).from(eventParticipants).where(eq(eventParticipants.eventId, eventId));
  return new Map(rows.map((r) => [r.uid, Number(r.spent)]));
}

/** The live spending operations with their entries, in a date range when given: the days a reader opened. */
export async function spendingOperations(db: Queryable, eventId: number, range?: SpendingRange) {
  const rows = await db
    .select({
      id: operations.id,
      kind: operations.kind,
      description: operations.description,
      opDate: operations.opDate,
      uid: operationEntries.userId,
      share: operationEntries.share,
    })
    .from(operationEntries)
    .innerJoin(operations, eq(operations.id, operationEntries.operationId))
    .where(liveSpending(eventId, range))
    .orderBy(asc(operations.opDate), asc(operations.id));
  const byId = new Map<number, { id: number; kind: string; description: string; opDate: Date; shares: { uid: number; share: number }[] }>();
  for (const r of rows) {
    const op = byId.get(r.id) ?? { id: r.id, kind: r.kind, description: r.description, opDate: r.opDate, shares: [] };
    op.shares.push({ uid: r.uid, share: r.share });
    byId.set(r.id, op);
  }
  return [...byId.values()];
}
