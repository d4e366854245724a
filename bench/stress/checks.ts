/**
 * What must hold after any load, race or crash, read straight from the database:
 * - every write the server acknowledged is there and live (unless the run deleted it);
 * - no operation is half-written: each has entries, and they balance (paid = share = amount; a
 *   deposit's money comes in, so there paid = share = -amount);
 * - every event sums to zero, and each stored balance equals the sum over its live operations;
 * - each operation's stored pair debts net, person by person, to what its entries say they are owed,
 *   and each event's pair balances are the sum of its live operations' pair debts;
 * - each event's live volume, each participant's volume and what each has written (what the
 *   money bounds are checked against), and each participant's spent shares (the my-share
 *   screen's), equal the sums over the live operations;
 * - each participant's unread count, derived from the kept counts, equals a count over the event's history;
 * - each event's kept operation counts (all, and live) equal a count of its operations;
 * - each kept day of My share (spending_days), at each offset an event keeps, equals the sums over
 *   the live spending operations of that local day, and no day is kept at an offset that is not;
 * - no idempotency key was recorded twice.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';

export interface IntegrityReport {
  operations: number;
  missing: number[];
  halfWritten: number[];
  unbalanced: number[];
  nonZeroEvents: number[];
  driftedBalances: { event: number; user: number; stored: number; computed: number }[];
  /** Operations whose stored pair debts do not add up to their entries (people/balances.ts reads them). */
  strayDebts: number[];
  /** Events whose pair balances (the People page's) differ from their live operations' pair debts. */
  driftedPairs: number[];
  /** Events whose kept live volume, or a participant's volume or spent shares, differs from their live operations. */
  driftedVolumes: number[];
  /** Events where a participant's unread count, derived from the kept counts, differs from a count over the history. */
  driftedUnread: number[];
  /** Events whose kept operation counts (the operations list's) differ from a count of their operations. */
  driftedCounts: number[];
  /** Events whose kept per-day spending (My share's days) differs from their live operations. */
  driftedDays: number[];
  duplicateKeys: number;
}

export function integrityProblems(r: IntegrityReport): string[] {
  const problems: string[] = [];
  if (r.missing.length) problems.push(`${r.missing.length} acknowledged operations missing (e.g. ${r.missing.slice(0, 5).join(', ')})`);
  if (r.halfWritten.length) problems.push(`${r.halfWritten.length} operations without entries`);
  if (r.unbalanced.length) problems.push(`${r.unbalanced.length} operations whose entries do not balance`);
  if (r.nonZeroEvents.length) problems.push(`${r.nonZeroEvents.length} events that do not sum to zero`);
  if (r.driftedBalances.length) problems.push(`${r.driftedBalances.length} stored balances that differ from their operations`);
  if (r.strayDebts.length) problems.push(`${r.strayDebts.length} operations whose stored pair debts differ from their entries`);
  if (r.driftedPairs.length) problems.push(`${r.driftedPairs.length} events whose pair balances differ from their operations`);
  if (r.driftedVolumes.length) problems.push(`${r.driftedVolumes.length} events whose kept volumes differ from their operations`);
  if (r.driftedUnread.length) problems.push(`${r.driftedUnread.length} events whose kept unread counts differ from their operations`);
  if (r.driftedCounts.length) problems.push(`${r.driftedCounts.length} events whose kept operation counts differ from their operations`);
  if (r.driftedDays.length) problems.push(`${r.driftedDays.length} events whose kept days differ from their operations`);
  if (r.duplicateKeys) problems.push(`${r.duplicateKeys} idempotency keys recorded twice`);
  return problems;
}

type Row = Record<string, unknown>;
async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await database.db.execute(query));
}

