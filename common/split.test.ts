import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { partsFromWeights, splitEqually, splitWithParts, weightToHundredths } from './split';

const code = (c: string) => expect.objectContaining({ code: c });
const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('splitEqually', () => {
  it('gives the leftover minor units to the lowest uids', () => {
    expect([...splitEqually(10000, [3, 1, 2])]).toEqual([
      [1, 3334],
      [2, 3333],
      [3, 3333],
    ]);
    expect([...splitEqually(10001, [7, 5, 9])]).toEqual([
      [5, 3334],
      [7, 3334],
      [9, 3333],
    ]);
    expect([...splitEqually(500000, [1, 2, 3, 4, 5]).values()]).toEqual([100000, 100000, 100000, 100000, 100000]);
    expect([...splitEqually(2, [1, 2, 3])]).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
    ]);
    expect([...splitEqually(7, [42])]).toEqual([[42, 7]]);
  });

  it('splits a negative amount as the mirror image', () => {
    expect([...splitEqually(-10000, [1, 2, 3])]).toEqual([
      [1, -3334],
      [2, -3333],
      [3, -3333],
    ]);
    expect([...splitEqually(-2, [1, 2, 3]).values()].map((v) => Object.is(v, -0))).toEqual([false, false, false]);
  });

  it('refuses nobody, duplicates and fractional amounts', () => {
    expect(() => splitEqually(100, [])).toThrowError(code('participants_too_few'));
    expect(() => splitEqually(100, [1, 1])).toThrowError(code('validation_failed'));
    expect(() => splitEqually(1.5, [1, 2])).toThrowError(code('amount_invalid'));
  });

  it('always adds up, parts differ by at most one, larger parts go to lower uids', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 10 ** 6 }), { minLength: 1, maxLength: 30 }),
        (amount, uids) => {
          const parts = splitEqually(amount, uids);
          expect(sum(parts)).toBe(amount);
          const values = [...parts.values()].map(Math.abs);
          expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
          expect([...values].sort((a, b) => b - a)).toEqual(values);
          expect([...parts.keys()]).toEqual([...uids].sort((a, b) => a - b));
          expect(splitEqually(-amount, uids)).toEqual(new Map([...parts].map(([u, v]) => [u, -v || 0])));
        },
      ),
    );
  });
});

describe('splitWithParts', () => {
  it('splits the remainder among the people without an explicit part', () => {
    const parts = splitWithParts(10000, [{ uid: 3, amount: 4000 }, { uid: 1 }, { uid: 2 }, { uid: 4, amount: 0 }]);
    expect([...parts]).toEqual([
      [1, 3000],
      [2, 3000],
      [3, 4000],
      [4, 0],
    ]);
    expect([...splitWithParts(1000, [{ uid: 1, amount: 1 }, { uid: 2 }, { uid: 3 }, { uid: 4 }])]).toEqual([
      [1, 1],
      [2, 333],
      [3, 333],
      [4, 333],
    ]);
    expect([...splitWithParts(100, [{ uid: 2, amount: 100 }, { uid: 1 }])]).toEqual([
      [1, 0],
      [2, 100],
    ]);
    expect([...splitWithParts(100, [{ uid: 2, amount: null }, { uid: 1 }])]).toEqual([
      [1, 50],
      [2, 50],
    ]);
  });

  it('takes explicit parts that add up to the amount', () => {
    expect([
      ...splitWithParts(300000, [
        { uid: 1, amount: 100000 },
        { uid: 3, amount: 100000 },
        { uid: 5, amount: 100000 },
      ]),
    ]).toEqual([
      [1, 100000],
      [3, 100000],
      [5, 100000],
    ]);
  });

  it('refuses parts above the amount', () => {
    expect(() =>
      splitWithParts(100, [
        { uid: 1, amount: 60 },
        { uid: 2, amount: 41 },
      ]),
    ).toThrowError(code('remainder_negative'));
    expect(() => splitWithParts(100, [{ uid: 1, amount: 101 }, { uid: 2 }])).toThrowError(code('remainder_negative'));
  });

  it('refuses explicit parts that leave money nobody carries', () => {
    expect(() =>
      splitWithParts(100, [
        { uid: 1, amount: 60 },
        { uid: 2, amount: 39 },
      ]),
    ).toThrowError(code('parts_do_not_sum'));
  });

  it('refuses negative, fractional and duplicate parts', () => {
    expect(() => splitWithParts(100, [{ uid: 1, amount: -1 }, { uid: 2 }])).toThrowError(code('amount_invalid'));
    expect(() => splitWithParts(100, [{ uid: 1, amount: 0.5 }, { uid: 2 }])).toThrowError(code('amount_invalid'));
    expect(() => splitWithParts(100, [{ uid: 1 }, { uid: 1 }])).toThrowError(code('validation_failed'));
    expect(() => splitWithParts(100, [])).toThrowError(code('participants_too_few'));
  });

  it('mirrors negative amounts with negative parts', () => {
    expect([...splitWithParts(-1000, [{ uid: 1, amount: -400 }, { uid: 2 }, { uid: 3 }])]).toEqual([
      [1, -400],
      [2, -300],
      [3, -300],
    ]);
    expect(() => splitWithParts(-1000, [{ uid: 1, amount: 400 }, { uid: 2 }])).toThrowError(code('amount_invalid'));
    expect(() => splitWithParts(-1000, [{ uid: 1, amount: -1001 }, { uid: 2 }])).toThrowError(code('remainder_negative'));
  });

  it('always adds up to the amount when it succeeds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.uniqueArray(fc.record({ uid: fc.integer({ min: 1, max: 1000 }), amount: fc.option(fc.integer({ min: 0, max: 10 ** 8 }), { nil: undefined }) }), {
          minLength: 1,
          maxLength: 12,
          selector: (p) => p.uid,
        }),
        (amount, parts) => {
          try {
            expect(sum(splitWithParts(amount, parts))).toBe(amount);
          } catch (e) {
            expect(['remainder_negative', 'parts_do_not_sum']).toContain((e as { code?: string }).code);
          }
        },
      ),
    );
  });
});

