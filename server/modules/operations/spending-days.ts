/**
 * My share's per-day sums kept with the writes (schema spendingDays), so that the screen's days
 * are read as one row per day and person instead of summed over the whole history, which took
 * seconds at 100,000 operations (docs/decisions/0045-per-day-spending-kept-per-time-zone.md).
 *
 * A day is the reader's local day, and readers differ in time zone, so the sums are kept per offset
 * (minutes ahead of UTC). An offset is kept from the first time a reader of the event asks for it;
 * an event keeps at most KEPT_OFFSETS_PER_EVENT of them, since every write updates every kept
 * offset's rows. Past that, a reader's days are summed afresh, as before: slower, never wrong.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { SPENDING_KINDS } from '../../../common/ledger';
import { anyOf, idArray, sqlBuiltOnce } from '../../db/speed/built-once';
import type { Db, Queryable } from '../../db/client';
import { events, operationEntries, operations, spendingDayOffsets, spendingDays } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { DaySpending } from './spending-sums';

/**
 * A group spread over more time zones than this reads its days summed afresh. Four covers a family
 * or a trip; each kept offset costs every write into the event one more row per person in it.
 */
export const KEPT_OFFSETS_PER_EVENT = 4;

/**
 * Every time zone in use is a whole number of quarter hours from UTC; only such offsets are kept,
 * so that the slots go to real readers' zones.
 */
const TIME_ZONE_STEP = 15;

/** The row of spending_days that holds the whole event's figures; any other user_id is a person's shares. */
export const WHOLE_EVENT = 0;

/** The local day at each kept offset (`offset`: a column or parameter in minutes) of a UTC instant. */
function localDayAt(instant: SQL, offset: SQL): SQL {
  // at time zone 'UTC' first, so the day does not depend on the database session's time zone.
  return sql`((${instant} at time zone 'UTC') + make_interval(mins => ${offset}))::date`;
}

/** What one live spending operation adds to the kept days, as rows of json_to_recordset(uid, s, c). */
export function spendingDayDeltas(kind: string, amount: number, entries: readonly { uid: number; share: number }[], sign: 1 | -1) {
  // What it spent: its amount, a deposit's negated (the sum of its shares, which the integrity checks hold it to).
  const spent = kind === 'deposit' ? -amount : amount;
  return [{ uid: WHOLE_EVENT, s: sign * spent, c: sign }, ...entries.filter((e) => e.share !== 0).map((e) => ({ uid: e.uid, s: sign * e.share, c: sign }))];
}

/**
 * A data-modifying CTE for applyToBalances' statement, built once: adds the placeholder
 * `dayDeltas` (spendingDayDeltas, as JSON) to the day of `opDate` (an ISO instant) at every offset
 * the event `eventId` keeps. Nothing when it keeps none.
 */
export function keptDaysUpdate(): SQL {
  const eventId = sql.placeholder('eventId');
  const day = localDayAt(sql`${sql.placeholder('opDate')}::timestamptz`, sql`k.utc_offset`);
  return sql`
    insert into ${spendingDays} (event_id, utc_offset, user_id, day, spent, count)
    select ${eventId}::int, k.utc_offset, d.uid, ${day}, d.s, d.c
    from ${spendingDayOffsets} k cross join json_to_recordset(${sql.placeholder('dayDeltas')}::json) as d(uid int, s bigint, c int)
    where k.event_id = ${eventId}
    order by k.utc_offset, d.uid
    on conflict (event_id, utc_offset, user_id, day) do update
      set spent = ${spendingDays}.spent + excluded.spent, count = ${spendingDays}.count + excluded.count`;
}

/** The kept days (spending_days' rows) of `eventId` at `utcOffset`, summed from its live history. */
function fillKeptDays(eventId: number, utcOffset: number): SQL {
  const offset = sql`${utcOffset}::int`;
  const day = localDayAt(sql`o.op_date`, offset);
  const live = sql`o.event_id = ${eventId} and o.deleted_at is null and o.kind in ${[...SPENDING_KINDS]}`;
  return sql`
    insert into ${spendingDays} (event_id, utc_offset, user_id, day, spent, count)
    select ${eventId}::int, ${offset}, ${WHOLE_EVENT}::int, d.day, sum(d.spent), count(*) from (
      select ${day} as day, case when o.kind = 'deposit' then -o.amount else o.amount end as spent
      from ${operations} o where ${live}
    ) d group by d.day
    union all
    select ${eventId}::int, ${offset}, d.user_id, d.day, sum(d.share), count(*) from (
      select e.user_id, ${day} as day, e.share
      from ${operations} o join ${operationEntries} e on e.operation_id = o.id
      where ${live} and e.share <> 0
    ) d group by d.user_id, d.day`;
}

