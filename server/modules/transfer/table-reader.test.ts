import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctNames, readExpenseTable } from './table-reader';

const cents = (minor: number) => (minor / 100).toFixed(2);

/** Rows of three people whose effects add up to zero, each moving some money. */
const threePeopleRows = fc.array(
  fc
    .tuple(fc.integer({ min: -500_000, max: 500_000 }), fc.integer({ min: -500_000, max: 500_000 }))
    .map(([a, b]) => [a, b, -a - b])
    .filter((effects) => effects.some((e) => e !== 0)),
  { minLength: 1, maxLength: 30 },
);

describe('a Splitwise group export whose third member left', () => {
  it('keeps every row, gives the others exactly their money, and the one who left the rest', () => {
    fc.assert(
      fc.property(threePeopleRows, (rows) => {
        // Splitwise drops the column of a member who left: only the first two are written.
        const file = [
          'Date,Description,Category,Cost,Currency,Anna,Boris',
          ...rows.map(([a, b], i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Row ${i},General,,EUR,${cents(a!)},${cents(b!)}`),
        ].join('\n');
        const table = readExpenseTable(file);
        const unbalanced = rows.some(([, , c]) => c !== 0);
        expect(table.problems).toEqual([]);
        expect(table.rows).toHaveLength(rows.length);
        expect(table.departed).toBe(unbalanced ? 2 : undefined);
        expect(table.people).toEqual(unbalanced ? ['Anna', 'Boris', ''] : ['Anna', 'Boris']);
        table.rows.forEach((row, i) => {
          expect(row.effects.reduce((x, y) => x + y, 0)).toBe(0);
          expect(row.effects).toEqual(unbalanced ? rows[i] : rows[i]!.slice(0, 2));
        });
      }),
    );
  });

  it('still refuses a row that does not add up in a file with every column (Dolya’s own spreadsheet)', () => {
    const file = ['Date,Description,Kind,Amount,Currency,Rate,"Amount, EUR",Anna,Boris', '2024-01-02,Dinner,Even purchase,10.00,EUR,1,10.00,6.00,-5.00'].join(
      '\n',
    );
    const table = readExpenseTable(file);
    expect(table.problems).toMatchObject([{ line: 2, code: 'effects_do_not_sum' }]);
    expect(table.departed).toBeUndefined();
  });

  it('takes out of a person’s name what no one types, and a column of nothing else is nobody', () => {
    const table = readExpenseTable(
      ['Date,Description,Category,Cost,Currency,An\u202Ena,Boris,\u202E\u202D', '2024-01-02,Dinner,General,,EUR,5.00,-5.00,'].join('\n'),
    );
    expect(table.people).toEqual(['Anna', 'Boris']);
    expect(table.rows.map((r) => r.effects)).toEqual([[500, -500]]);
  });
});

describe('people whose names differ only in case', () => {
  it('are told apart as the importer names them, never by a name another person of the file has', () => {
    const file = 'Date,Description,Category,Cost,Currency,Anna,anna\n2026-03-01,Taxi,General,10.00,EUR,5.00,-5.00\n';
    expect(readExpenseTable(file).people).toEqual(['Anna', 'anna (2)']);
    expect(distinctNames(['Anna', 'anna', 'Anna (2)'])).toEqual(['Anna', 'anna (3)', 'Anna (2)']);
    expect(distinctNames(['Bo', 'Bo', 'Bo'])).toEqual(['Bo', 'Bo (2)', 'Bo (3)']);
  });
});
