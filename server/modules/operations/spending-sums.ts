/**
 * The my-share figures summed by the database: spending by the reader's local day and by person,
 * over an event's live spending operations. The figures are common/ledger-statistics'
 * expenseStatistics (a spending operation spends the sum of its shares, a deposit's being
 * negative); summing here means the screen's request reads two small result sets instead of every
 * operation and entry of the event, which at 10,000 operations took half a second.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operationEntries, operations } from '../../db/schema';

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

function liveSpending(eventId: number, kinds: readonly string[], range: SpendingRange = {}) {
  return and(
    eq(operations.eventId, eventId),
    isNull(operations.deletedAt),
    inArray(operations.kind, [...kinds]),
    range.from ? gte(operations.opDate, range.from) : undefined,
    range.until ? lt(operations.opDate, range.until) : undefined,
  );
}

// Sums of integer columns are bigint, which the drivers hand over as text; the money bounds of
// decision 0010 keep every such sum a safe integer.
const total = (expression: ReturnType<typeof sql>) => sql<string>`coalesce(${expression}, 0)::text`;

export interface SpendingSums {
  /** Each local day with spending, oldest first. */
  days: DaySpending[];
  /** Each person's shares of the spending, by uid; they add up to the total spending. */
  shares: Map<number, number>;
}

/**
 * The days and the people's shares in one pass over the entries (grouping sets), since that pass
 * is what the request costs. `utcOffset`: minutes the reader's clock is ahead of UTC.
 */
export async function spendingSums(db: Queryable, eventId: number, kinds: readonly string[], mine: readonly number[], utcOffset: number): Promise<SpendingSums> {
  // at time zone 'UTC' first, so the day does not depend on the database session's time zone.
  const day = sql<string>`to_char((${operations.opDate} at time zone 'UTC') + make_interval(mins => ${utcOffset}::int), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      byPerson: sql<number>`grouping(${operationEntries.userId})::int`,
      day,
      uid: operationEntries.userId,
      total: total(sql`sum(${operationEntries.share})`),
      mine: total(sql`sum(${operationEntries.share}) filter (where ${inArray(operationEntries.userId, [...mine])})`),
      count: sql<number>`count(distinct ${operations.id})::int`,
    })
    .from(operationEntries)
    .innerJoin(operations, eq(operations.id, operationEntries.operationId))
    .where(liveSpending(eventId, kinds))
    // By position: written out again, the day's expression would carry its own parameter, which
    // PostgreSQL does not see as the selected one. grouping() is 1 where uid is not grouped on.
    .groupBy(sql`grouping sets ((2), (3))`)
    .orderBy(sql`2`);
  const days: DaySpending[] = [];
  const shares = new Map<number, number>();
  for (const r of rows) {
    if (Number(r.byPerson) === 1) days.push({ day: r.day, total: Number(r.total), mine: Number(r.mine), count: Number(r.count) });
    else shares.set(r.uid, Number(r.total));
  }
  return { days, shares };
}

/** The live spending operations with their entries, in a date range when given: the days a reader opened. */
export async function spendingOperations(db: Queryable, eventId: number, kinds: readonly string[], range?: SpendingRange) {
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
    .where(liveSpending(eventId, kinds, range))
    .orderBy(asc(operations.opDate), asc(operations.id));
  const byId = new Map<number, { id: number; kind: string; description: string; opDate: Date; shares: { uid: number; share: number }[] }>();
  for (const r of rows) {
    const op = byId.get(r.id) ?? { id: r.id, kind: r.kind, description: r.description, opDate: r.opDate, shares: [] };
    op.shares.push({ uid: r.uid, share: r.share });
    byId.set(r.id, op);
  }
  return [...byId.values()];
}
