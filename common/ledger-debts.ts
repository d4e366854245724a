import type { Entry } from './ledger';

/** Who owes whom, from the ledger's entries (DESIGN §3): the plain view, before the settle-up simplification. */

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
function proportionalTable(sharers: readonly (readonly [number, number])[], payers: readonly (readonly [number, number])[], total: number): number[][] {
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

/** What one operation makes one person of a pair owe the other: `lo` < `hi`, positive when `lo` owes `hi`. */
export interface PairDebt {
  lo: number;
  hi: number;
  amount: number;
}

/**
 * The debts inside one operation, per unordered pair. `pairwiseDebts` of many operations is the
 * sum of these over them, pair by pair, so they can be stored with the operation and added up
 * later without its entries (the People page).
 */
export function operationDebts(entries: readonly Entry[]): PairDebt[] {
  return pairwiseDebts([entries]).map((d) => (d.from < d.to ? { lo: d.from, hi: d.to, amount: d.amount } : { lo: d.to, hi: d.from, amount: -d.amount }));
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
    const table = payers.length === 1 ? sharers.map(([, s]) => [s]) : proportionalTable(sharers, payers, sign * total);
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
    const [lo, hi] = key.split(':').map(Number) as [number, number];
    const debt = debtOfPair({ lo, hi, amount });
    if (debt) debts.push(debt);
  }
  return sortDebts(debts);
}

/** A pair's signed amount as who pays whom; none when they are even. */
export function debtOfPair({ lo, hi, amount }: PairDebt): Debt | null {
  if (amount === 0) return null;
  return amount > 0 ? { from: lo, to: hi, amount } : { from: hi, to: lo, amount: -amount };
}

/** By debtor, then creditor uid: the order every list of debts is given in. */
export function sortDebts(debts: Debt[]): Debt[] {
  return debts.sort((a, b) => a.from - b.from || a.to - b.to);
}
