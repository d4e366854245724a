import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EXACT_PLAN_LIMIT, planFamilySettlement, planSettlement, zeroSumGroups, type BalanceRow, type Transfer } from './settle';

const rows = (...balances: number[]): BalanceRow[] => balances.map((balance, i) => ({ id: i + 1, balance }));

/** Reference greedy over everyone, largest debtor to largest creditor, ties by ascending id. */
function plainGreedy(balances: readonly BalanceRow[]): Transfer[] {
  const left = new Map(balances.map((r) => [r.id, r.balance]));
  const out: Transfer[] = [];
  for (;;) {
    const open = [...left].filter(([, b]) => b !== 0);
    if (open.length === 0) return out;
    const pick = (sign: 1 | -1) => open.filter(([, b]) => sign * b > 0).sort((a, b) => sign * b[1] - sign * a[1] || a[0] - b[0])[0]!;
    const [debtor, owes] = pick(-1);
    const [creditor, owed] = pick(1);
    const amount = Math.min(-owes, owed);
    out.push({ from: debtor, to: creditor, amount });
    left.set(debtor, owes + amount);
    left.set(creditor, owed - amount);
  }
}

/** Independent reference: the most zero-sum blocks a partition of `values` can have. */
function maxZeroSumBlocks(values: readonly number[]): number {
  const memo = new Map<number, number>();
  const solve = (mask: number): number => {
    if (mask === 0) return 0;
    const cached = memo.get(mask);
    if (cached !== undefined) return cached;
    const first = mask & -mask;
    const rest = mask ^ first;
    let best = -Infinity;
    // Every block containing the lowest remaining element.
    for (let sub = rest; ; sub = (sub - 1) & rest) {
      const block = sub | first;
      let sum = 0;
      for (let i = 0; i < values.length; i++) if (block & (1 << i)) sum += values[i]!;
      if (sum === 0) best = Math.max(best, 1 + solve(mask ^ block));
      if (sub === 0) break;
    }
    memo.set(mask, best);
    return best;
  };
  return solve((1 << values.length) - 1);
}

/** The checks of DESIGN §5 that every plan must pass. */
function expectValidPlan(balances: readonly BalanceRow[], plan: readonly Transfer[]): void {
  const left = new Map(balances.map((r) => [r.id, r.balance]));
  const payers = new Set<number>();
  const receivers = new Set<number>();
  for (const t of plan) {
    expect(Number.isSafeInteger(t.amount) && t.amount > 0).toBe(true);
    expect(t.from).not.toBe(t.to);
    left.set(t.from, (left.get(t.from) as number) + t.amount);
    left.set(t.to, (left.get(t.to) as number) - t.amount);
    payers.add(t.from);
    receivers.add(t.to);
  }
  for (const [id, b] of left) expect(b === 0, `balance of ${id} left at ${b}`).toBe(true);
  for (const id of payers) expect(receivers.has(id), `${id} both pays and receives`).toBe(false);
  const k = balances.filter((r) => r.balance !== 0).length;
  expect(plan.length).toBeLessThanOrEqual(Math.max(0, k - 1));
}

/** Zero-sum balances: `count - 1` random values and the one that closes the sum. */
const arbBalances = (maxCount: number, maxAbs: number) =>
  fc.array(fc.integer({ min: -maxAbs, max: maxAbs }), { minLength: 1, maxLength: maxCount - 1 }).map((values) => {
    const closing = -values.reduce((a, b) => a + b, 0);
    return rows(...values, closing);
  });

