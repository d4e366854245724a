import { describe, expect, it } from 'vitest';
import { draftOf, newDraft, toBody, validate } from './form-model';
import { amountAfterPayers, equalPayments, paymentsOf, typedWeight, weightedParts } from './split-model';
import { anOperation, BORIS, GLEB, ME, VERA } from '../test-fixtures';

const ctx = { me: ME, everyone: [ME, BORIS, VERA, GLEB], eventCurrency: 'RUB' };

describe('several payers', () => {
  it('gives the rest to a blank last line, and says what is left or over otherwise', () => {
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '4000' },
          { uid: BORIS, amount: '' },
        ],
        '6000',
        'RUB',
      ),
    ).toEqual({
      lines: [
        { uid: ME, minor: 400_000 },
        { uid: BORIS, minor: 200_000 },
      ],
      left: 200_000,
      error: null,
    });
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '4000' },
          { uid: BORIS, amount: '1500' },
        ],
        '6000',
        'RUB',
      ),
    ).toMatchObject({ left: 50_000, error: 'payers_do_not_sum' });
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '4000' },
          { uid: BORIS, amount: '2500' },
        ],
        '6000',
        'RUB',
      ),
    ).toMatchObject({ left: -50_000, error: 'payers_do_not_sum' });
    // A blank line that is not the last one is not guessed at.
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '' },
          { uid: BORIS, amount: '2000' },
        ],
        '6000',
        'RUB',
      ).error,
    ).toBe('payers_do_not_sum');
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '4000' },
          { uid: ME, amount: '' },
        ],
        '6000',
        'RUB',
      ).error,
    ).toBe('validation_failed');
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '4000' },
          { uid: null, amount: '' },
        ],
        '6000',
        'RUB',
      ).error,
    ).toBe('sender_or_recipient_required');
    expect(
      paymentsOf(
        [
          { uid: ME, amount: '40.001' },
          { uid: BORIS, amount: '' },
        ],
        '6000',
        'RUB',
      ).error,
    ).toBe('amount_invalid');
  });

  it('fills the total from the payers while no total of my own is typed', () => {
    const one = [
      { uid: ME, amount: '30' },
      { uid: BORIS, amount: '' },
    ];
    const both = [
      { uid: ME, amount: '30' },
      { uid: BORIS, amount: '20,5' },
    ];
    expect(amountAfterPayers('', one, both, 'RUB')).toBe('50.5');
    // Still the total filled before: it follows the payers.
    expect(
      amountAfterPayers(
        '50.5',
        both,
        [
          { uid: ME, amount: '30' },
          { uid: BORIS, amount: '25' },
        ],
        'RUB',
      ),
    ).toBe('55');
    expect(amountAfterPayers('50.5', both, one, 'RUB')).toBe('');
    // A total the user typed is theirs: the payers are checked against it instead.
    expect(amountAfterPayers('60', one, both, 'RUB')).toBe('60');
    expect(
      amountAfterPayers(
        '',
        null,
        [
          { uid: ME, amount: 'x' },
          { uid: BORIS, amount: '1' },
        ],
        'RUB',
      ),
    ).toBe('');
    expect(
      amountAfterPayers(
        '',
        one,
        [
          { uid: ME, amount: '1000' },
          { uid: BORIS, amount: '1' },
        ],
        'JPY',
      ),
    ).toBe('1001');
  });

  it('splits a payment equally, leftover units to the first lines', () => {
    expect(equalPayments(3, 10_000)).toEqual([3334, 3333, 3333]);
  });

  it('reaches the request as payers that add up to the amount, the first one named as payer', () => {
    const draft = {
      ...newDraft('even_purchase', ctx),
      amount: '6000',
      payers: [
        { uid: BORIS, amount: '4000,50' },
        { uid: ME, amount: '' },
      ],
    };
    expect(validate(draft, ME)).toEqual({});
    const body = toBody(draft, 1, ME);
    expect(body.details.payers).toEqual([
      { uid: BORIS, amount: 4000.5 },
      { uid: ME, amount: 1999.5 },
    ]);
    expect(body.details.payer).toBe(BORIS);
    expect(
      validate(
        {
          ...draft,
          payers: [
            { uid: BORIS, amount: '7000' },
            { uid: ME, amount: '' },
          ],
        },
        ME,
      ).payers,
    ).toBe('payers_do_not_sum');
  });
});

