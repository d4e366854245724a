import { familyBalances, type FamilyGroup } from './ledger';

/**
 * The settle-up plan (DESIGN §5): who pays whom, and how much, so that every balance ends at zero
 * with as few transfers as possible. Balances are minor units of one currency; the caller plans
 * each currency on its own.
 */

export interface BalanceRow {
  id: number;
  balance: number;
}

export interface Transfer {
  from: number;
  to: number;
  amount: number;
}

/** Up to this many families (after opposite pairs) the plan is the exact minimum. */
export const EXACT_PLAN_LIMIT = 20;

interface Party {
  id: number;
  /** Remaining magnitude: what a debtor still owes or a creditor is still owed. */
  left: number;
}

/** Largest amount first, ties by ascending id (DESIGN §5). */
function before(a: Party, b: Party): boolean {
  return a.left > b.left || (a.left === b.left && a.id < b.id);
}

class PartyHeap {
  private readonly items: Party[] = [];

  constructor(parties: Iterable<Party>) {
    for (const p of parties) this.push(p);
  }

  get size(): number {
    return this.items.length;
  }

  push(p: Party): void {
    const items = this.items;
    items.push(p);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i] as Party, items[parent] as Party)) break;
      [items[i], items[parent]] = [items[parent] as Party, items[i] as Party];
      i = parent;
    }
  }

  pop(): Party | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && before(items[l] as Party, items[best] as Party)) best = l;
        if (r < items.length && before(items[r] as Party, items[best] as Party)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best] as Party, items[i] as Party];
        i = best;
      }
    }
    return top;
  }
}

/**
 * Largest debtor pays largest creditor until everyone is even. Every transfer clears at least one
 * of the two, so k people take at most k - 1 transfers; a debtor only ever pays and a creditor
 * only ever receives. Within a group that has no zero-sum subgroup it takes exactly k - 1.
 */
function settleGreedily(rows: readonly BalanceRow[], out: Transfer[]): void {
  const debtors = new PartyHeap(rows.filter((r) => r.balance < 0).map((r) => ({ id: r.id, left: -r.balance })));
  const creditors = new PartyHeap(rows.filter((r) => r.balance > 0).map((r) => ({ id: r.id, left: r.balance })));
  for (;;) {
    const debtor = debtors.pop();
    const creditor = creditors.pop();
    if (!debtor || !creditor) {
      if (debtor || creditor) throw new Error('balances do not sum to zero');
      return;
    }
    const amount = Math.min(debtor.left, creditor.left);
    out.push({ from: debtor.id, to: creditor.id, amount });
    debtor.left -= amount;
    creditor.left -= amount;
    if (debtor.left > 0) debtors.push(debtor);
    if (creditor.left > 0) creditors.push(creditor);
  }
}

/** For bit i < 5 of a mask: the positions in a 32-bit word whose mask has bit i clear. */
const LOW_BIT_CLEAR = [0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff] as const;

/**
 * Set-of-subsets as a bitset (bit `mask` says whether that subset is in): `into` gets every
 * subset that is one element bigger than a subset in `from` (OR-ed in), or, with `into === from`
 * and bits processed in order, every superset of a subset in `from` (the upward closure, the
 * classic sum-over-subsets pass). 32 subsets move per word operation.
 */
function spreadUp(from: Int32Array, into: Int32Array, k: number): void {
  const n = from.length;
  for (let i = 0; i < Math.min(k, 5); i++) {
    const clear = LOW_BIT_CLEAR[i] as number;
    const shift = 1 << i;
    for (let w = 0; w < n; w++) into[w] = (into[w] as number) | (((from[w] as number) & clear) << shift);
  }
  // Bit i >= 5 is bit i - 5 of the word index: each word with it set takes the word without it.
  for (let i = 5; i < k; i++) {
    const wordBit = 1 << (i - 5);
    for (let base = wordBit; base < n; base += 2 * wordBit) {
      for (let w = base, end = base + wordBit; w < end; w++) into[w] = (into[w] as number) | (from[w - wordBit] as number);
    }
  }
}

function has(set: Int32Array, mask: number): boolean {
  return (((set[mask >>> 5] as number) >>> (mask & 31)) & 1) === 1;
}

