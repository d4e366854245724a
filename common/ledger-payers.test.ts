import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { entriesInEventCurrency } from './ledger-currency';
import { balancesOf, operationEntries, type OperationInput } from './ledger';
import { viewerStatus } from './ledger-statistics';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
};

describe('several payers', () => {
  it('Anna and Boris pay 6,000 together for a dinner of three: each share 2,000, the payments as paid', () => {
    const entries = operationEntries({
      kind: 'even_purchase',
      amount: 600_000,
      author: 1,
      payers: [
        { uid: 1, amount: 400_000 },
        { uid: 2, amount: 200_000 },
      ],
      participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }],
    });
    expect(entries).toEqual([
      { uid: 1, paid: 400_000, share: 200_000 },
      { uid: 2, paid: 200_000, share: 200_000 },
      { uid: 3, paid: 0, share: 200_000 },
    ]);
    expect([...balancesOf(entries)]).toEqual([
      [1, 200_000],
      [2, 0],
      [3, -200_000],
    ]);
  });

  it('refuses payments that do not add up to the amount, a payer twice, and a payment of nothing', () => {
    const base: OperationInput = { kind: 'split_purchase', amount: 1000, author: 1, participants: [{ uid: 1 }, { uid: 2 }] };
    expect(
      code(() =>
        operationEntries({
          ...base,
          payers: [
            { uid: 1, amount: 600 },
            { uid: 2, amount: 300 },
          ],
        }),
      ),
    ).toBe('payers_do_not_sum');
    expect(
      code(() =>
        operationEntries({
          ...base,
          payers: [
            { uid: 1, amount: 600 },
            { uid: 2, amount: 500 },
          ],
        }),
      ),
    ).toBe('payers_do_not_sum');
    expect(
      code(() =>
        operationEntries({
          ...base,
          payers: [
            { uid: 1, amount: 500 },
            { uid: 1, amount: 500 },
          ],
        }),
      ),
    ).toBe('validation_failed');
    expect(
      code(() =>
        operationEntries({
          ...base,
          payers: [
            { uid: 1, amount: 1000 },
            { uid: 2, amount: 0 },
          ],
        }),
      ),
    ).toBe('amount_too_small');
    expect(
      code(() =>
        operationEntries({
          ...base,
          payers: [
            { uid: 1, amount: Number.MAX_SAFE_INTEGER },
            { uid: 2, amount: 10 },
          ],
        }),
      ),
    ).toBe('payers_do_not_sum');
  });

  it('is for purchases and deposits only; "i purchased them" keeps the author among the buyers and out of "them"', () => {
    const payers = [
      { uid: 1, amount: 500 },
      { uid: 2, amount: 500 },
    ];
    expect(code(() => operationEntries({ kind: 'i_lent_them', amount: 1000, author: 1, payers, participants: [{ uid: 3 }] }))).toBe('validation_failed');
    expect(code(() => operationEntries({ kind: 'payback', amount: 1000, author: 1, payer: 1, payers, participants: [{ uid: 3 }] }))).toBe('validation_failed');
    expect(code(() => operationEntries({ kind: 'i_purchased_them', amount: 1000, author: 3, payers, participants: [{ uid: 3 }] }))).toBe('validation_failed');
    const bought = operationEntries({ kind: 'i_purchased_them', amount: 1000, author: 1, payers, participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }] });
    expect(bought).toEqual([
      { uid: 1, paid: 500, share: 0 },
      { uid: 2, paid: 500, share: 0 },
      { uid: 3, paid: 0, share: 1000 },
    ]);
  });

  it('a deposit received by two: each receiver carries the negative of what they received', () => {
    const entries = operationEntries({
      kind: 'deposit',
      amount: 900,
      author: 1,
      payers: [
        { uid: 1, amount: 600 },
        { uid: 2, amount: 300 },
      ],
      participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }],
    });
    expect(entries).toEqual([
      { uid: 1, paid: -600, share: -300 },
      { uid: 2, paid: -300, share: -300 },
      { uid: 3, paid: 0, share: -300 },
    ]);
  });

  it('the viewer who paid part of a purchase still reads it as theirs to have paid', () => {
    const entries = operationEntries({
      kind: 'split_purchase',
      amount: 1000,
      author: 1,
      payers: [
        { uid: 1, amount: 300 },
        { uid: 2, amount: 700 },
      ],
      participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }],
    });
    expect(viewerStatus('split_purchase', entries, 1)).toBe('split');
    expect(entries.find((e) => e.uid === 1)?.paid).toBe(300);
  });

  it('in another currency the payments keep their proportions and both columns add up to the converted amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (amount, percent, converted) => {
          const first = Math.max(1, Math.min(amount - 1, Math.floor((amount * percent) / 100)));
          const op: OperationInput = {
            kind: 'even_purchase',
            amount,
            author: 1,
            payers: [
              { uid: 1, amount: first },
              { uid: 2, amount: amount - first },
            ],
            participants: [{ uid: 1 }, { uid: 2 }, { uid: 3 }],
          };
          const entries = entriesInEventCurrency(op, converted);
          expect(entries.reduce((s, e) => s + e.paid, 0)).toBe(converted);
          expect(entries.reduce((s, e) => s + e.share, 0)).toBe(converted);
          const one = entries.find((e) => e.uid === 1)?.paid ?? 0;
          // Within one minor unit of the exact proportion.
          expect(Math.abs(one - (converted * first) / amount)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
