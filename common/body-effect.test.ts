import { describe, expect, it } from 'vitest';
import type { CreateOperationBody } from './contract/operations';
import { bodyEffect, totalEffect } from './body-effect';

const ME = 7;
const BORIS = 8;
const purchase = (description: string, amount: number, extra: Partial<CreateOperationBody['details']> = {}): CreateOperationBody => ({
  event_id: 1,
  details: { kind: 'even_purchase', amount, currency: 'RUB', description, payer: ME, ...extra },
  participants: [{ uid: ME }, { uid: BORIS }],
});

describe('what a waiting operation does to my balance', () => {
  it('is what the ledger will make of it, in the currency it was entered in', () => {
    expect(bodyEffect(purchase('Bread', 100), ME, 'RUB')).toEqual({ minor: 5000, currency: 'RUB' });
    expect(bodyEffect(purchase('Bread', 100, { payer: BORIS }), ME, 'RUB')).toEqual({ minor: -5000, currency: 'RUB' });
    expect(
      bodyEffect(
        {
          ...purchase('Taxi', 30, { kind: 'split_purchase', currency: 'EUR', split: 'percent' }),
          participants: [
            { uid: ME, weight: 25 },
            { uid: BORIS, weight: 75 },
          ],
        },
        ME,
        'RUB',
      ),
    ).toEqual({ minor: 2250, currency: 'EUR' });
    expect(bodyEffect({ event_id: 1, details: { kind: 'comment', text: 'hi', description: '' }, participants: [] }, ME, 'RUB')).toEqual({
      minor: 0,
      currency: 'RUB',
    });
    // One the server would refuse says nothing rather than something wrong.
    expect(bodyEffect({ ...purchase('Alone', 100), participants: [{ uid: ME }] }, ME, 'RUB')).toBeNull();
  });
});

describe('what several waiting operations do together', () => {
  it('is their sum in one currency, and unsaid when one is in another or cannot be said', () => {
    expect(
      totalEffect(
        [
          { minor: 5000, currency: 'RUB' },
          { minor: -2500, currency: 'RUB' },
        ],
        'RUB',
      ),
    ).toBe(2500);
    expect(totalEffect([], 'RUB')).toBe(0);
    expect(
      totalEffect(
        [
          { minor: 5000, currency: 'RUB' },
          { minor: 100, currency: 'EUR' },
        ],
        'RUB',
      ),
    ).toBeNull();
    expect(totalEffect([{ minor: 5000, currency: 'RUB' }, null], 'RUB')).toBeNull();
  });
});
