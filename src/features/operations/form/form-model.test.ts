import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createOperationBody } from '@common/contract/operations';
import { operationEntries } from '@common/ledger';
import { parseMoneyInput } from '@common/money';
import { fitToCurrency, FORM_KINDS, newDraft, operationDate, remainderOf, switchKind, toBody, validate, type Draft } from './form-model';

const ME = 1;
const ctx = { me: ME, everyone: [1, 2, 3, 4], eventCurrency: 'RUB' };
const draft = (kind: Draft['kind'], patch: Partial<Draft> = {}): Draft => ({ ...newDraft(kind, ctx), ...patch });

describe('a new draft', () => {
  it('starts each kind with the defaults people expect', () => {
    expect(draft('even_purchase')).toMatchObject({ payer: ME, people: [1, 2, 3, 4], currency: 'RUB', amount: '' });
    expect(draft('split_purchase').people).toEqual([1, 2, 3, 4]);
    expect(draft('i_purchased_them').people).toEqual([2, 3, 4]);
    expect(draft('i_lent_them').people).toEqual([]);
    expect(draft('they_lent_me').payer).toBeNull();
    expect(draft('deposit')).toMatchObject({ payer: ME, people: [1, 2, 3, 4] });
    expect(draft('payback')).toMatchObject({ payer: ME, recipient: null });
    expect(draft('even_purchase').date).toBe(dayjs().format('YYYY-MM-DD'));
  });

  it('keeps amount, currency, date and description when the kind changes, and resets the people', () => {
    const d = draft('split_purchase', { amount: '12,5', currency: 'EUR', description: 'Taxi', people: [2], parts: { 2: '3' } });
    const next = switchKind(d, 'payback', ctx);
    expect(next).toMatchObject({ kind: 'payback', amount: '12,5', currency: 'EUR', description: 'Taxi', parts: {}, recipient: null });
  });
});

describe('the money rules of specification §5', () => {
  it('ask for an amount and refuse zero with the specification’s messages', () => {
    expect(validate(draft('even_purchase'), ME).amount).toBe('required_field');
    expect(validate(draft('even_purchase', { amount: '0' }), ME).amount).toBe('amount_too_small');
    expect(validate(draft('even_purchase', { amount: '0,00' }), ME).amount).toBe('amount_too_small');
    expect(validate(draft('even_purchase', { amount: '12,50' }), ME).amount).toBeUndefined();
    expect(validate(draft('even_purchase', { amount: '12.5' }), ME).amount).toBeUndefined();
  });

  it('refuse a third decimal and more than 16 characters', () => {
    expect(validate(draft('even_purchase', { amount: '1.0055' }), ME).amount).toBe('amount_decimals');
    expect(validate(draft('even_purchase', { amount: '12345678901234567' }), ME).amount).toBe('amount_invalid');
    expect(validate(draft('even_purchase', { amount: '1234567890123.45' }), ME).amount).toBeUndefined();
  });

  it('ask whether a comma and three digits meant thousands, in the even and the split forms', () => {
    expect(validate(draft('even_purchase', { amount: '3,000' }), ME).amount).toBe('amount_thousands');
    expect(validate(draft('even_purchase', { amount: '1.000.000' }), ME).amount).toBe('amount_thousands');
    expect(validate(draft('even_purchase', { amount: '3,000', currency: 'KWD' }), ME).amount).toBeUndefined();
    const split = draft('split_purchase', { amount: '5000', parts: { 2: '1,500' } });
    expect(validate(split, ME)['part-2']).toBe('amount_thousands');
  });

  it('cut only empty decimals when the currency changes, keeping every digit that means something', () => {
    expect(fitToCurrency('12.00', 'JPY')).toBe('12');
    expect(fitToCurrency('12.50', 'JPY')).toBe('12.50');
    expect(validate(draft('even_purchase', { amount: '12.50', currency: 'JPY' }), ME).amount).toBe('amount_decimals');
    expect(fitToCurrency('12,500', 'RUB')).toBe('12,50');
    expect(fitToCurrency('12,505', 'RUB')).toBe('12,505');
    expect(fitToCurrency('12,505', 'KWD')).toBe('12,505');
    expect(fitToCurrency('7', 'EUR')).toBe('7');
  });
});

describe('people rules', () => {
  it('need two or more people in a purchase, the payer counting', () => {
    expect(validate(draft('even_purchase', { amount: '10', people: [] }), ME).people).toBe('participants_too_few');
    expect(validate(draft('even_purchase', { amount: '10', people: [ME] }), ME).people).toBe('participants_too_few');
    expect(validate(draft('even_purchase', { amount: '10', people: [2] }), ME).people).toBeUndefined();
    expect(validate(draft('split_purchase', { amount: '10', people: [ME] }), ME).people).toBe('participants_too_few');
  });

  it('need someone other than me to buy for or lend to', () => {
    expect(validate(draft('i_purchased_them', { amount: '10', people: [ME] }), ME).people).toBe('participants_too_few');
    expect(validate(draft('i_lent_them', { amount: '10' }), ME).people).toBe('participants_too_few');
    expect(validate(draft('i_lent_them', { amount: '10', people: [3] }), ME).people).toBeUndefined();
    expect(validate(draft('deposit', { amount: '10', people: [] }), ME).people).toBe('participants_too_few');
  });

  it('need the lender of a loan to me, who is not me', () => {
    expect(validate(draft('they_lent_me', { amount: '10' }), ME).payer).toBe('sender_or_recipient_required');
    expect(validate(draft('they_lent_me', { amount: '10', payer: ME }), ME).payer).toBe('sender_recipient_same');
    expect(validate(draft('they_lent_me', { amount: '10', payer: 3 }), ME)).toEqual({});
  });

  it('need a payback’s sender and recipient, and two different people', () => {
    expect(validate(draft('payback', { amount: '10', payer: null }), ME)).toMatchObject({
      payer: 'sender_or_recipient_required',
      recipient: 'sender_or_recipient_required',
    });
    expect(validate(draft('payback', { amount: '10', recipient: ME }), ME).recipient).toBe('sender_recipient_same');
    expect(validate(draft('payback', { amount: '10', payer: 2, recipient: 3 }), ME)).toEqual({});
  });

  it('need a comment’s text and nothing else', () => {
    expect(validate(draft('comment'), ME)).toEqual({ text: 'required_field' });
    expect(validate(draft('comment', { text: '   ' }), ME)).toEqual({ text: 'required_field' });
    expect(validate(draft('comment', { text: 'Who drives?' }), ME)).toEqual({});
  });
});

