import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationEntries } from '../../../common/ledger';
import { entriesInEventCurrency } from '../../../common/ledger-currency';
import { convertMinor } from '../../../common/money';
import { rowOperation, rowOperationInOwnCurrency } from './row-operation';
import { spliitShares } from './spliit';
import { readAmount, readDay, type ExpenseRow } from './table-reader';

/** Each imported row must move every balance exactly as the source did, to the minor unit. */
function effectsOf(row: ExpenseRow): number[] {
  const op = rowOperation(row);
  const entries = operationEntries({
    kind: op.kind,
    amount: op.amount,
    author: 1000,
    payer: op.payers[0]?.person ?? null,
    payers: op.payers.length > 1 ? op.payers.map((p) => ({ uid: p.person, amount: p.amount })) : null,
    participants: op.parts.map((p) => ({ uid: p.person, amount: p.amount })),
  });
  const effects = row.effects.map(() => 0);
  for (const e of entries) effects[e.uid] = e.paid - e.share;
  return effects;
}

/** People's effects that add up to zero and are not all zero, with a cost that may or may not fit them. */
const row = fc
  .tuple(
    fc.array(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), { minLength: 1, maxLength: 8 }),
    fc.option(fc.integer({ min: 0, max: 3_000_000_000 })),
    fc.constantFrom('General', 'Payment'),
  )
  .map(([some, cost, category]) => ({ effects: [...some, -some.reduce((a, b) => a + b, 0)], cost, category }))
  .filter((r) => r.effects.some((e) => e !== 0))
  .map((r): ExpenseRow => ({ line: 2, day: '2026-01-01', description: 'x', currency: 'EUR', ...r }));

describe('a spreadsheet row as an operation', () => {
  it('reproduces every person’s effect exactly, whatever the payers, shares and cost', () => {
    fc.assert(
      fc.property(row, (r) => {
        expect(effectsOf(r)).toEqual(r.effects.map((e) => e + 0));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the cost when one person paid it, and makes a payment between two people a payback', () => {
    const dinner: ExpenseRow = {
      line: 2,
      day: '2026-01-01',
      description: 'Dinner',
      category: 'Dining out',
      currency: 'EUR',
      cost: 7550,
      effects: [-2517, 5034, -2517],
    };
    expect(rowOperation(dinner)).toEqual({
      kind: 'split_purchase',
      amount: 7550,
      payers: [{ person: 1, amount: 7550 }],
      parts: [
        { person: 1, amount: 2516 },
        { person: 0, amount: 2517 },
        { person: 2, amount: 2517 },
      ],
    });
    expect(rowOperation({ ...dinner, category: 'Payment', cost: 2000, effects: [-2000, 2000, 0] })).toEqual({
      kind: 'payback',
      amount: 2000,
      payers: [{ person: 1, amount: 2000 }],
      parts: [{ person: 0, amount: 2000 }],
    });
  });
});

describe('reading a spreadsheet’s cells', () => {
  it('reads amounts as spreadsheets write them, and nothing else', () => {
    expect(['-12.50', '12,50', '1 234,50', '1,234.50', '1.234,50', '0.00', ''].map((a) => readAmount(a, 'EUR'))).toEqual([
      -1250,
      1250,
      123450,
      123450,
      123450,
      0,
      null,
    ]);
    expect(['12.345', 'abc', '1e3', '--1', '12.5.1'].map((a) => readAmount(a, 'EUR'))).toEqual([null, null, null, null, null]);
    expect(readAmount('1200', 'JPY')).toBe(1200);
  });

  it('reads days in ISO or with dots, and refuses impossible ones', () => {
    expect(['2026-05-02', '2026-05-02 18:30:00', '2026-05-02T18:30:00Z', '02.05.2026'].map(readDay)).toEqual(Array(4).fill('2026-05-02'));
    expect(['2026-02-30', '31.04.2026', '1989-12-31', 'yesterday', '05/02/2026'].map(readDay)).toEqual(Array(5).fill(null));
  });
});

describe('Spliit’s shares', () => {
  it('add up to the amount, each within one minor unit of its exact part, the leftover going by largest remainder', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom('EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT') as fc.Arbitrary<'EVENLY' | 'BY_SHARES'>,
        fc.string(),
        (amount, weights, splitMode, id) => {
          const paidFor = weights.map((shares, i) => ({ participantId: `p${String(i).padStart(2, '0')}`, shares }));
          const shares = spliitShares({ id, amount, splitMode, paidFor });
          const values = [...shares.values()];
          expect(values.reduce((a, b) => a + b, 0)).toBe(amount);
          const w = splitMode === 'EVENLY' ? weights.map(() => 1) : weights;
          const total = w.reduce((a, b) => a + b, 0);
          paidFor.forEach((p, i) => expect(Math.abs(shares.get(p.participantId)! - (amount * w[i]!) / total)).toBeLessThan(1));
        },
      ),
    );
  });

  it('give 1000 split three ways 334, 333, 333, the extra unit where Spliit’s hash of the expense id puts it', () => {
    const paidFor = ['a', 'b', 'c'].map((participantId) => ({ participantId, shares: 1 }));
    expect([...spliitShares({ amount: 1000, splitMode: 'EVENLY', paidFor }).values()]).toEqual([334, 333, 333]);
    // FNV-1a of 'e1' is 0x841acf03, 2 modulo 3: the rotation starts at the third; of 'y', 0xfc0c4ef4, 1: at the second.
    expect([...spliitShares({ id: 'e1', amount: 1000, splitMode: 'EVENLY', paidFor }).values()]).toEqual([333, 333, 334]);
    expect([...spliitShares({ id: 'y', amount: 1000, splitMode: 'EVENLY', paidFor }).values()]).toEqual([333, 334, 333]);
  });
});

