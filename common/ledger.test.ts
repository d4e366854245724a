import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DomainError } from './errors';
import { rescaleEntries } from './ledger-currency';
import {
  OPERATION_KINDS,
  balancesOf,
  familyBalances,
  isOperationKind,
  isSpending,
  operationEntries,
  type Entry,
  type OperationInput,
  type OperationKind,
} from './ledger';
import { pairwiseDebts } from './ledger-debts';
import { expenseStatistics, localDay, spendingOf, viewerStatus } from './ledger-statistics';

const code = (c: string) => expect.objectContaining({ code: c });
const ANNA = 1;
const BORIS = 2;
const VERA = 3;
const GLEB = 4;
const DIMA = 5;
const ALL = [ANNA, BORIS, VERA, GLEB, DIMA];
const RUB = 100; // minor units per ruble

/** DESIGN §3 worked example, all RUB, in minor units. */
const WORKED_EXAMPLE: (OperationInput & { date: string })[] = [
  // 1. even purchase: Anna pays 5000, all five share.
  { kind: 'even_purchase', amount: 5000 * RUB, author: ANNA, payer: ANNA, participants: ALL.map((uid) => ({ uid })), date: '2026-03-01T10:00:00Z' },
  // 2. split purchase: Vera pays 3000; Anna 1000, Vera 1000, Dima 1000.
  {
    kind: 'split_purchase',
    amount: 3000 * RUB,
    author: VERA,
    payer: VERA,
    participants: [
      { uid: ANNA, amount: 1000 * RUB },
      { uid: VERA, amount: 1000 * RUB },
      { uid: DIMA, amount: 1000 * RUB },
    ],
    date: '2026-03-01T22:30:00Z',
  },
  // 3. i purchased them: Dima pays 1200 for Vera and Gleb.
  { kind: 'i_purchased_them', amount: 1200 * RUB, author: DIMA, payer: DIMA, participants: [{ uid: VERA }, { uid: GLEB }], date: '2026-03-02T09:00:00Z' },
  // 4. i lent them: Boris lends Dima 700.
  { kind: 'i_lent_them', amount: 700 * RUB, author: BORIS, payer: BORIS, participants: [{ uid: DIMA }], date: '2026-03-02T10:00:00Z' },
  // 5. they lent me (author Gleb): Anna lent Gleb 400.
  { kind: 'they_lent_me', amount: 400 * RUB, author: GLEB, payer: ANNA, participants: [], date: '2026-03-02T11:00:00Z' },
  // 6. deposit: Vera receives 1000 for all five.
  { kind: 'deposit', amount: 1000 * RUB, author: VERA, payer: VERA, participants: ALL.map((uid) => ({ uid })), date: '2026-03-03T12:00:00Z' },
  // 7. comment.
  { kind: 'comment', amount: 0, author: ANNA, participants: [], date: '2026-03-03T13:00:00Z' },
];

