import { DomainError, type ErrorCode } from './errors';
import { divideHalfAwayFromZero } from './money';
import { splitEqually, splitWithParts, type Part } from './split';

/**
 * The ledger (DESIGN §3). Every operation becomes one entry per person involved: what that person
 * put in (`paid`) and the part of the cost that is theirs (`share`), in the event currency's minor
 * units, with sum(paid) = sum(share). A balance is sum(paid - share); everything else (families,
 * the settle-up plan, statistics, who owes whom) is derived from entries, so a new kind or split
 * mode never touches those.
 */

export const OPERATION_KINDS = [
  'even_purchase',
  'split_purchase',
  'i_purchased_them',
  'i_lent_them',
  'they_lent_me',
  'deposit',
  'payback',
  'comment',
] as const;

export type OperationKind = (typeof OPERATION_KINDS)[number];

export function isOperationKind(value: unknown): value is OperationKind {
  return typeof value === 'string' && (OPERATION_KINDS as readonly string[]).includes(value);
}

export interface Entry {
  uid: number;
  paid: number;
  share: number;
}

export interface OperationInput {
  kind: OperationKind;
  /** Minor units of the event currency; the deposit's amount is entered positive too. */
  amount: number;
  author: number;
  /**
   * Who put the money in. The caller applies the default (the author) for purchases, deposits
   * and 'i lent them'; for 'they lent me' it is the lender and for a payback the debtor, and a
   * missing one is 'sender_or_recipient_required'.
   */
  payer?: number | null;
  /**
   * Purchases: the people sharing the cost (explicit amounts only count for split purchases,
   * 'i purchased them' and deposits; an even purchase is equal by definition).
   * 'i lent them': the borrowers. Deposit: the people the income belongs to.
   * Payback: the creditor (the payer may be listed too). 'They lent me': at most the author and
   * the lender, since the share is the author's.
   */
  participants: readonly Part[];
}

const SPENDING: ReadonlySet<OperationKind> = new Set(['even_purchase', 'split_purchase', 'i_purchased_them', 'deposit']);

/** Purchases and deposits are spending (a deposit negatively); loans and paybacks only move money. */
export function isSpending(kind: OperationKind): boolean {
  return SPENDING.has(kind);
}

function fail(code: ErrorCode, field?: string): never {
  throw new DomainError(code, field);
}

function requirePayer(payer: number | null | undefined): number {
  if (payer === null || payer === undefined) fail('sender_or_recipient_required', 'payer');
  if (!Number.isSafeInteger(payer)) fail('validation_failed', 'payer');
  return payer;
}

/** Purchases and loans the author makes: the payer is the author whatever the caller says. */
function requireAuthorPays(op: OperationInput): number {
  if (op.payer !== null && op.payer !== undefined && op.payer !== op.author) fail('validation_failed', 'payer');
  return op.author;
}

function uidsOf(parts: readonly Part[]): number[] {
  return parts.map((p) => p.uid);
}

/**
 * The entries of one operation, sorted by uid, one per person involved. Throws DomainError with
 * the specification's codes when the operation cannot exist:
 * 'amount_invalid' / 'amount_too_small' for the amount (at least one minor unit, except comments),
 * 'participants_too_few', 'sender_or_recipient_required', 'sender_recipient_same',
 * 'remainder_negative' and 'parts_do_not_sum' for the people.
 */