describe('partsFromWeights', () => {
  const parts = (amount: number, w: [number, number][], mode: 'shares' | 'percent' = 'shares') => [
    ...partsFromWeights(
      amount,
      w.map(([uid, hundredths]) => ({ uid, hundredths })),
      mode,
    ),
  ];

  it('2:2:1 of 6,000 is 2,400, 2,400 and 1,200', () => {
    expect(
      parts(600_000, [
        [1, 200],
        [2, 200],
        [3, 100],
      ]),
    ).toEqual([
      [1, 240_000],
      [2, 240_000],
      [3, 120_000],
    ]);
  });

  it('shares 1:1:1 split exactly as an equal split does, leftover units to the lowest uids', () => {
    expect(
      parts(10_000, [
        [3, 100],
        [1, 100],
        [2, 100],
      ]),
    ).toEqual([...splitEqually(10_000, [1, 2, 3])]);
  });

  it('a weight of 0 takes nothing, not even a leftover unit', () => {
    expect(
      parts(100, [
        [1, 0],
        [2, 100],
        [3, 200],
      ]),
    ).toEqual([
      [1, 0],
      [2, 34],
      [3, 66],
    ]);
  });

  it('percentages must add up to exactly 100', () => {
    expect(
      parts(
        1000,
        [
          [1, 5000],
          [2, 5000],
        ],
        'percent',
      ),
    ).toEqual([
      [1, 500],
      [2, 500],
    ]);
    expect(() =>
      parts(
        1000,
        [
          [1, 5000],
          [2, 4999],
        ],
        'percent',
      ),
    ).toThrow(expect.objectContaining({ code: 'percents_do_not_sum' }));
    expect(() =>
      parts(
        1000,
        [
          [1, 10_001],
          [2, 0],
        ],
        'percent',
      ),
    ).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });

  it('refuses all-zero shares, negative or fractional hundredths and a person twice', () => {
    expect(() =>
      parts(1000, [
        [1, 0],
        [2, 0],
      ]),
    ).toThrow(expect.objectContaining({ code: 'participants_too_few' }));
    expect(() =>
      parts(1000, [
        [1, -1],
        [2, 100],
      ]),
    ).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(() =>
      parts(1000, [
        [1, 1.5],
        [2, 100],
      ]),
    ).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(() =>
      parts(1000, [
        [1, 100],
        [1, 100],
      ]),
    ).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });

  it('always adds up to the amount, each part within one unit of its exact proportion, signs kept for deposits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.uniqueArray(fc.record({ uid: fc.integer({ min: 1, max: 1000 }), hundredths: fc.integer({ min: 0, max: 1_000_000 }) }), {
          selector: (w) => w.uid,
          minLength: 1,
          maxLength: 12,
        }),
        (amount, weights) => {
          fc.pre(weights.some((w) => w.hundredths > 0));
          const result = partsFromWeights(amount, weights, 'shares');
          const total = weights.reduce((s, w) => s + w.hundredths, 0);
          expect([...result.values()].reduce((s, p) => s + p, 0)).toBe(amount);
          for (const w of weights) {
            const exact = (amount * w.hundredths) / total;
            expect(Math.abs((result.get(w.uid) ?? NaN) - exact)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('reads typed weights in hundredths', () => {
    expect(weightToHundredths(2)).toBe(200);
    expect(weightToHundredths(1.5)).toBe(150);
    expect(weightToHundredths(33.33)).toBe(3333);
    expect(weightToHundredths(0.001)).toBeNull();
    expect(weightToHundredths(-1)).toBeNull();
    expect(weightToHundredths(Number.NaN)).toBeNull();
  });
});