describe('DESIGN §3 worked example', () => {
  const ops = WORKED_EXAMPLE.map((op) => ({ ...op, entries: operationEntries(op) }));

  it('records each operation as paid/share entries', () => {
    const [even, split, bought, lent, borrowed, deposit, comment] = ops.map((op) => op.entries);
    expect(even).toEqual([
      { uid: ANNA, paid: 500000, share: 100000 },
      { uid: BORIS, paid: 0, share: 100000 },
      { uid: VERA, paid: 0, share: 100000 },
      { uid: GLEB, paid: 0, share: 100000 },
      { uid: DIMA, paid: 0, share: 100000 },
    ]);
    expect(split).toEqual([
      { uid: ANNA, paid: 0, share: 100000 },
      { uid: VERA, paid: 300000, share: 100000 },
      { uid: DIMA, paid: 0, share: 100000 },
    ]);
    expect(bought).toEqual([
      { uid: VERA, paid: 0, share: 60000 },
      { uid: GLEB, paid: 0, share: 60000 },
      { uid: DIMA, paid: 120000, share: 0 },
    ]);
    expect(lent).toEqual([
      { uid: BORIS, paid: 70000, share: 0 },
      { uid: DIMA, paid: 0, share: 70000 },
    ]);
    expect(borrowed).toEqual([
      { uid: ANNA, paid: 40000, share: 0 },
      { uid: GLEB, paid: 0, share: 40000 },
    ]);
    expect(deposit).toEqual([
      { uid: ANNA, paid: 0, share: -20000 },
      { uid: BORIS, paid: 0, share: -20000 },
      { uid: VERA, paid: -100000, share: -20000 },
      { uid: GLEB, paid: 0, share: -20000 },
      { uid: DIMA, paid: 0, share: -20000 },
    ]);
    expect(comment).toEqual([]);
  });

  it('gives the balances of the example', () => {
    const balances = balancesOf(ops.flatMap((op) => op.entries));
    expect(Object.fromEntries(balances)).toEqual({
      [ANNA]: 3600 * RUB,
      [BORIS]: -100 * RUB,
      [VERA]: -400 * RUB,
      [GLEB]: -1800 * RUB,
      [DIMA]: -1300 * RUB,
    });
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('gives the family balances of the example', () => {
    const balances = balancesOf(ops.flatMap((op) => op.entries));
    const families = familyBalances(balances, [
      { id: 1, members: [ANNA, BORIS] },
      { id: 2, members: [VERA, GLEB] },
      { id: 3, members: [DIMA] },
    ]);
    expect(Object.fromEntries(families)).toEqual({ 1: 3500 * RUB, 2: -2200 * RUB, 3: -1300 * RUB });
  });

  it('gives the spending statistics of the example', () => {
    const stats = expenseStatistics(ops, 5, VERA, 0);
    expect(stats.total_expenses).toBe(8200 * RUB);
    expect(stats.avg_expenses).toBe(1640 * RUB);
    expect(stats.my_share).toBe(2400 * RUB);
    expect(Object.fromEntries(stats.shares)).toEqual({
      [ANNA]: 1800 * RUB,
      [BORIS]: 800 * RUB,
      [VERA]: 2400 * RUB,
      [GLEB]: 1400 * RUB,
      [DIMA]: 1800 * RUB,
    });
    expect([...stats.shares.values()].reduce((a, b) => a + b, 0)).toBe(stats.total_expenses);
    expect(stats.days).toEqual([
      { day: '2026-03-01', total: 8000 * RUB, mine: 2000 * RUB },
      { day: '2026-03-02', total: 1200 * RUB, mine: 600 * RUB },
      { day: '2026-03-03', total: -1000 * RUB, mine: -200 * RUB },
    ]);
  });

  it('groups days by the viewer clock', () => {
    // Moscow (+180): the split purchase at 22:30 UTC is already 2 March.
    const moscow = expenseStatistics(ops, 5, VERA, 180);
    expect(moscow.days.map((d) => [d.day, d.total])).toEqual([
      ['2026-03-01', 5000 * RUB],
      ['2026-03-02', 4200 * RUB],
      ['2026-03-03', -1000 * RUB],
    ]);
    expect(localDay('2026-03-01T00:30:00Z', -60)).toBe('2026-02-28');
    expect(localDay(Date.UTC(2026, 0, 1, 23, 0), 60)).toBe('2026-01-02');
    expect(localDay(new Date('2026-01-01T12:00:00Z'), 0)).toBe('2026-01-01');
    expect(() => localDay('not a date', 0)).toThrowError(code('validation_failed'));
  });

  it('gives each viewer the status of each operation', () => {
    const statuses = (viewer: number) => ops.map((op) => viewerStatus(op.kind, op.entries, viewer));
    expect(statuses(BORIS)).toEqual(['even', 'split', 'bought', 'lent', 'lent', 'income', null]);
    expect(statuses(DIMA)).toEqual(['even', 'split', 'bought', 'received', 'lent', 'income', null]);
    expect(statuses(GLEB)).toEqual(['even', 'split', 'bought', 'lent', 'received', 'income', null]);
  });

  it('gives the plain who-owes-whom view, consistent with the balances', () => {
    expect(pairwiseDebts(ops.map((op) => op.entries))).toEqual([
      { from: BORIS, to: ANNA, amount: 1000 * RUB },
      { from: VERA, to: ANNA, amount: 200 * RUB },
      { from: VERA, to: BORIS, amount: 200 * RUB },
      { from: VERA, to: GLEB, amount: 200 * RUB },
      { from: GLEB, to: ANNA, amount: 1400 * RUB },
      { from: GLEB, to: DIMA, amount: 600 * RUB },
      { from: DIMA, to: ANNA, amount: 1000 * RUB },
      { from: DIMA, to: BORIS, amount: 700 * RUB },
      { from: DIMA, to: VERA, amount: 200 * RUB },
    ]);
  });
});

describe('operationEntries', () => {
  const base = { amount: 10000, author: 1, payer: 1 };

  it('splits an even purchase equally, leftover to the lowest uids', () => {
    expect(operationEntries({ ...base, kind: 'even_purchase', participants: [{ uid: 3 }, { uid: 1 }, { uid: 2 }] })).toEqual([
      { uid: 1, paid: 10000, share: 3334 },
      { uid: 2, paid: 0, share: 3333 },
      { uid: 3, paid: 0, share: 3333 },
    ]);
    // Explicit amounts mean nothing to an even purchase.
    expect(operationEntries({ ...base, kind: 'even_purchase', participants: [{ uid: 2, amount: 1 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: 10000, share: 0 },
      { uid: 2, paid: 0, share: 5000 },
      { uid: 3, paid: 0, share: 5000 },
    ]);
  });

  it('lets someone else pay a purchase', () => {
    expect(operationEntries({ ...base, payer: 2, kind: 'even_purchase', participants: [{ uid: 1 }] })).toEqual([
      { uid: 1, paid: 0, share: 10000 },
      { uid: 2, paid: 10000, share: 0 },
    ]);
  });

  it('needs two people for a purchase, counting the payer', () => {
    expect(() => operationEntries({ ...base, kind: 'even_purchase', participants: [{ uid: 1 }] })).toThrowError(code('participants_too_few'));
    expect(() => operationEntries({ ...base, kind: 'even_purchase', participants: [] })).toThrowError(code('participants_too_few'));
    expect(() => operationEntries({ ...base, kind: 'split_purchase', participants: [{ uid: 1, amount: 10000 }] })).toThrowError(code('participants_too_few'));
    expect(() => operationEntries({ ...base, payer: null, kind: 'even_purchase', participants: [{ uid: 2 }] })).toThrowError(
      code('sender_or_recipient_required'),
    );
  });

  it('checks the parts of a split purchase', () => {
    expect(() =>
      operationEntries({
        ...base,
        kind: 'split_purchase',
        participants: [
          { uid: 1, amount: 6000 },
          { uid: 2, amount: 5000 },
        ],
      }),
    ).toThrowError(code('remainder_negative'));
    expect(() =>
      operationEntries({
        ...base,
        kind: 'split_purchase',
        participants: [
          { uid: 1, amount: 6000 },
          { uid: 2, amount: 3000 },
        ],
      }),
    ).toThrowError(code('parts_do_not_sum'));
    expect(operationEntries({ ...base, kind: 'split_purchase', participants: [{ uid: 2, amount: 1000 }, { uid: 3 }, { uid: 4 }] })).toEqual([
      { uid: 1, paid: 10000, share: 0 },
      { uid: 2, paid: 0, share: 1000 },
      { uid: 3, paid: 0, share: 4500 },
      { uid: 4, paid: 0, share: 4500 },
    ]);
  });

  it('leaves the buyer out of "i purchased them"', () => {
    expect(operationEntries({ ...base, kind: 'i_purchased_them', participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: 10000, share: 0 },
      { uid: 2, paid: 0, share: 5000 },
      { uid: 3, paid: 0, share: 5000 },
    ]);
    expect(operationEntries({ ...base, kind: 'i_purchased_them', participants: [{ uid: 2, amount: 7000 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: 10000, share: 0 },
      { uid: 2, paid: 0, share: 7000 },
      { uid: 3, paid: 0, share: 3000 },
    ]);
    expect(() => operationEntries({ ...base, kind: 'i_purchased_them', participants: [{ uid: 1 }] })).toThrowError(code('participants_too_few'));
    expect(() => operationEntries({ ...base, payer: 2, kind: 'i_purchased_them', participants: [{ uid: 3 }] })).toThrowError(code('validation_failed'));
  });

  it('lends to one or several borrowers', () => {
    expect(operationEntries({ ...base, kind: 'i_lent_them', participants: [{ uid: 2 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: 10000, share: 0 },
      { uid: 2, paid: 0, share: 5000 },
      { uid: 3, paid: 0, share: 5000 },
    ]);
    expect(() => operationEntries({ ...base, kind: 'i_lent_them', participants: [] })).toThrowError(code('participants_too_few'));
    expect(() => operationEntries({ ...base, kind: 'i_lent_them', participants: [{ uid: 1 }] })).toThrowError(code('sender_recipient_same'));
  });

  it('borrows from a lender', () => {
    expect(operationEntries({ ...base, payer: 2, kind: 'they_lent_me', participants: [{ uid: 1 }, { uid: 2 }] })).toEqual([
      { uid: 1, paid: 0, share: 10000 },
      { uid: 2, paid: 10000, share: 0 },
    ]);
    expect(() => operationEntries({ ...base, payer: null, kind: 'they_lent_me', participants: [] })).toThrowError(code('sender_or_recipient_required'));
    expect(() => operationEntries({ ...base, kind: 'they_lent_me', participants: [] })).toThrowError(code('sender_recipient_same'));
    expect(() => operationEntries({ ...base, payer: 2, kind: 'they_lent_me', participants: [{ uid: 3 }] })).toThrowError(code('validation_failed'));
  });

  it('records a payback from the debtor to the creditor', () => {
    expect(operationEntries({ ...base, author: 3, payer: 2, kind: 'payback', participants: [{ uid: 1 }] })).toEqual([
      { uid: 1, paid: 0, share: 10000 },
      { uid: 2, paid: 10000, share: 0 },
    ]);
    expect(operationEntries({ ...base, payer: 2, kind: 'payback', participants: [{ uid: 2 }, { uid: 1 }] })).toEqual([
      { uid: 1, paid: 0, share: 10000 },
      { uid: 2, paid: 10000, share: 0 },
    ]);
    expect(() => operationEntries({ ...base, payer: 2, kind: 'payback', participants: [] })).toThrowError(code('sender_or_recipient_required'));
    expect(() => operationEntries({ ...base, payer: null, kind: 'payback', participants: [{ uid: 1 }] })).toThrowError(code('sender_or_recipient_required'));
    expect(() => operationEntries({ ...base, payer: 2, kind: 'payback', participants: [{ uid: 2 }] })).toThrowError(code('sender_recipient_same'));
    expect(() => operationEntries({ ...base, payer: 2, kind: 'payback', participants: [{ uid: 1 }, { uid: 3 }] })).toThrowError(code('validation_failed'));
  });

  it('records a deposit as negative money', () => {
    expect(operationEntries({ ...base, kind: 'deposit', participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: -10000, share: -3334 },
      { uid: 2, paid: 0, share: -3333 },
      { uid: 3, paid: 0, share: -3333 },
    ]);
    expect(operationEntries({ ...base, kind: 'deposit', participants: [{ uid: 2, amount: 4000 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: -10000, share: 0 },
      { uid: 2, paid: 0, share: -4000 },
      { uid: 3, paid: 0, share: -6000 },
    ]);
    expect(() => operationEntries({ ...base, kind: 'deposit', participants: [] })).toThrowError(code('participants_too_few'));
    expect(() => operationEntries({ ...base, kind: 'deposit', participants: [{ uid: 2, amount: 10001 }, { uid: 3 }] })).toThrowError(
      code('remainder_negative'),
    );
  });

  it('needs at least one minor unit, except for a comment', () => {
    for (const kind of OPERATION_KINDS.filter((k) => k !== 'comment')) {
      expect(() => operationEntries({ ...base, amount: 0, kind, participants: [{ uid: 2 }] }), kind).toThrowError(code('amount_too_small'));
      expect(() => operationEntries({ ...base, amount: -5, kind, participants: [{ uid: 2 }] }), kind).toThrowError(code('amount_too_small'));
      expect(() => operationEntries({ ...base, amount: 1.5, kind, participants: [{ uid: 2 }] }), kind).toThrowError(code('amount_invalid'));
    }
    expect(operationEntries({ ...base, amount: 0, kind: 'comment', participants: [] })).toEqual([]);
    expect(operationEntries({ ...base, amount: 1, kind: 'even_purchase', participants: [{ uid: 2 }, { uid: 3 }] })).toEqual([
      { uid: 1, paid: 1, share: 0 },
      { uid: 2, paid: 0, share: 1 },
      { uid: 3, paid: 0, share: 0 },
    ]);
  });

  it('refuses unknown kinds and duplicate people', () => {
    expect(() => operationEntries({ ...base, kind: 'gift' as OperationKind, participants: [{ uid: 2 }] })).toThrowError(code('validation_failed'));
    expect(() => operationEntries({ ...base, kind: 'even_purchase', participants: [{ uid: 2 }, { uid: 2 }] })).toThrowError(code('validation_failed'));
  });

  it('knows which kinds are spending', () => {
    expect(OPERATION_KINDS.filter(isSpending)).toEqual(['even_purchase', 'split_purchase', 'i_purchased_them', 'deposit']);
    expect(isOperationKind('payback')).toBe(true);
    expect(isOperationKind('refund')).toBe(false);
  });
});

/** Operations of every kind, mostly valid, among people 1..8. */
const arbOperation: fc.Arbitrary<OperationInput> = fc
  .record({
    kind: fc.constantFrom(...OPERATION_KINDS),
    amount: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 10 ** 10 })),
    author: fc.integer({ min: 1, max: 8 }),
    payer: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined, freq: 8 }),
    people: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 0, maxLength: 8 }),
    explicit: fc.array(fc.option(fc.double({ min: 0, max: 0.6, noNaN: true }), { nil: undefined }), { minLength: 8, maxLength: 8 }),
  })
  .map(({ kind, amount, author, payer, people, explicit }) => {
    const withParts = kind === 'split_purchase' || kind === 'i_purchased_them' || kind === 'deposit' || kind === 'i_lent_them';
    const participants = people.map((uid, i) => {
      const fraction = explicit[i];
      return withParts && fraction !== undefined ? { uid, amount: Math.floor(amount * fraction) } : { uid };
    });
    const defaultPayer = kind === 'they_lent_me' || kind === 'payback' ? undefined : author;
    return { kind, amount, author, payer: payer ?? defaultPayer, participants };
  });

function tryEntries(op: OperationInput): Entry[] | null {
  try {
    return operationEntries(op);
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

describe('ledger properties', () => {
  it('every operation it accepts has sum(paid) = sum(share), one entry per person', () => {
    let accepted = 0;
    fc.assert(
      fc.property(arbOperation, (op) => {
        const entries = tryEntries(op);
        if (!entries) return;
        accepted++;
        const paid = entries.reduce((a, e) => a + e.paid, 0);
        const share = entries.reduce((a, e) => a + e.share, 0);
        expect(paid).toBe(share);
        expect(entries.map((e) => e.uid)).toEqual([...new Set(entries.map((e) => e.uid))].sort((a, b) => a - b));
        const sign = op.kind === 'deposit' ? -1 : 1;
        if (op.kind !== 'comment') {
          expect(paid).toBe(sign * op.amount);
          for (const e of entries) {
            expect(sign * e.paid).toBeGreaterThanOrEqual(0);
            expect(sign * e.share).toBeGreaterThanOrEqual(0);
          }
          expect(spendingOf(op.kind, entries)).toBe(isSpending(op.kind) ? sign * op.amount : 0);
        }
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(500);
  });

  it('balances sum to zero after any sequence of create, delete and restore', () => {
    const command = fc.oneof(
      arbOperation.map((op) => ({ type: 'create' as const, op })),
      fc.nat().map((i) => ({ type: 'delete' as const, i })),
      fc.nat().map((i) => ({ type: 'restore' as const, i })),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const store: { entries: Entry[]; deleted: boolean }[] = [];
        const running = new Map<number, number>();
        const apply = (entries: Entry[], sign: 1 | -1) => {
          for (const e of entries) running.set(e.uid, (running.get(e.uid) ?? 0) + sign * (e.paid - e.share));
        };
        for (const c of commands) {
          if (c.type === 'create') {
            const entries = tryEntries(c.op);
            if (!entries) continue;
            store.push({ entries, deleted: false });
            apply(entries, 1);
          } else if (store.length > 0) {
            const row = store[c.i % store.length]!;
            if (c.type === 'delete' && !row.deleted) {
              row.deleted = true;
              apply(row.entries, -1);
            } else if (c.type === 'restore' && row.deleted) {
              row.deleted = false;
              apply(row.entries, 1);
            }
          }
          const live = store.filter((r) => !r.deleted);
          const balances = balancesOf(live.flatMap((r) => r.entries));
          expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
          for (const [uid, balance] of balances) expect(running.get(uid) ?? 0).toBe(balance);
        }
      }),
    );
  });

  it('the statistics shares always add up to the total', () => {
    fc.assert(
      fc.property(fc.array(arbOperation, { maxLength: 20 }), fc.integer({ min: 1, max: 8 }), (inputs, viewer) => {
        const ops = inputs.flatMap((op, i) => {
          const entries = tryEntries(op);
          return entries ? [{ kind: op.kind, entries, date: Date.UTC(2026, 0, 1) + i * 7_200_000 }] : [];
        });
        const stats = expenseStatistics(ops, 8, viewer, 180);
        expect([...stats.shares.values()].reduce((a, b) => a + b, 0)).toBe(stats.total_expenses);
        expect(stats.days.reduce((a, d) => a + d.total, 0)).toBe(stats.total_expenses);
        expect(stats.days.reduce((a, d) => a + d.mine, 0)).toBe(stats.my_share);
        expect(Math.abs(stats.avg_expenses * 8 - stats.total_expenses)).toBeLessThanOrEqual(4);
      }),
    );
  });
});

describe('expenseStatistics', () => {
  it('rounds the average to the nearest minor unit, halves away from zero', () => {
    const op = (amount: number) => ({
      kind: 'even_purchase' as const,
      entries: operationEntries({ kind: 'even_purchase', amount, author: 1, payer: 1, participants: [{ uid: 1 }, { uid: 2 }] }),
      date: '2026-01-01T00:00:00Z',
    });
    expect(expenseStatistics([op(100)], 3, 1, 0).avg_expenses).toBe(33);
    expect(expenseStatistics([op(200)], 3, 1, 0).avg_expenses).toBe(67);
    expect(expenseStatistics([op(15)], 2, 1, 0).avg_expenses).toBe(8);
    expect(expenseStatistics([op(15)], 0, 1, 0).avg_expenses).toBe(0);
    expect(expenseStatistics([], 3, 1, 0)).toEqual({ total_expenses: 0, avg_expenses: 0, my_share: 0, shares: new Map(), days: [] });
  });
});

describe('familyBalances', () => {
  it('sums members and lists every family', () => {
    const balances = new Map([
      [1, 500],
      [2, -200],
      [3, -300],
    ]);
    expect([
      ...familyBalances(balances, [
        { id: 10, members: [1, 2] },
        { id: 11, members: [3] },
        { id: 12, members: [4] },
      ]),
    ]).toEqual([
      [10, 300],
      [11, -300],
      [12, 0],
    ]);
  });

  it('refuses a grouping that would lose or double money', () => {
    const balances = new Map([
      [1, 500],
      [2, -500],
    ]);
    expect(() => familyBalances(balances, [{ id: 1, members: [1] }])).toThrow(/no family/);
    expect(() =>
      familyBalances(balances, [
        { id: 1, members: [1, 2] },
        { id: 2, members: [2] },
      ]),
    ).toThrow(/families/);
    expect(familyBalances([[1, 0]], [])).toEqual(new Map());
  });
});

describe('pairwiseDebts', () => {
  it('nets the shares owed to the payer per pair', () => {
    const lunch = operationEntries({ kind: 'even_purchase', amount: 900, author: 1, payer: 1, participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }] });
    const dinner = operationEntries({ kind: 'even_purchase', amount: 600, author: 2, payer: 2, participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }] });
    expect(pairwiseDebts([lunch, dinner])).toEqual([
      { from: 2, to: 1, amount: 100 },
      { from: 3, to: 1, amount: 300 },
      { from: 3, to: 2, amount: 200 },
    ]);
    const payback = operationEntries({ kind: 'payback', amount: 100, author: 2, payer: 2, participants: [{ uid: 1 }] });
    expect(pairwiseDebts([lunch, dinner, payback])).toEqual([
      { from: 3, to: 1, amount: 300 },
      { from: 3, to: 2, amount: 200 },
    ]);
  });

  it('splits a share among several payers in proportion to what they paid', () => {
    // 1 and 2 paid 200 and 100; 3, 4 and 5 each share 100.
    const entries: Entry[] = [
      { uid: 1, paid: 200, share: 0 },
      { uid: 2, paid: 100, share: 0 },
      { uid: 3, paid: 0, share: 100 },
      { uid: 4, paid: 0, share: 100 },
      { uid: 5, paid: 0, share: 100 },
    ];
    const debts = pairwiseDebts([entries]);
    // Exact values are 66.67 to 1 and 33.33 to 2 each; rounded so that 1 gets 200 and 2 gets 100.
    for (const d of debts) {
      const exact = d.to === 1 ? 200 / 3 : 100 / 3;
      expect(Math.abs(d.amount - exact)).toBeLessThan(1);
    }
    expect(debts.filter((d) => d.to === 1).reduce((a, d) => a + d.amount, 0)).toBe(200);
    expect(debts.filter((d) => d.to === 2).reduce((a, d) => a + d.amount, 0)).toBe(100);
    expect(debts).toEqual(pairwiseDebts([[...entries].reverse()]));
  });

  it('settles an operation whose money flows both ways by its net amounts', () => {
    expect(
      pairwiseDebts([
        [
          { uid: 1, paid: 100, share: 0 },
          { uid: 2, paid: -50, share: 0 },
          { uid: 3, paid: 0, share: 50 },
        ],
        [
          { uid: 4, paid: 10, share: 0 },
          { uid: 5, paid: -10, share: 0 },
        ],
      ]),
    ).toEqual([
      { from: 2, to: 1, amount: 50 },
      { from: 3, to: 1, amount: 50 },
      { from: 5, to: 4, amount: 10 },
    ]);
  });

  /** One operation with any number of payers and sharers (a future split mode), all one sign. */
  const arbMultiPayer = fc
    .record({
      paid: fc.array(fc.integer({ min: 0, max: 10 ** 6 }), { minLength: 6, maxLength: 6 }),
      weights: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 6, maxLength: 6 }),
      negative: fc.boolean(),
    })
    .filter(({ paid, weights }) => paid.some((p) => p > 0) && weights.some((w) => w > 0))
    .map(({ paid, weights, negative }) => {
      const total = paid.reduce((a, b) => a + b, 0);
      const weightSum = weights.reduce((a, b) => a + b, 0);
      const shares = weights.map((w) => Math.floor((total * w) / weightSum));
      shares[weights.findIndex((w) => w > 0)]! += total - shares.reduce((a, b) => a + b, 0);
      const sign = negative ? -1 : 1;
      return paid.map((p, i) => ({ uid: i + 1, paid: sign * p || 0, share: sign * (shares[i] as number) || 0 }));
    });

  it('always nets to exactly each person balance', () => {
    const arbEntries = fc.oneof(
      arbOperation.map((op) => tryEntries(op) ?? []),
      arbMultiPayer,
    );
    fc.assert(
      fc.property(fc.array(arbEntries, { maxLength: 12 }), (ops) => {
        const debts = pairwiseDebts(ops);
        const net = new Map<number, number>();
        const seen = new Set<string>();
        for (const d of debts) {
          expect(d.amount).toBeGreaterThan(0);
          expect(Number.isSafeInteger(d.amount)).toBe(true);
          expect(d.from).not.toBe(d.to);
          expect(seen.has(`${d.to}:${d.from}`)).toBe(false);
          seen.add(`${d.from}:${d.to}`);
          net.set(d.from, (net.get(d.from) ?? 0) - d.amount);
          net.set(d.to, (net.get(d.to) ?? 0) + d.amount);
        }
        for (const [uid, balance] of balancesOf(ops.flat())) expect(net.get(uid) ?? 0).toBe(balance);
      }),
      { numRuns: 500 },
    );
  });

  it('rounds each multi-payer amount to a neighbour of its exact proportional value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 ** 6 }), { minLength: 2, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (paid, weights) => {
          const total = paid.reduce((a, b) => a + b, 0);
          const weightSum = weights.reduce((a, b) => a + b, 0);
          const shares = weights.map((w) => Math.floor((total * w) / weightSum));
          shares[0]! += total - shares.reduce((a, b) => a + b, 0);
          // Payers 1.., sharers 101.., so no pair nets against another.
          const entries: Entry[] = [...paid.map((p, i) => ({ uid: i + 1, paid: p, share: 0 })), ...shares.map((s, i) => ({ uid: 101 + i, paid: 0, share: s }))];
          const debts = pairwiseDebts([entries]);
          for (const d of debts) {
            const exact = ((shares[d.from - 101] as number) * (paid[d.to - 1] as number)) / total;
            expect(d.amount).toBeGreaterThanOrEqual(Math.floor(exact - 1e-9));
            expect(d.amount).toBeLessThanOrEqual(Math.ceil(exact + 1e-9));
          }
        },
      ),
    );
  });
});

describe('rescaleEntries', () => {
  it('restates an operation in another currency with both columns adding up to the converted amount', () => {
    const entries = operationEntries({ kind: 'even_purchase', amount: 10000, author: 1, payer: 1, participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }] });
    // 100.00 at 0.5 → 50.00: shares 3334/3333/3333 become 1667/1667/1666.
    expect(rescaleEntries(entries, 5000)).toEqual([
      { uid: 1, paid: 5000, share: 1667 },
      { uid: 2, paid: 0, share: 1667 },
      { uid: 3, paid: 0, share: 1666 },
    ]);
  });

  it('keeps a deposit negative and every rescaled operation balanced', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (amount, converted, uids, deposit) => {
          const entries = operationEntries({
            kind: deposit ? 'deposit' : 'even_purchase',
            amount,
            author: 99,
            payer: 99,
            participants: uids.map((uid) => ({ uid })),
          });
          const target = deposit ? -converted : converted;
          const out = rescaleEntries(entries, target);
          expect(out.reduce((s, e) => s + e.paid, 0)).toBe(target);
          expect(out.reduce((s, e) => s + e.share, 0)).toBe(target);
          for (const e of out) expect(Math.sign(e.share) * Math.sign(target)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