/**
 * Starts keeping `utcOffset`'s days for the event, unless it keeps them already or keeps as many
 * offsets as it may. Holds the event row as every writer does (decision 0010), so no write falls
 * between the sums read here and the first write that keeps them. Whether the offset is kept.
 */
async function keepOffset(db: Db, eventId: number, utcOffset: number): Promise<boolean> {
  if (utcOffset % TIME_ZONE_STEP !== 0) return false;
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    const kept = await tx.select({ utcOffset: spendingDayOffsets.utcOffset }).from(spendingDayOffsets).where(eq(spendingDayOffsets.eventId, eventId));
    if (kept.some((k) => k.utcOffset === utcOffset)) return true;
    if (kept.length >= KEPT_OFFSETS_PER_EVENT) return false;
    await tx.insert(spendingDayOffsets).values({ eventId, utcOffset });
    await tx.execute(fillKeptDays(eventId, utcOffset));
    return true;
  });
}

/**
 * Whether the event keeps `utcOffset`'s days, and those days summed for `ids` (WHOLE_EVENT and the
 * reader's `mine`) when it does: one statement, built once, since My share asks it after every
 * write. Its JSON is one row: the embedded database hands over a row far more slowly than it builds
 * one (800 rows took 10 ms as rows and 3 ms as one JSON array). The money bounds of decision 0010
 * keep every sum a safe integer.
 */
const keptDays = sqlBuiltOnce<{ eventId: number; utcOffset: number; ids: string }>(() => {
  const eventId = sql`${sql.placeholder('eventId')}::int`;
  const utcOffset = sql`${sql.placeholder('utcOffset')}::int`;
  const whole = sql`user_id = ${WHOLE_EVENT}`;
  return sql`
    select exists (select 1 from ${spendingDayOffsets} where event_id = ${eventId} and utc_offset = ${utcOffset}) as kept,
      (select coalesce(json_agg(json_build_array(d.day, d.total, d.mine, d.count) order by d.day), '[]') from (
        select day, sum(spent) filter (where ${whole}) as total, coalesce(sum(spent) filter (where not ${whole}), 0) as mine,
          sum(count) filter (where ${whole}) as count
        from ${spendingDays}
        where event_id = ${eventId} and utc_offset = ${utcOffset} and ${anyOf(sql`user_id`, 'ids')}
        group by day
      ) d
      -- A day emptied by deletes or edits keeps a row of zeros.
      where d.count > 0) as days`;
});

async function readKeptDays(db: Queryable, eventId: number, mine: readonly number[], utcOffset: number): Promise<DaySpending[] | null> {
  const [row] = rowsOf<{ kept: boolean; days: [string, number, number, number][] }>(
    await keptDays(db, { eventId, utcOffset, ids: idArray([WHOLE_EVENT, ...mine]) }),
  );
  if (!row?.kept) return null;
  return row.days.map(([day, total, mineSpent, count]) => ({ day, total: Number(total), mine: Number(mineSpent), count: Number(count) }));
}

/**
 * Each local day with spending, oldest first, as spendingByDay sums it, read from the kept days;
 * null when the event keeps as many other offsets as it may (then the caller sums afresh).
 */
export async function keptSpendingByDay(db: Db, eventId: number, mine: readonly number[], utcOffset: number): Promise<DaySpending[] | null> {
  const kept = await readKeptDays(db, eventId, mine, utcOffset);
  if (kept || !(await keepOffset(db, eventId, utcOffset))) return kept;
  return readKeptDays(db, eventId, mine, utcOffset);
}

/** Stops keeping the event's days (its history was rewritten wholesale); readers keep them again. */
export async function forgetKeptDays(db: Queryable, eventId: number): Promise<void> {
  await db.delete(spendingDays).where(eq(spendingDays.eventId, eventId));
  await db.delete(spendingDayOffsets).where(eq(spendingDayOffsets.eventId, eventId));
}