/**
 * The partition of `values` (which sum to zero) into the largest number of zero-sum groups; a
 * group of g people takes g - 1 transfers, so the most groups is the fewest transfers. Groups are
 * lists of indices into `values`.
 *
 * Such a partition is a chain ∅ ⊂ Z1 ⊂ … ⊂ Zn = everyone of zero-sum subsets, the groups being the
 * differences, so the search is for the longest chain. Level t is the set of zero-sum subsets
 * that end a chain of length t: level 1 is every non-empty zero-sum subset, level t + 1 the
 * zero-sum subsets strictly containing one of level t. Levels are bitsets over all 2^k subsets,
 * each computed with word-parallel sum-over-subsets passes: about 2 · k · 2^k / 32 word operations
 * per level, at most k / 3 levels once opposite pairs are gone. That is a few milliseconds at
 * k = 20, where the textbook table best[mask] = max over i of best[mask - i] takes tens.
 *
 * Walking back down from everyone, the next subset is the numerically largest zero-sum subset one
 * level lower, which makes the partition deterministic. Sums are exact in a Float64Array as long
 * as sum(|values|) is a safe integer, which planSettlement checks.
 */
export function zeroSumGroups(values: readonly number[]): number[][] {
  const k = values.length;
  if (k > 25) throw new RangeError('zeroSumGroups: at most 25 values');
  if (k === 0) return [];
  const size = 1 << k;
  const full = size - 1;
  const words = Math.max(1, size >>> 5);

  // Zero-sum subsets, meet in the middle: a subset is a low-half subset plus a high-half subset,
  // and it sums to zero when their sums cancel. This touches 2 · 2^(k/2) sums and the zero-sum
  // subsets themselves, not all 2^k sums.
  const half = k >> 1;
  const halfSums = (from: number, to: number): Float64Array => {
    const sums = new Float64Array(1 << (to - from));
    for (let i = from, length = 1; i < to; i++, length <<= 1) {
      const v = values[i] as number;
      for (let m = 0; m < length; m++) sums[length + m] = (sums[m] as number) + v;
    }
    return sums;
  };
  const lowSums = halfSums(0, half);
  const highSums = halfSums(half, k);
  const lowBySum = new Map<number, number[]>();
  lowSums.forEach((sum, low) => {
    const lows = lowBySum.get(sum);
    if (lows) lows.push(low);
    else lowBySum.set(sum, [low]);
  });
  const zeroSum = new Int32Array(words);
  let zeroSumCount = 0;
  highSums.forEach((sum, high) => {
    for (const low of lowBySum.get(-sum) ?? []) {
      const mask = (high << half) | low;
      if (mask === 0) continue;
      zeroSum[mask >>> 5] = (zeroSum[mask >>> 5] as number) | (1 << (mask & 31));
      zeroSumCount++;
    }
  });
  if (!has(zeroSum, full)) throw new Error('settle-up: values do not sum to zero');
  // Typical balances have no zero-sum subgroup at all: everyone is one group.
  if (zeroSumCount === 1) return [values.map((_, i) => i)];

  const levels: Int32Array[] = [zeroSum];
  for (;;) {
    const below = levels[levels.length - 1] as Int32Array;
    const closure = below.slice();
    spreadUp(closure, closure, k);
    const strictlyAbove = new Int32Array(words);
    spreadUp(closure, strictlyAbove, k);
    const next = new Int32Array(words);
    for (let w = 0; w < words; w++) next[w] = (strictlyAbove[w] as number) & (zeroSum[w] as number);
    if (!has(next, full)) break;
    levels.push(next);
  }

  const groups: number[][] = [];
  let mask = full;
  for (let level = levels.length - 1; mask !== 0; level--) {
    let sub = 0;
    if (level > 0) {
      const lower = levels[level - 1] as Int32Array;
      // Submasks of mask in decreasing numeric order.
      for (let s = (mask - 1) & mask; s !== 0; s = (s - 1) & mask) {
        if (has(lower, s)) {
          sub = s;
          break;
        }
      }
      if (sub === 0) throw new Error('settle-up: broken zero-sum chain');
    }
    const group: number[] = [];
    for (let i = 0; i < k; i++) if (((mask & ~sub) >>> i) & 1) group.push(i);
    groups.push(group);
    mask = sub;
  }
  return groups;
}

