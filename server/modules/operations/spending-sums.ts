/**
 * The my-share figures without reading the event's history into the process: spending by the
 * reader's local day, summed by the database (each person's share is kept with every write, in
 * event_participants.spent).
 * The figures are common/ledger-statistics' expenseStatistics (a spending operation spends the sum
 * of its shares, a deposit's being negative); reading every operation and entry of a
 * 10,000-operation event for them took half a second.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { SPENDING_KINDS } from '../../../common/ledger';
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

function liveSpending(eventId: number, range: SpendingRange = {}) {
  return and(
    eq(operations.eventId, eventId),
    isNull(operations.deletedAt),
    inArray(operations.kind, [...SPENDING_KINDS]),
    range.from ? gte(operations.opDate, range.from) : undefined,
    range.until ? lt(operations.opDate, range.until) : undefined,
  );
}

/**
 * What a spending operation spent (a deposit's shares add up to minus its amount, as the integrity
 * checks hold every operation to), and the part of it that is `mine`: read by the entries' primary
 * key, one probe per operation, since a join to an aggregate over the entries was planned as a
 * nested loop that took seconds.
 */
function spendingParts(mine: readonly number[]) {
  return [
    sql`case when ${operations.kind} = 'deposit' then -${operations.amount} else ${operations.amount} end`,
    sql`(select sum(e.share) from ${operationEntries} e where e.operation_id = ${operations.id} and e.user_id in ${[...mine]})`,
  ] as const;
}

// Sums of integer columns are bigint, which the drivers hand over as text; the money bounds of
// decision 0010 keep every such sum a safe integer.
const total = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)::text`.mapWith(Number);

/**
 * Each local day with spending, oldest first, or only those in `range` (one day opened: its
 * operations alone are read, however long the history). A day's total comes from the operations'
 * amounts (a spending operation's shares add up to its amount, a deposit's to minus it: the
 * integrity checks hold every operation to that), so only the entries of `mine` are read, through
 * their index. `utcOffset`: minutes the reader's clock is ahead of UTC.
 */
export async function spendingByDay(db: Queryable, eventId: number, mine: readonly number[], utcOffset: number, range?: SpendingRange): Promise<DaySpending[]> {
  const [spent, mineShare] = spendingParts(mine);
  const spending = db
    .select({
      opDate: operations.opDate,
      spent: sql<number>`${spent}`.as('spent'),
      mine: sql<number>`${mineShare}`.as('mine'),
    })
    .from(operations)
    .where(liveSpending(eventId, range))
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
  return rows;
}

export interface SpendingOperation {
  id: number;
  kind: string;
  description: string;
  opDate: Date;
  /** What it spent: its amount, a deposit's negated (the sum of its shares). */
  spent: number;
  /** The shares of `mine` in it. */
  mine: number;
}

/**
 * The live spending operations in a date range when given (the days a reader opened), oldest
 * first, one row each: summed as the days are, so a day's operations add up to its figures. Read
 * as rows of entries, the 10,000-operation event's whole history took over half a second, most of
 * it the embedded database handing over five times as many rows.
 */
export async function spendingOperations(db: Queryable, eventId: number, mine: readonly number[], range?: SpendingRange): Promise<SpendingOperation[]> {
  const [spent, mineShare] = spendingParts(mine);
  const rows = await db
    .select({
      id: operations.id,
      kind: operations.kind,
      description: operations.description,
      opDate: operations.opDate,
      spent: total(spent),
      mine: total(mineShare),
    })
    .from(operations)
    .where(liveSpending(eventId, range))
    .orderBy(asc(operations.opDate), asc(operations.id));
  return rows;
}