export function operationEntries(op: OperationInput): Entry[] {
  if (!isOperationKind(op.kind)) fail('validation_failed', 'kind');
  if (op.kind === 'comment') return [];
  if (!Number.isSafeInteger(op.amount)) fail('amount_invalid', 'amount');
  if (op.amount < 1) fail('amount_too_small', 'amount');
  if (!Number.isSafeInteger(op.author)) fail('validation_failed', 'author');
  const uids = uidsOf(op.participants);
  if (uids.some((uid) => !Number.isSafeInteger(uid)) || new Set(uids).size !== uids.length) {
    fail('validation_failed', 'participants');
  }

  const paid = new Map<number, number>();
  let shares: Map<number, number>;
  switch (op.kind) {
    case 'even_purchase':
    case 'split_purchase': {
      const payer = requirePayer(op.payer);
      if (new Set([payer, ...uids]).size < 2) fail('participants_too_few', 'participants');
      shares = op.kind === 'even_purchase' ? splitEqually(op.amount, uids) : splitWithParts(op.amount, op.participants);
      paid.set(payer, op.amount);
      break;
    }
    case 'i_purchased_them': {
      const payer = requireAuthorPays(op);
      // The buyer is not one of "them": a picker that lists everyone may include the author.
      const others = op.participants.filter((p) => p.uid !== payer);
      if (others.length === 0) fail('participants_too_few', 'participants');
      shares = splitWithParts(op.amount, others);
      paid.set(payer, op.amount);
      break;
    }
    case 'i_lent_them': {
      const lender = requireAuthorPays(op);
      if (uids.includes(lender)) fail('sender_recipient_same', 'participants');
      if (uids.length === 0) fail('participants_too_few', 'participants');
      shares = splitWithParts(op.amount, op.participants);
      paid.set(lender, op.amount);
      break;
    }
    case 'they_lent_me': {
      const lender = requirePayer(op.payer);
      if (lender === op.author) fail('sender_recipient_same', 'payer');
      if (uids.some((uid) => uid !== op.author && uid !== lender)) fail('validation_failed', 'participants');
      shares = new Map([[op.author, op.amount]]);
      paid.set(lender, op.amount);
      break;
    }
    case 'deposit': {
      const receiver = requirePayer(op.payer);
      if (uids.length === 0) fail('participants_too_few', 'participants');
      // Parts are entered as positive money like the amount; in the ledger income is negative.
      const negated = op.participants.map((p) =>
        p.amount === undefined || p.amount === null ? { uid: p.uid } : { uid: p.uid, amount: -p.amount },
      );
      shares = splitWithParts(-op.amount, negated);
      paid.set(receiver, -op.amount);
      break;
    }
    case 'payback': {
      const debtor = requirePayer(op.payer);
      const creditors = uids.filter((uid) => uid !== debtor);
      if (creditors.length === 0) {
        fail(uids.length > 0 ? 'sender_recipient_same' : 'sender_or_recipient_required', 'participants');
      }
      if (creditors.length > 1) fail('validation_failed', 'participants');
      shares = new Map([[creditors[0] as number, op.amount]]);
      paid.set(debtor, op.amount);
      break;
    }
  }

  const people = [...new Set([...paid.keys(), ...shares.keys()])].sort((a, b) => a - b);
  const entries = people.map((uid) => ({ uid, paid: paid.get(uid) ?? 0, share: shares.get(uid) ?? 0 }));
  let balance = 0;
  for (const e of entries) balance += e.paid - e.share;
  if (balance !== 0) throw new Error(`ledger invariant broken for ${op.kind}: sum(paid) - sum(share) = ${balance}`);
  return entries;
}

/** Each person's balance: positive is owed to them, negative is what they owe. */
export function balancesOf(entries: Iterable<Entry>): Map<number, number> {
  const balances = new Map<number, number>();
  for (const e of entries) balances.set(e.uid, (balances.get(e.uid) ?? 0) + e.paid - e.share);
  return balances;
}

export interface FamilyGroup {
  id: number;
  members: readonly number[];
}

/**
 * A family's balance is the sum of its members' ('Whole family'). Every family appears, 0 when its
 * members owe nothing. A person in two families, or someone with a non-zero balance in none, is a
 * grouping bug upstream and would make the settle-up plan wrong, so it throws.
 */
export function familyBalances(
  balances: ReadonlyMap<number, number> | Iterable<readonly [number, number]>,
  families: readonly FamilyGroup[],
): Map<number, number> {
  const byPerson = balances instanceof Map ? (balances as ReadonlyMap<number, number>) : new Map(balances);
  const familyOf = new Map<number, number>();
  const result = new Map<number, number>();
  for (const family of families) {
    if (result.has(family.id)) throw new Error(`family ${family.id} listed twice`);
    let sum = 0;
    for (const uid of family.members) {
      if (familyOf.has(uid)) throw new Error(`user ${uid} is in families ${familyOf.get(uid)} and ${family.id}`);
      familyOf.set(uid, family.id);
      sum += byPerson.get(uid) ?? 0;
    }
    result.set(family.id, sum);
  }
  for (const [uid, balance] of byPerson) {
    if (balance !== 0 && !familyOf.has(uid)) throw new Error(`user ${uid} has a balance but no family`);
  }
  return result;
}

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

