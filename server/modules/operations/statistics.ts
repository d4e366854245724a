import type { DebtsResponse, ExpensesResponse } from '../../../common/contract/operations';
import { isSpending, OPERATION_KINDS, type OperationKind } from '../../../common/ledger';
import { expenseStatistics, localDay } from '../../../common/ledger-statistics';
import type { Queryable } from '../../db/client';
import { displayConversion } from '../currency/service';
import { requireEvent } from '../events/access';
import { participantsOf } from '../events/repository';
import { currencyOf } from './pricing';
import { liveEntriesOfKinds, liveOperationsOfKinds, livePairDebts } from './repository';

const SPENDING_KINDS = OPERATION_KINDS.filter(isSpending);

/** GET /operation/expenses/: the my-share statistics (DESIGN §3), days in the caller's time zone. */
export async function expenses(
  db: Queryable,
  viewer: number,
  query: { event: number; utc_offset: number; currency?: string; family?: 'true' | 'false'; summary?: 'true' | 'false'; day?: string },
): Promise<ExpensesResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const conv = await displayConversion(db, currencyOf(event.currency), query.currency);
  const participants = await participantsOf(db, [event.id]);
  // Whose shares count as 'mine': me, or everyone in my event family (the settle-up group).
  const myGroup = participants.find((p) => p.userId === viewer)?.familyGroup;
  const mineOf = new Set(query.family === 'true' ? participants.filter((p) => p.familyGroup === myGroup).map((p) => p.userId) : [viewer]);
  const mineByDay = new Map<string, number>();
  const ops = await liveOperationsOfKinds(db, event.id, SPENDING_KINDS);
  const entries = await liveEntriesOfKinds(db, event.id, SPENDING_KINDS);
  const withEntries = ops.map((o) => ({ op: o, kind: o.kind as OperationKind, entries: entries.get(o.id) ?? [], date: o.opDate }));
  const stats = expenseStatistics(withEntries, participants.length, viewer, query.utc_offset);
  const listed = query.summary === 'true' ? () => false : (day: string) => query.day === undefined || query.day === day;
  const countByDay = new Map<string, number>();
  const byDay = new Map<string, ExpensesResponse['operations'][number]['operations']>();
  for (const { op, entries: list } of withEntries) {
    const day = localDay(op.opDate, query.utc_offset);
    const mine = list.reduce((s, e) => (mineOf.has(e.uid) ? s + e.share : s), 0);
    mineByDay.set(day, (mineByDay.get(day) ?? 0) + mine);
    countByDay.set(day, (countByDay.get(day) ?? 0) + 1);
    if (!listed(day)) continue;
    const items = byDay.get(day) ?? [];
    const total = list.reduce((s, e) => s + e.share, 0);
    items.push({
      id: op.id,
      kind: op.kind as OperationKind,
      description: op.description,
      amount: conv.major(total),
      my_share: conv.major(mine),
      date: op.opDate.toISOString(),
    });
    byDay.set(day, items);
  }
  let myShare = 0;
  for (const uid of mineOf) myShare += stats.shares.get(uid) ?? 0;
  return {
    event_id: event.id,
    currency: conv.currency,
    approximate: conv.approximate,
    total_expenses: conv.major(stats.total_expenses),
    avg_expenses: conv.major(stats.avg_expenses),
    my_share: conv.major(myShare),
    participants_count: participants.length,
    shares: participants.map((p) => ({ uid: p.userId, share: conv.major(stats.shares.get(p.userId) ?? 0) })),
    operations: stats.days
      .filter((d) => query.day === undefined || d.day === query.day)
      .map((d) => ({
        day: d.day,
        total: conv.major(d.total),
        mine: conv.major(mineByDay.get(d.day) ?? 0),
        count: countByDay.get(d.day) ?? 0,
        operations: byDay.get(d.day) ?? [],
      })),
  };
}

/**
 * GET /operation/debts/: who owes whom as the operations made it, before families and the
 * settle-up simplification (DESIGN §5), netted per pair: the ledger's pairwiseDebts, summed from
 * what each operation stored. Each person's debts and credits add up to exactly their balance, so
 * paying them all settles everyone.
 */
export async function plainDebts(db: Queryable, viewer: number, query: { event: number; currency?: string }): Promise<DebtsResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const conv = await displayConversion(db, currencyOf(event.currency), query.currency);
  const debts = await livePairDebts(db, event.id);
  return {
    event_id: event.id,
    currency: conv.currency,
    approximate: conv.approximate,
    debts: debts.map((d) => ({ from: d.from, to: d.to, amount: conv.major(d.amount) })),
  };
}