describe('a Dolya spreadsheet row entered in another currency', () => {
  /** A purchase entered in `currency` among `n` people, paid by the first, as the spreadsheet writes it in euros. */
  const entered = fc
    .record({
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      n: fc.integer({ min: 2, max: 8 }),
      currency: fc.constantFrom('RUB', 'USD', 'JPY', 'KWD'),
      rate: fc
        .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: -4, max: 2 }))
        .map(([digits, exp]) => ((digits * 10 ** exp) / 1e4).toFixed(10).replace(/0+$/, '').replace(/\.$/, '')),
      typedPart: fc.boolean(),
    })
    .map((e) => {
      const converted = convertMinor(e.amount, e.currency, 'EUR', e.rate);
      return { ...e, converted };
    })
    .filter((e) => e.converted >= 1 && e.converted <= 100_000_000_000);

  function asExported(e: { amount: number; n: number; currency: string; rate: string; typedPart: boolean; converted: number }): ExpenseRow {
    const people = Array.from({ length: e.n }, (_, i) => i);
    const participants = people.map((uid) => ({ uid, amount: e.typedPart && uid === 1 ? Math.floor(e.amount / 3) : undefined }));
    const entries = entriesInEventCurrency({ kind: 'split_purchase', amount: e.amount, author: 0, payer: 0, participants }, e.converted);
    const effects = people.map(() => 0);
    for (const x of entries) effects[x.uid] = x.paid - x.share;
    return {
      line: 2,
      day: '2026-01-01',
      description: 'x',
      category: 'Split purchase',
      currency: 'EUR',
      cost: e.converted,
      effects,
      own: { currency: e.currency, amount: e.amount, rate: e.rate },
    };
  }

  it('comes back in its own currency and amount when split equally, at any rate', () => {
    fc.assert(
      fc.property(entered, (e) => {
        const row = asExported({ ...e, typedPart: false });
        fc.pre(row.effects.some((x) => x !== 0));
        expect(rowOperationInOwnCurrency(row)?.operation).toMatchObject({ amount: e.amount, payers: [{ person: 0, amount: e.amount }] });
      }),
      { numRuns: 300 },
    );
  });

  it('comes back, when it does, moving every balance exactly as the row; else it stays in the event currency', () => {
    fc.assert(
      fc.property(entered, (e) => {
        const row = asExported(e);
        fc.pre(row.effects.some((x) => x !== 0));
        const back = rowOperationInOwnCurrency(row);
        if (!back) return;
        const { operation } = back;
        const entries = entriesInEventCurrency(
          {
            kind: operation.kind,
            amount: operation.amount,
            author: 0,
            payer: 0,
            participants: operation.parts.map((p) => ({ uid: p.person, amount: p.amount })),
          },
          e.converted,
        );
        const effects = row.effects.map(() => 0);
        for (const x of entries) effects[x.uid] = x.paid - x.share;
        expect(effects).toEqual(row.effects);
      }),
      { numRuns: 300 },
    );
  });

  it('stays in the event currency when its amount was changed by hand', () => {
    const row = asExported({ amount: 100_000, n: 3, currency: 'RUB', rate: '0.0105', typedPart: false, converted: 1050 });
    expect(rowOperationInOwnCurrency(row)?.operation.amount).toBe(100_000);
    expect(rowOperationInOwnCurrency({ ...row, own: { ...row.own!, amount: 150_000 } })).toBeNull();
  });
});