/**
 * The settle-up plan for balances that sum to zero (positive: is owed; negative: owes):
 * 1. zero balances drop out and exactly opposite balances settle with each other directly;
 * 2. up to EXACT_PLAN_LIMIT remaining, the fewest transfers possible: the largest number of
 *    zero-sum groups (see zeroSumGroups), each settled largest-debtor-to-largest-creditor;
 * 3. above that, largest debtor to largest creditor over everyone, ties by ascending id.
 * The result does not depend on the input order; every amount is positive; nobody both pays and
 * receives; k non-zero balances take at most k - 1 transfers; applying the transfers zeroes every
 * balance. Transfers are listed largest first, then by payer and receiver id.
 * Throws on duplicate ids, non-integer balances or balances that do not sum to zero.
 */
export function planSettlement(balances: readonly BalanceRow[]): Transfer[] {
  const seen = new Set<number>();
  let total = 0n;
  for (const row of balances) {
    if (!Number.isSafeInteger(row.id)) throw new Error(`settle-up: invalid id ${String(row.id)}`);
    if (seen.has(row.id)) throw new Error(`settle-up: id ${row.id} listed twice`);
    if (!Number.isSafeInteger(row.balance)) throw new Error(`settle-up: invalid balance for ${row.id}`);
    seen.add(row.id);
    total += BigInt(row.balance);
  }
  if (total !== 0n) throw new Error(`settle-up: balances sum to ${total}, not zero`);

  const open = balances.filter((r) => r.balance !== 0).sort((a, b) => a.id - b.id);
  const transfers: Transfer[] = [];

  // Opposite pairs first: some fewest-transfer plan always settles a pair {+x, -x} on its own, so
  // taking them out never costs a transfer and shrinks the exponential search below.
  const creditorsByAmount = new Map<number, number[]>();
  for (const r of open) {
    if (r.balance > 0) {
      const ids = creditorsByAmount.get(r.balance) ?? [];
      ids.push(r.id);
      creditorsByAmount.set(r.balance, ids);
    }
  }
  const paired = new Set<number>();
  for (const r of open) {
    if (r.balance >= 0) continue;
    const creditor = creditorsByAmount.get(-r.balance)?.shift();
    if (creditor === undefined) continue;
    transfers.push({ from: r.id, to: creditor, amount: -r.balance });
    paired.add(r.id);
    paired.add(creditor);
  }
  const rest = open.filter((r) => !paired.has(r.id));

  let magnitude = 0;
  for (const r of rest) magnitude += Math.abs(r.balance);
  if (rest.length <= EXACT_PLAN_LIMIT && Number.isSafeInteger(magnitude)) {
    for (const group of zeroSumGroups(rest.map((r) => r.balance))) {
      settleGreedily(
        group.map((i) => rest[i] as BalanceRow),
        transfers,
      );
    }
  } else {
    // Beyond 20 the exact search is out of reach (and beyond 2^53 in total it would not be exact).
    settleGreedily(rest, transfers);
  }
  return transfers.sort((a, b) => b.amount - a.amount || a.from - b.from || a.to - b.to);
}

export interface FamilyTransfer extends Transfer {
  /** The paying family's member with the largest debt. */
  from_user: number;
  /** The receiving family's member with the largest credit. */
  to_user: number;
}

function representative(members: readonly number[], balances: ReadonlyMap<number, number>, sign: 1 | -1): number {
  let chosen: number | undefined;
  let chosenValue = 0;
  for (const uid of [...members].sort((a, b) => a - b)) {
    const value = sign * (balances.get(uid) ?? 0);
    if (chosen === undefined || value > chosenValue) {
      chosen = uid;
      chosenValue = value;
    }
  }
  if (chosen === undefined) throw new Error('settle-up: a family without members has a balance');
  return chosen;
}

/**
 * The debts screen: the plan between event families, each transfer naming the person who pays
 * (the member with the largest debt) and the person who receives (the member with the largest
 * credit; ties by ascending uid). Families with no balance are left out.
 */
export function planFamilySettlement(personBalances: ReadonlyMap<number, number>, families: readonly FamilyGroup[]): FamilyTransfer[] {
  const byFamily = familyBalances(personBalances, families);
  const members = new Map(families.map((f) => [f.id, f.members]));
  const plan = planSettlement([...byFamily].map(([id, balance]) => ({ id, balance })));
  return plan.map((t) => ({
    ...t,
    from_user: representative(members.get(t.from) ?? [], personBalances, -1),
    to_user: representative(members.get(t.to) ?? [], personBalances, 1),
  }));
}
