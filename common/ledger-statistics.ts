import { DomainError } from './errors';
import { isSpending, type Entry, type OperationKind } from './ledger';
import { divideHalfAwayFromZero } from './money';

/** What the ledger's entries say to one reader: the status label of an operation and the my-share statistics (DESIGN §3). */

export type ViewerStatus = 'even' | 'split' | 'bought' | 'lent' | 'received' | 'repaid' | 'income';

/**
 * The status label of an operation for the person looking at it (DESIGN §3). Loans read 'lent'
 * for the lender and 'received' for a borrower, paybacks 'repaid' for the debtor and 'received'
 * for the creditor; someone not involved sees the payer's side ('lent', 'repaid'), which is how the
 * operation is usually told. Comments have no status.
 */
export function viewerStatus(kind: OperationKind, entries: readonly Entry[], viewer: number): ViewerStatus | null {
  const mine = entries.find((e) => e.uid === viewer);
  const receivedMoney = mine !== undefined && mine.share > 0 && mine.paid === 0;
  switch (kind) {
    case 'even_purchase':
      return 'even';
    case 'split_purchase':
      return 'split';
    case 'i_purchased_them':
      return 'bought';
    case 'deposit':
      return 'income';
    case 'i_lent_them':
    case 'they_lent_me':
      return receivedMoney ? 'received' : 'lent';
    case 'payback':
      return receivedMoney ? 'received' : 'repaid';
    case 'comment':
      return null;
  }
}

export interface StatisticsOperation {
  kind: OperationKind;
  entries: readonly Entry[];
  /** A Date, epoch milliseconds or an ISO 8601 timestamp. */
  date: Date | number | string;
}

export interface DayStatistics {
  /** Local calendar day of the viewer, 'YYYY-MM-DD'. */
  day: string;
  total: number;
  mine: number;
}

export interface ExpenseStatistics {
  total_expenses: number;
  avg_expenses: number;
  my_share: number;
  /** Everyone's share of the spending; the values add up to total_expenses. */
  shares: Map<number, number>;
  /** Days with spending, oldest first. */
  days: DayStatistics[];
}

/** The spending an operation represents: its cost for purchases, minus the income for a deposit. */
export function spendingOf(kind: OperationKind, entries: readonly Entry[]): number {
  if (!isSpending(kind)) return 0;
  let total = 0;
  for (const e of entries) total += e.share;
  return total;
}

const MINUTE_MS = 60_000;

/** The calendar day of an instant for someone whose clock is `utcOffsetMinutes` ahead of UTC. */
export function localDay(date: Date | number | string, utcOffsetMinutes: number): string {
  const ms = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(ms) || !Number.isFinite(utcOffsetMinutes)) throw new DomainError('validation_failed', 'date');
  return new Date(ms + utcOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** The instant the local day `day` ('YYYY-MM-DD') starts, `plusDays` later, for a clock `utcOffsetMinutes` ahead of UTC. */
export function localDayStart(day: string, utcOffsetMinutes: number, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000 - utcOffsetMinutes * MINUTE_MS);
}

/** The spending per participant, to the nearest minor unit (halves away from zero); 0 with nobody. */
export function averageSpending(total: number, participantCount: number): number {
  const avg = participantCount > 0 ? Number(divideHalfAwayFromZero(BigInt(total), BigInt(Math.trunc(participantCount)))) : 0;
  return avg === 0 ? 0 : avg;
}

/**
 * The my-share screen (DESIGN §3). `total_expenses` sums the spending operations, deposits
 * subtracting; `avg_expenses` is that total over `participantCount`, rounded to the nearest minor
 * unit (halves away from zero); `shares` are each person's shares of spending operations, so they
 * add up to the total. Days are the viewer's local days: `utcOffsetMinutes` is how far the
 * viewer's clock is ahead of UTC (Moscow +180), the negation of JavaScript's getTimezoneOffset().
 * The caller leaves deleted operations out.
 */
export function expenseStatistics(ops: Iterable<StatisticsOperation>, participantCount: number, viewer: number, utcOffsetMinutes: number): ExpenseStatistics {
  let total = 0;
  const shares = new Map<number, number>();
  const days = new Map<string, DayStatistics>();
  for (const op of ops) {
    if (!isSpending(op.kind)) continue;
    const spent = spendingOf(op.kind, op.entries);
    let mine = 0;
    for (const e of op.entries) {
      shares.set(e.uid, (shares.get(e.uid) ?? 0) + e.share);
      if (e.uid === viewer) mine += e.share;
    }
    total += spent;
    const key = localDay(op.date, utcOffsetMinutes);
    const day = days.get(key) ?? { day: key, total: 0, mine: 0 };
    day.total += spent;
    day.mine += mine;
    days.set(key, day);
  }
  return {
    total_expenses: total,
    avg_expenses: averageSpending(total, participantCount),
    my_share: shares.get(viewer) ?? 0,
    shares,
    days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
  };
}
