import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '../../../common/errors';
import { isSpending, SPENDING_KINDS, type Entry, type OperationKind } from '../../../common/ledger';
import { operationDebts as debtsOf } from '../../../common/ledger-debts';
import type { Queryable } from '../../db/client';
import { anyOf, idArray, sqlBuiltOnce } from '../../db/speed/built-once';
import { recomputePairBalances } from '../../db/operation-debts';
import { rowsOf } from '../../db/rows';
import { forgetKeptDays, keptDaysUpdate, spendingDayDeltas } from './spending-days';
import { eventParticipants, events, operationEntries, pairBalances, operations } from '../../db/schema';
import type { OperationRow } from './repository';

/** The figures kept beside the operations (decision 0034): balances, pairs, spending, and the bounds checked on them. */

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

/**
 * Every balance of the event recomputed from the entries of its live operations, read from the
 * event's operations: reading each person's entries instead took the length of their whole
 * history in every event (1.7 s against 0.2 s for a 20,000-row import by someone with one before).
 */
export async function recomputeBalances(db: Queryable, eventId: number): Promise<void> {
  await db.execute(sql`
    update ${eventParticipants} ep set balance = coalesce(t.balance, 0), volume = coalesce(t.volume, 0), spent = coalesce(t.spent, 0)
    from ${eventParticipants} p
    left join (
      select e.user_id, sum(e.paid - e.share) as balance, sum(abs(e.paid) + abs(e.share)) as volume,
        sum(e.share) filter (where ${inArray(operations.kind, SPENDING_KINDS)}) as spent
      from ${operations} join ${operationEntries} e on e.operation_id = ${operations.id}
      where ${operations.eventId} = ${eventId} and ${operations.deletedAt} is null
      group by e.user_id
    ) t on t.user_id = p.user_id
    where p.event_id = ${eventId} and ep.event_id = ${eventId} and ep.user_id = p.user_id`);
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