describe('shares and percent', () => {
  it('reads shares and percentages with either decimal mark, blank as 1 share or 0 %', () => {
    expect(typedWeight('2', 'shares')).toBe(200);
    expect(typedWeight('1,5', 'shares')).toBe(150);
    expect(typedWeight('', 'shares')).toBe(100);
    expect(typedWeight('', 'percent')).toBe(0);
    expect(typedWeight('33.333', 'percent')).toBeNull();
    expect(typedWeight('-1', 'shares')).toBeNull();
    expect(typedWeight('two', 'shares')).toBeNull();
  });

  it('shows each person’s part as the server will store it: 2:2:1 of 6,000', () => {
    const result = weightedParts([ME, BORIS, VERA], { [ME]: '2', [BORIS]: '2' }, 'shares', '6000', 'RUB');
    expect([...(result.parts ?? [])]).toEqual([
      [ME, 240_000],
      [BORIS, 240_000],
      [VERA, 120_000],
    ]);
  });

  it('asks for percentages that make 100, and names a weight it cannot read', () => {
    expect(weightedParts([ME, BORIS], { [ME]: '50', [BORIS]: '40' }, 'percent', '100', 'RUB')).toMatchObject({
      parts: null,
      percentTotal: 9000,
      error: 'percents_do_not_sum',
    });
    expect(weightedParts([ME, BORIS], { [ME]: '50', [BORIS]: 'x' }, 'percent', '100', 'RUB')).toMatchObject({ error: 'validation_failed', bad: [BORIS] });
    const draft = { ...newDraft('split_purchase', ctx), amount: '100', mode: 'percent' as const, people: [ME, BORIS], weights: { [ME]: '50', [BORIS]: 'x' } };
    expect(validate(draft, ME)[`part-${BORIS}`]).toBe('validation_failed');
    expect(validate({ ...draft, weights: { [ME]: '50', [BORIS]: '40' } }, ME).people).toBe('percents_do_not_sum');
  });

  it('sends the mode and the weights, not amounts', () => {
    const draft = {
      ...newDraft('split_purchase', ctx),
      amount: '6000',
      mode: 'shares' as const,
      people: [ME, BORIS, VERA],
      weights: { [ME]: '2', [BORIS]: '2' },
    };
    const body = toBody(draft, 1, ME);
    expect(body.details.split).toBe('shares');
    expect(body.participants).toEqual([
      { uid: ME, weight: 2 },
      { uid: BORIS, weight: 2 },
      { uid: VERA, weight: 1 },
    ]);
  });
});

describe('an edit starts from the operation as entered', () => {
  it('keeps its currency, payers, mode and weights, and its own time while the day stays', () => {
    const op = anOperation({
      kind: 'split_purchase',
      details: { original_amount: 60, original_currency: 'EUR', date: '2026-03-12T18:30:00.000Z', description: 'Dinner' },
      entered: {
        payers: [
          { uid: ME, amount: 40 },
          { uid: BORIS, amount: 20 },
        ],
        split: 'shares',
        parts: [
          { uid: ME, amount: 24, weight: 2 },
          { uid: BORIS, amount: 24, weight: 2 },
          { uid: VERA, amount: 12, weight: 1 },
        ],
      },
    });
    const draft = draftOf(op, ctx);
    expect(draft).toMatchObject({
      kind: 'split_purchase',
      amount: '60',
      currency: 'EUR',
      description: 'Dinner',
      payers: [
        { uid: ME, amount: '40' },
        { uid: BORIS, amount: '20' },
      ],
      mode: 'shares',
      people: [ME, BORIS, VERA],
      weights: { [ME]: '2', [BORIS]: '2', [VERA]: '1' },
    });
    expect(toBody(draft, 1, ME, op.details.date).details.date).toBe('2026-03-12T18:30:00.000Z');
    expect(toBody({ ...draft, date: '2026-03-13' }, 1, ME, op.details.date).details.date).not.toBe('2026-03-12T18:30:00.000Z');
  });
});