/**
 * The my-share screen (DESIGN §3). `total_expenses` sums the spending operations, deposits
 * subtracting; `avg_expenses` is that total over `participantCount`, rounded to the nearest minor
 * unit (halves away from zero); `shares` are each person's shares of spending operations, so they
 * add up to the total. Days are the viewer's local days: `utcOffsetMinutes` is how far the
 * viewer's clock is ahead of UTC (Moscow +180), the negation of JavaScript's getTimezoneOffset().
 * The caller leaves deleted operations out.
 */
export function expenseStatistics(
  ops: Iterable<StatisticsOperation>,
  participantCount: number,
  viewer: number,
  utcOffsetMinutes: number,
): ExpenseStatistics {
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
  const avg =
    participantCount > 0 ? Number(divideHalfAwayFromZero(BigInt(total), BigInt(Math.trunc(participantCount)))) : 0;
  return {
    total_expenses: total,
    avg_expenses: avg === 0 ? 0 : avg,
    my_share: shares.get(viewer) ?? 0,
    shares,
    days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
  };
}

export interface Debt {
  from: number;
  to: number;
  amount: number;
}

function addDebt(net: Map<string, number>, from: number, to: number, amount: number): void {
  if (from === to || amount === 0) return;
  // Stored once per unordered pair, positive meaning the lower uid owes the higher one.
  const [lo, hi, signed] = from < to ? [from, to, amount] : [to, from, -amount];
  const key = `${lo}:${hi}`;
  net.set(key, (net.get(key) ?? 0) + signed);
}

/**
 * Integer amounts d[i][j] close to share_i × paid_j / total with row sums share_i and column sums
 * paid_j exactly. Each amount is the exact proportional value rounded down or up; which ones go up
 * is found as a flow (rows with units still to place, to columns with units still to take, through
 * cells whose exact value is fractional), which always exists because the exact table is a
 * fractional solution of the same flow problem. Ties resolve by ascending uid.
 */
function proportionalTable(
  sharers: readonly (readonly [number, number])[],
  payers: readonly (readonly [number, number])[],
  total: number,
): number[][] {
  const T = BigInt(total);
  const table: number[][] = [];
  const fractional: boolean[][] = [];
  const rowNeed: number[] = [];
  const colNeed = payers.map(([, p]) => p);
  sharers.forEach(([, s], i) => {
    const row: number[] = [];
    const frac: boolean[] = [];
    let placed = 0;
    payers.forEach(([, p], j) => {
      const exact = BigInt(s) * BigInt(p);
      const floor = Number(exact / T);
      row.push(floor);
      frac.push(exact % T !== 0n);
      placed += floor;
      colNeed[j] = (colNeed[j] as number) - floor;
    });
    table.push(row);
    fractional.push(frac);
    rowNeed[i] = s - placed;
  });
  const raised = sharers.map(() => payers.map(() => false));
  for (let i = 0; i < sharers.length; i++) {
    while ((rowNeed[i] as number) > 0) {
      // Breadth-first augmenting path: row → (unraised fractional cell) → column → (raised cell) → row.
      const prevRowOfCol = new Array<number>(payers.length).fill(-1);
      const prevColOfRow = new Array<number>(sharers.length).fill(-1);
      const seenRow = new Array<boolean>(sharers.length).fill(false);
      seenRow[i] = true;
      let queue = [i];
      let found = -1;
      while (queue.length > 0 && found < 0) {
        const next: number[] = [];
        for (const r of queue) {
          for (let c = 0; c < payers.length && found < 0; c++) {
            if (prevRowOfCol[c] !== -1 || !fractional[r]?.[c] || raised[r]?.[c]) continue;
            prevRowOfCol[c] = r;
            if ((colNeed[c] as number) > 0) {
              found = c;
              break;
            }
            for (let r2 = 0; r2 < sharers.length; r2++) {
              if (!seenRow[r2] && raised[r2]?.[c]) {
                seenRow[r2] = true;
                prevColOfRow[r2] = c;
                next.push(r2);
              }
            }
          }
          if (found >= 0) break;
        }
        queue = next;
      }
      if (found < 0) throw new Error('proportional rounding found no augmenting path');
      colNeed[found] = (colNeed[found] as number) - 1;
      rowNeed[i] = (rowNeed[i] as number) - 1;
      let c = found;
      for (;;) {
        const r = prevRowOfCol[c] as number;
        (raised[r] as boolean[])[c] = true;
        (table[r] as number[])[c] = ((table[r] as number[])[c] as number) + 1;
        if (r === i) break;
        const back = prevColOfRow[r] as number;
        (raised[r] as boolean[])[back] = false;
        (table[r] as number[])[back] = ((table[r] as number[])[back] as number) - 1;
        c = back;
      }
    }
  }
  return table;
}