describe('planSettlement', () => {
  it('settles the DESIGN §5 test vector in 3 transfers where greedy takes 4', () => {
    const balances = rows(4, 3, -3, -2, -2);
    const plan = planSettlement(balances);
    expect(plan).toEqual([
      { from: 3, to: 2, amount: 3 },
      { from: 4, to: 1, amount: 2 },
      { from: 5, to: 1, amount: 2 },
    ]);
    expectValidPlan(balances, plan);
    expect(plainGreedy(balances)).toHaveLength(4);
  });

  it('settles the families of the DESIGN §3 worked example in 2 transfers', () => {
    const families = [
      { id: 1, balance: 350000 },
      { id: 2, balance: -220000 },
      { id: 3, balance: -130000 },
    ];
    expect(planSettlement(families)).toEqual([
      { from: 2, to: 1, amount: 220000 },
      { from: 3, to: 1, amount: 130000 },
    ]);
  });

  it('names the member with the largest debt and the one with the largest credit', () => {
    const people = new Map([
      [1, 360000], // Anna
      [2, -10000], // Boris
      [3, -40000], // Vera
      [4, -180000], // Gleb
      [5, -130000], // Dima
    ]);
    const families = [
      { id: 1, members: [1, 2] },
      { id: 2, members: [3, 4] },
      { id: 3, members: [5] },
    ];
    expect(planFamilySettlement(people, families)).toEqual([
      { from: 2, to: 1, amount: 220000, from_user: 4, to_user: 1 },
      { from: 3, to: 1, amount: 130000, from_user: 5, to_user: 1 },
    ]);
  });

  it('has nothing to do when everyone is even', () => {
    expect(planSettlement([])).toEqual([]);
    expect(planSettlement(rows(0, 0, 0))).toEqual([]);
  });

  it('settles exactly opposite balances directly, lowest ids first', () => {
    expect(planSettlement(rows(5, -5, 5, -5, 7, -7))).toEqual([
      { from: 6, to: 5, amount: 7 },
      { from: 2, to: 1, amount: 5 },
      { from: 4, to: 3, amount: 5 },
    ]);
  });

  it('refuses balances that do not add up, repeat an id or are not integers', () => {
    expect(() => planSettlement(rows(5, -4))).toThrow(/sum/);
    expect(() =>
      planSettlement([
        { id: 1, balance: 5 },
        { id: 1, balance: -5 },
      ]),
    ).toThrow(/twice/);
    expect(() => planSettlement(rows(0.5, -0.5))).toThrow(/balance/);
    expect(() =>
      planSettlement([
        { id: 1, balance: Number.MAX_SAFE_INTEGER },
        { id: 2, balance: Number.MAX_SAFE_INTEGER },
        { id: 3, balance: 2 },
      ]),
    ).toThrow(/sum/);
  });

  it('always gives a valid plan, whatever the balances', () => {
    fc.assert(
      fc.property(fc.oneof(arbBalances(8, 10), arbBalances(22, 10 ** 6), arbBalances(60, 1000)), (balances) => {
        expectValidPlan(balances, planSettlement(balances));
      }),
      { numRuns: 300 },
    );
  });

  it('takes the fewest transfers possible, checked by brute force', () => {
    fc.assert(
      fc.property(arbBalances(9, 6), (balances) => {
        const values = balances.map((r) => r.balance).filter((b) => b !== 0);
        const fewest = values.length === 0 ? 0 : values.length - maxZeroSumBlocks(values);
        expect(planSettlement(balances)).toHaveLength(fewest);
      }),
      { numRuns: 400 },
    );
  });

  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(arbBalances(10, 8), arbBalances(30, 100))
          .chain((balances) => fc.tuple(fc.constant(balances), fc.shuffledSubarray(balances, { minLength: balances.length }))),
        ([balances, shuffled]) => {
          expect(planSettlement(shuffled)).toEqual(planSettlement(balances));
        },
      ),
    );
  });

  it('goes greedy above 20, largest debtor to largest creditor, ties by ascending id', () => {
    // 11 creditors of +20 and 11 debtors of -20 and -... no opposite pairs: 22 open balances.
    const balances = [
      ...Array.from({ length: 11 }, (_, i) => ({ id: 100 - i, balance: 30 })),
      ...Array.from({ length: 15 }, (_, i) => ({ id: 200 + i, balance: -22 })),
    ];
    balances.push({ id: 1, balance: -balances.reduce((a, r) => a + r.balance, 0) });
    expect(balances.length).toBeGreaterThan(EXACT_PLAN_LIMIT);
    const plan = planSettlement(balances);
    expectValidPlan(balances, plan);
    expect(plan).toEqual([...plainGreedy(balances)].sort((a, b) => b.amount - a.amount || a.from - b.from || a.to - b.to));
  });

  it('finds the most zero-sum groups, checked against the textbook subset table', () => {
    /** best[mask] = max over i in mask of best[mask - i], plus one when mask sums to zero. */
    const textbook = (values: readonly number[]): number => {
      const size = 1 << values.length;
      const sums = new Float64Array(size);
      const best = new Uint8Array(size);
      for (let mask = 1; mask < size; mask++) {
        const low = mask & -mask;
        sums[mask] = sums[mask ^ low]! + values[31 - Math.clz32(low)]!;
        let most = 0;
        for (let rest = mask; rest; rest &= rest - 1) most = Math.max(most, best[mask ^ (rest & -rest)]!);
        best[mask] = sums[mask] === 0 ? most + 1 : most;
      }
      return best[size - 1]!;
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -9, max: 9 }).filter((v) => v !== 0),
          { minLength: 1, maxLength: 15 },
        ),
        (values) => {
          const closing = -values.reduce((a, b) => a + b, 0);
          const all = closing === 0 ? values : [...values, closing];
          const groups = zeroSumGroups(all);
          for (const group of groups) expect(group.reduce((a, i) => a + all[i]!, 0)).toBe(0);
          expect(groups.flat().sort((a, b) => a - b)).toEqual(all.map((_, i) => i));
          expect(groups).toHaveLength(textbook(all));
          if (all.length <= 9) expect(groups).toHaveLength(maxZeroSumBlocks(all));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('falls back to greedy when the amounts are too large to sum exactly', () => {
    const balances = rows(Number.MAX_SAFE_INTEGER - 10, 10, -(Number.MAX_SAFE_INTEGER - 20), -20);
    expectValidPlan(balances, planSettlement(balances));
  });

  it('finds the optimum among thousands of zero-sum subsets', () => {
    // Six +2 and twelve -1: 34,124 zero-sum subsets, and the best plan is six groups {+2, -1, -1}.
    const balances = rows(2, 2, 2, 2, 2, 2, ...Array.from({ length: 12 }, () => -1));
    const plan = planSettlement(balances);
    expectValidPlan(balances, plan);
    expect(plan).toHaveLength(12);
  });
});

