import type { DebtsResponse, ExpensesResponse } from '../../../common/contract/operations';
import type { OperationKind } from '../../../common/ledger';
import { averageSpending, localDay, localDayStart } from '../../../common/ledger-statistics';
import type { Db, Queryable } from '../../db/client';
import { shownIn } from '../currency/service';
import { requireEvent } from '../events/access';
import { participantsOf } from '../events/repository';
import { currencyOf } from './pricing';
import { livePairDebts } from './repository';
import { keptSpendingByDay } from './spending-days';
import { spendingByDay, spendingOperations, type DaySpending, type SpendingRange } from './spending-sums';

/** The days of the whole history from the kept days when the event keeps the reader's offset; one day opened is summed alone. */
async function spendingDays(db: Db, eventId: number, mine: readonly number[], utcOffset: number, oneDay: SpendingRange | undefined): Promise<DaySpending[]> {
  if (oneDay) return spendingByDay(db, eventId, mine, utcOffset, oneDay);
  return (await keptSpendingByDay(db, eventId, mine, utcOffset)) ?? spendingByDay(db, eventId, mine, utcOffset);
}

/**
 * GET /operation/expenses/: the my-share statistics (DESIGN §3), days in the caller's time zone.
 * The days come from the sums kept with the writes (spending-days.ts), or are summed by the
 * database; operations are read only for the days listed (one day when asked, none for a summary,
 * every day by default), and with one day asked only that day's are summed by day.
 */
export async function expenses(
  db: Db,
  viewer: number,
  query: { event: number; utc_offset: number; currency?: string; family?: 'true' | 'false'; summary?: 'true' | 'false'; day?: string },
): Promise<ExpensesResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const participants = await participantsOf(db, [event.id]);
  // Whose shares count as 'mine': me, or everyone in my event family (the settle-up group).
  const myGroup = participants.find((p) => p.userId === viewer)?.familyGroup;
  const mine = query.family === 'true' ? participants.filter((p) => p.familyGroup === myGroup).map((p) => p.userId) : [viewer];
  const oneDay =
    query.day === undefined ? undefined : { from: localDayStart(query.day, query.utc_offset), until: localDayStart(query.day, query.utc_offset, 1) };
  const [days, listed] = await Promise.all([
    spendingDays(db, event.id, mine, query.utc_offset, oneDay),
    query.summary === 'true' ? [] : spendingOperations(db, event.id, mine, oneDay),
  ]);
  return shownIn(db, currencyOf(event.currency), query.currency, (conv) => {
    const byDay = new Map<string, ExpensesResponse['operations'][number]['operations']>();
    for (const op of listed) {
      const day = localDay(op.opDate, query.utc_offset);
      const items = byDay.get(day) ?? [];
      items.push({
        id: op.id,
        kind: op.kind as OperationKind,
        description: op.description,
        amount: conv.major(op.spent),
        my_share: conv.major(op.mine),
        date: op.opDate.toISOString(),
      });
      byDay.set(day, items);
    }
    // The days' totals summed: each operation's shares add up to what it spent, and nobody with a
    // share leaves an event, so the shares kept with the participants add up to every day's total.
    // Read from them, one day opened sums that day alone.
    const total = participants.reduce((sum, p) => sum + p.spent, 0);
    const myShare = participants.filter((p) => mine.includes(p.userId)).reduce((sum, p) => sum + p.spent, 0);
    return {
      event_id: event.id,
      currency: conv.currency,
      approximate: conv.approximate,
      total_expenses: conv.major(total),
      avg_expenses: conv.major(averageSpending(total, participants.length)),
      my_share: conv.major(myShare),
      participants_count: participants.length,
      shares: participants.map((p) => ({ uid: p.userId, share: conv.major(p.spent) })),
      operations: days.map((d) => ({
        day: d.day,
        total: conv.major(d.total),
        mine: conv.major(d.mine),
        count: d.count,
        operations: byDay.get(d.day) ?? [],
      })),
    };
  });
}

/**
 * GET /operation/debts/: who owes whom as the operations made it, before families and the
 * settle-up simplification (DESIGN §5), netted per pair: the ledger's pairwiseDebts, summed from
 * what each operation stored. Each person's debts and credits add up to exactly their balance, so
 * paying them all settles everyone.
 */
export async function plainDebts(db: Queryable, viewer: number, query: { event: number; currency?: string }): Promise<DebtsResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const debts = await livePairDebts(db, event.id);
  return shownIn(db, currencyOf(event.currency), query.currency, (conv) => ({
    event_id: event.id,
    currency: conv.currency,
    approximate: conv.approximate,
    debts: debts.map((d) => ({ from: d.from, to: d.to, amount: conv.major(d.amount) })),
  }));
}