/** `acknowledged`: ids answered 201; `deleted`: ids the run deleted afterwards (answered 200). */
export async function checkIntegrity(database: Database, acknowledged: Iterable<number>, deleted: Iterable<number> = []): Promise<IntegrityReport> {
  const gone = new Set(deleted);
  const expected = [...new Set(acknowledged)].filter((id) => !gone.has(id));
  const live = new Set((await rows(database, sql`select id from operations where deleted_at is null`)).map((r) => Number(r.id)));
  const total = Number((await rows(database, sql`select count(*)::int as n from operations`))[0]!.n);
  const halfWritten = (
    await rows(
      database,
      sql`select o.id from operations o where not exists (select 1 from operation_entries e where e.operation_id = o.id) and o.kind <> 'comment'`,
    )
  ).map((r) => Number(r.id));
  const unbalanced = (
    await rows(
      database,
      sql`select o.id from operations o join operation_entries e on e.operation_id = o.id
          where o.kind <> 'comment' group by o.id, o.kind, o.amount
          having sum(e.paid) <> sum(e.share)
             or sum(e.paid) <> case when o.kind = 'deposit' then -o.amount else o.amount end`,
    )
  ).map((r) => Number(r.id));
  const nonZeroEvents = (await rows(database, sql`select event_id from event_participants group by event_id having sum(balance) <> 0`)).map((r) =>
    Number(r.event_id),
  );
  const drifted = await rows(
    database,
    sql`select p.event_id, p.user_id, p.balance as stored, coalesce(c.computed, 0) as computed
        from event_participants p
        left join (
          select o.event_id, e.user_id, sum(e.paid - e.share) as computed
          from operations o join operation_entries e on e.operation_id = o.id
          where o.deleted_at is null group by o.event_id, e.user_id
        ) c on c.event_id = p.event_id and c.user_id = p.user_id
        where p.balance <> coalesce(c.computed, 0)`,
  );
  // Per person and operation: what the pairs say they are owed (as hi, minus as lo) against paid - share.
  const strayDebts = (
    await rows(
      database,
      sql`select coalesce(d.operation_id, e.operation_id) as id from (
            select operation_id, person, sum(owed) as owed from (
              select operation_id, hi as person, amount as owed from operation_debts
              union all select operation_id, lo, -amount from operation_debts
            ) pairs group by operation_id, person
          ) d
          full join (select operation_id, user_id, paid - share as owed from operation_entries where paid <> share) e
            on e.operation_id = d.operation_id and e.user_id = d.person
          where coalesce(d.owed, 0) <> coalesce(e.owed, 0)
          group by 1 order by 1`,
    )
  ).map((r) => Number(r.id));
  const driftedPairs = (
    await rows(
      database,
      sql`select coalesce(p.event_id, s.event_id) as id from pair_balances p
          full join (
            select o.event_id, d.lo, d.hi, sum(d.amount) as amount from operation_debts d
            join operations o on o.id = d.operation_id and o.deleted_at is null group by o.event_id, d.lo, d.hi
          ) s on s.event_id = p.event_id and s.lo = p.lo and s.hi = p.hi
          where coalesce(p.amount, 0) <> coalesce(s.amount, 0)
          group by 1 order by 1`,
    )
  ).map((r) => Number(r.id));
  const driftedVolumes = (
    await rows(
      database,
      sql`select ev.id from events ev
          where ev.live_volume <> coalesce((select sum(abs(o.amount)) from operations o where o.event_id = ev.id and o.deleted_at is null), 0)
          union
          select p.event_id from event_participants p
          where p.volume <> coalesce((
            select sum(abs(e.paid) + abs(e.share)) from operation_entries e
            join operations o on o.id = e.operation_id and o.deleted_at is null and o.event_id = p.event_id
            where e.user_id = p.user_id
          ), 0)
          or p.written_volume <> coalesce((
            select sum(abs(o.amount)) from operations o
            where o.event_id = p.event_id and o.deleted_at is null and coalesce(o.edited_by, o.author_id) = p.user_id
          ), 0)
          or p.spent <> coalesce((
            select sum(e.share) from operation_entries e
            join operations o on o.id = e.operation_id and o.deleted_at is null and o.event_id = p.event_id
            where e.user_id = p.user_id and o.kind in ('even_purchase', 'split_purchase', 'i_purchased_them', 'deposit')
          ), 0)
          order by 1`,
    )
  ).map((r) => Number(r.id));
  const driftedUnread = (
    await rows(
      database,
      sql`select distinct p.event_id as id from event_participants p join events ev on ev.id = p.event_id
          where ev.live_count - p.written_live - p.seen_live <> (
            select count(*) from operations o
            where o.event_id = p.event_id and o.deleted_at is null and coalesce(o.edited_by, o.author_id) <> p.user_id
              and not exists (select 1 from operation_seen s where s.user_id = p.user_id and s.operation_id = o.id)
          )
          order by 1`,
    )
  ).map((r) => Number(r.id));
  const driftedCounts = (
    await rows(
      database,
      sql`select ev.id from events ev left join operations o on o.event_id = ev.id
          group by ev.id, ev.operation_count, ev.live_count
          having ev.operation_count <> count(o.id) or ev.live_count <> count(o.id) filter (where o.deleted_at is null)
          order by 1`,
    )
  ).map((r) => Number(r.id));
  // A day emptied by deletes or edits may stay as a row of zeros: it is the same as no row.
  const driftedDays = (
    await rows(
      database,
      sql`with spending as (
            select o.id, o.event_id, k.utc_offset, ((o.op_date at time zone 'UTC') + make_interval(mins => k.utc_offset))::date as day,
              case when o.kind = 'deposit' then -o.amount else o.amount end as spent
            from operations o join spending_day_offsets k on k.event_id = o.event_id
            where o.deleted_at is null and o.kind in ('even_purchase', 'split_purchase', 'i_purchased_them', 'deposit')
          ), summed as (
            select event_id, utc_offset, 0 as user_id, day, sum(spent) as spent, count(*) as count from spending group by 1, 2, 3, 4
            union all
            select s.event_id, s.utc_offset, e.user_id, s.day, sum(e.share), count(*) from spending s
            join operation_entries e on e.operation_id = s.id and e.share <> 0 group by 1, 2, 3, 4
          )
          select distinct coalesce(d.event_id, s.event_id) as id from spending_days d
          full join summed s on s.event_id = d.event_id and s.utc_offset = d.utc_offset and s.user_id = d.user_id and s.day = d.day
          where coalesce(d.spent, 0) <> coalesce(s.spent, 0) or coalesce(d.count, 0) <> coalesce(s.count, 0)
            or (d.event_id is not null and not exists (select 1 from spending_day_offsets k where k.event_id = d.event_id and k.utc_offset = d.utc_offset))
          order by 1`,
    )
  ).map((r) => Number(r.id));
  const duplicateKeys = Number(
    (
      await rows(
        database,
        sql`select count(*)::int as n from (select 1 from operations where idempotency_key is not null group by author_id, idempotency_key having count(*) > 1) d`,
      )
    )[0]!.n,
  );
  return {
    operations: total,
    missing: expected.filter((id) => !live.has(id)),
    halfWritten,
    unbalanced,
    nonZeroEvents,
    driftedBalances: drifted.map((r) => ({ event: Number(r.event_id), user: Number(r.user_id), stored: Number(r.stored), computed: Number(r.computed) })),
    strayDebts,
    driftedPairs,
    driftedVolumes,
    driftedUnread,
    driftedCounts,
    driftedDays,
    duplicateKeys,
  };
}