describe('planSettlement on the largest inputs', () => {
  // Timings live in `npm run bench`; here the hardest inputs are checked for correctness only.
  const random = (count: number, seed: number): BalanceRow[] => {
    let state = seed;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state;
    };
    const values = Array.from({ length: count - 1 }, () => (next() % 2_000_001) - 1_000_000 || 1);
    return rows(...values, -values.reduce((a, b) => a + b, 0));
  };

  it('plans 20 families exactly, including inputs crowded with zero-sum subsets', () => {
    for (const seed of [1, 2, 3, 4, 5]) expectValidPlan(random(20, seed), planSettlement(random(20, seed)));
    // Worst cases for the subset search: tens of thousands of zero-sum subsets, no opposite pairs,
    // and (the second) six or more groups, each one more level of the search.
    const crowded = [
      rows(6, 6, 6, 6, 6, 10, 10, ...Array.from({ length: 9 }, () => -4), -15, -15, 5, 11),
      rows(2, 2, 2, 2, 2, ...Array.from({ length: 10 }, () => -1), 3, 4, 5, -6, -6),
    ];
    for (const balances of crowded) expectValidPlan(balances, planSettlement(balances));
  });

  it('plans 1000 families greedily', () => {
    expectValidPlan(random(1000, 7), planSettlement(random(1000, 7)));
  });
});