describe('the split purchase remainder', () => {
  it('is the amount minus the typed parts, split equally among the rest', () => {
    const d = draft('split_purchase', { amount: '100', parts: { 1: '10', 2: '20,50' } });
    const rest = remainderOf(d, d.people)!;
    expect(rest.left).toBe(6950);
    expect(rest.open).toEqual([3, 4]);
    expect([...rest.each.values()]).toEqual([3475, 3475]);
  });

  it('gives leftover kopecks to the lowest user ids, as the server does', () => {
    const d = draft('split_purchase', { amount: '100', parts: { 4: '0' } });
    expect([...remainderOf(d, d.people)!.each]).toEqual([
      [1, 3334],
      [2, 3333],
      [3, 3333],
    ]);
  });

  it('refuses a negative remainder and parts that leave money nobody carries', () => {
    expect(validate(draft('split_purchase', { amount: '100', parts: { 1: '60', 2: '50' } }), ME).people).toBe('remainder_negative');
    expect(validate(draft('split_purchase', { amount: '100', people: [1, 2], parts: { 1: '60', 2: '30' } }), ME).people).toBe('parts_do_not_sum');
    expect(validate(draft('split_purchase', { amount: '100', people: [1, 2], parts: { 1: '60', 2: '40' } }), ME)).toEqual({});
  });

  it('checks each typed part with the money rules', () => {
    expect(validate(draft('split_purchase', { amount: '100', parts: { 2: '1.2345' } }), ME)['part-2']).toBe('amount_decimals');
  });
});

describe('the request body', () => {
  const valid: Record<Draft['kind'], Partial<Draft>> = {
    even_purchase: { amount: '5000' },
    split_purchase: { amount: '3000', people: [1, 3, 4], parts: { 1: '1000', 3: '1000' }, payer: 3 },
    i_purchased_them: { amount: '1200', people: [3, 4] },
    i_lent_them: { amount: '700', people: [2] },
    they_lent_me: { amount: '400', payer: 2 },
    deposit: { amount: '1000', payer: 3 },
    payback: { amount: '250,50', payer: 2, recipient: 1 },
    comment: { text: '  Who drives?  ' },
  };

  it.each(FORM_KINDS)('of a valid %s parses with the contract and makes a ledger operation', (kind) => {
    const d = draft(kind, valid[kind]);
    expect(validate(d, ME)).toEqual({});
    const body = createOperationBody.parse(toBody(d, 5, ME));
    expect(body.event_id).toBe(5);
    expect(body.details.kind).toBe(kind);
    if (kind === 'comment') {
      expect(body.details.text).toBe('Who drives?');
      return;
    }
    // The same body the server gets, run through the ledger, balances to zero.
    const amount = parseMoneyInput(String(body.details.amount), 'RUB');
    expect(amount.ok).toBe(true);
    const entries = operationEntries({
      kind,
      amount: amount.ok ? amount.minor : 0,
      author: ME,
      payer: body.details.payer ?? (kind === 'they_lent_me' ? null : ME),
      participants: body.participants.map((p) => ({ uid: p.uid, amount: p.amount == null ? null : Math.round(p.amount * 100) })),
    });
    expect(entries.reduce((s, e) => s + e.paid - e.share, 0)).toBe(0);
  });

  it('sends the amount in major units with a comma read as the decimal point', () => {
    const body = toBody(draft('payback', valid.payback), 5, ME);
    expect(body.details).toMatchObject({ kind: 'payback', amount: 250.5, currency: 'RUB', payer: 2 });
    expect(body.participants).toEqual([{ uid: 1 }]);
  });

  it('sends explicit parts only for the people who have one', () => {
    const body = toBody(draft('split_purchase', valid.split_purchase), 5, ME);
    expect(body.participants).toEqual([{ uid: 1, amount: 1000 }, { uid: 3, amount: 1000 }, { uid: 4 }]);
    expect(body.details.payer).toBe(3);
  });

  it('leaves me out of "i purchased them" and the payer to the server', () => {
    const body = toBody(draft('i_purchased_them', { amount: '10', people: [1, 3] }), 5, ME);
    expect(body.participants).toEqual([{ uid: 3 }]);
    expect(body.details.payer).toBeUndefined();
  });

  it('dates today’s operation now and another day at its local midday', () => {
    const now = dayjs('2026-11-21T15:30:00');
    expect(operationDate('2026-11-21', now)).toBe(now.toISOString());
    const other = operationDate('2026-11-01', now);
    expect(dayjs(other).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 12:00');
  });
});