/** An operation whose money does not all flow one way: settle its net amounts debtor to creditor. */
function addNetDebts(net: Map<string, number>, entries: readonly Entry[]): void {
  const debtors = entries.filter((e) => e.paid - e.share < 0).map((e) => ({ uid: e.uid, left: e.share - e.paid }));
  const creditors = entries.filter((e) => e.paid - e.share > 0).map((e) => ({ uid: e.uid, left: e.paid - e.share }));
  let c = 0;
  for (const d of debtors) {
    while (d.left > 0) {
      const creditor = creditors[c];
      if (!creditor) throw new Error('operation entries do not balance');
      const amount = Math.min(d.left, creditor.left);
      addDebt(net, d.uid, creditor.uid, amount);
      d.left -= amount;
      creditor.left -= amount;
      if (creditor.left === 0) c++;
    }
  }
}

/**
 * The plain who-owes-whom view, without simplification: in every operation each person's share is
 * owed to the payers in proportion to what they paid (with one payer, which every kind has today,
 * the whole share is owed to them; a deposit's receiver owes each person their part). Amounts are
 * netted per pair across operations. Rounding, needed only with several payers, keeps every
 * operation exact: what each person owes adds up to their share and what each payer is owed adds
 * up to what they paid, so each person's debts net to exactly their balance.
 * Sorted by payer then receiver uid.
 */
export function pairwiseDebts(operations: Iterable<readonly Entry[]>): Debt[] {
  const net = new Map<string, number>();
  for (const entries of operations) {
    let total = 0;
    for (const e of entries) total += e.paid;
    const sign = total < 0 ? -1 : 1;
    const oneWay = total !== 0 && entries.every((e) => sign * e.paid >= 0 && sign * e.share >= 0);
    if (!oneWay) {
      addNetDebts(net, entries);
      continue;
    }
    const sharers = entries.filter((e) => e.share !== 0).map((e) => [e.uid, sign * e.share] as const);
    const payers = entries.filter((e) => e.paid !== 0).map((e) => [e.uid, sign * e.paid] as const);
    const table =
      payers.length === 1 ? sharers.map(([, s]) => [s]) : proportionalTable(sharers, payers, sign * total);
    sharers.forEach(([sharer], i) => {
      payers.forEach(([payer], j) => {
        const amount = table[i]?.[j] ?? 0;
        // Income flows the other way: whoever received a deposit owes each person their part.
        if (sign > 0) addDebt(net, sharer, payer, amount);
        else addDebt(net, payer, sharer, amount);
      });
    });
  }
  const debts: Debt[] = [];
  for (const [key, amount] of net) {
    if (amount === 0) continue;
    const [lo, hi] = key.split(':').map(Number) as [number, number];
    debts.push(amount > 0 ? { from: lo, to: hi, amount } : { from: hi, to: lo, amount: -amount });
  }
  return debts.sort((a, b) => a.from - b.from || a.to - b.to);
}
