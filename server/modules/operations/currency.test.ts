import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema, payoutResponse } from '../../../common/contract/events';
import { operation, operationListResponse } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * DESIGN §3: an operation in another currency is converted at the rate of its date, the rate is
 * frozen on it, and later rate changes never move a stored balance. Expected figures come from the
 * bundled Bank of Russia file (RUB per EUR by date).
 */
let t: TestApp;
let anna: Person, boris: Person;
let eventId: number;

const purchase = (amount: number, currency: string, date: string) => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount, currency, description: 'dinner', date },
  participants: [{ uid: anna.uid }, { uid: boris.uid }],
});

async function balances(): Promise<Record<number, number>> {
  const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: anna.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(eventSchema.parse(res.body).contacts.map((c) => [c.uid, c.balance]));
}

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris] = (await people(t, ['Anna', 'Boris'])) as [Person, Person];
  eventId = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

describe('operations in another currency', () => {
  it('converts EUR into the RUB event at the Bank of Russia rate of the operation’s date', async () => {
    const op = operation.parse(await operate(t, anna, purchase(100, 'EUR', '2026-03-12T18:00:00Z')));
    // 2026-03-12: 91.9378 RUB per EUR.
    expect(op.details).toMatchObject({
      amount: 9193.78,
      currency: 'RUB',
      original_amount: 100,
      original_currency: 'EUR',
      rate: '91.9378',
      rate_date: '2026-03-12',
    });
    expect(op.participants).toEqual(
      [
        { uid: anna.uid, paid: 9193.78, share: 4596.89, effect: 4596.89 },
        { uid: boris.uid, paid: 0, share: 4596.89, effect: -4596.89 },
      ].sort((a, b) => a.uid - b.uid),
    );
    expect(await balances()).toEqual({ [anna.uid]: 4596.89, [boris.uid]: -4596.89 });
  });

  it('takes the latest earlier rate for a day without one, and reports that day', async () => {
    // Sunday 15 March: the Saturday set of the 14th (91.9847) applies.
    const sunday = operation.parse(await operate(t, anna, purchase(10, 'EUR', '2026-03-15')));
    expect(sunday.details).toMatchObject({ amount: 919.85, rate: '91.9847', rate_date: '2026-03-14' });
    // A currency only the Bank of Russia quotes, crossed through EUR: 100 KZT = 16.0841 RUB on the 12th.
    const kzt = operation.parse(await operate(t, anna, purchase(1000, 'KZT', '2026-03-12')));
    expect(kzt.details.amount).toBe(160.84);
    expect(kzt.details.rate_date).toBe('2026-03-12');
    expect(Number(kzt.details.rate)).toBeCloseTo(0.160841, 9);
  });

  it('shows amounts in a display currency at the latest rate, marked approximate, without storing them', async () => {
    const before = await balances();
    const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/?currency=EUR`, { token: anna.token });
    const ev = eventSchema.parse(res.body);
    expect(ev).toMatchObject({ currency: 'EUR', eventCurrency: 'RUB', approximate: true });
    // Latest RUB rate: 88.2826 per EUR (2026-04-25).
    expect(ev.payout).toBeCloseTo(before[anna.uid]! / 88.2826, 2);
    const original = eventSchema.parse((await call(t.app, 'GET', `/app/api/v1/event/${eventId}/original/`, { token: anna.token })).body);
    expect(original).toMatchObject({ currency: 'RUB', approximate: false, original: true, payout: before[anna.uid] });
    const payout = payoutResponse.parse((await call(t.app, 'GET', `/app/api/v1/event/${eventId}/payout/?currency=EUR`, { token: anna.token })).body);
    expect(payout.transfers[0]).toMatchObject({ currency: 'EUR', from: boris.uid, to: anna.uid });
    expect(payout.approximate).toBe(true);
    expect(await balances()).toEqual(before);
  });

  it('shows an operation in the currency it was entered in exactly as entered, not through the event currency and back', async () => {
    const eurEvent = await eventWith(t, anna, [boris], { eventCurrency: 'EUR' });
    const made = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: anna.token,
      body: {
        event_id: eurEvent,
        details: { kind: 'even_purchase', amount: 882.85, currency: 'RUB', description: 'dinner' },
        participants: [{ uid: anna.uid }, { uid: boris.uid }],
      },
    });
    expect(made.status).toBe(201);
    const listed = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${eurEvent}&currency=RUB`, { token: anna.token })).body)
      .objects[0]!;
    expect(listed.details).toMatchObject({ amount: 882.85, currency: 'RUB', original_amount: 882.85 });
    expect(listed.approximate).toBe(false);
    const [low, high] = [anna.uid, boris.uid].sort((a, b) => a - b);
    expect(Object.fromEntries(listed.participants.map((p) => [p.uid, p.share]))).toEqual({ [low!]: 441.43, [high!]: 441.42 });
    // In another display currency it is converted, and says so.
    const inUsd = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${eurEvent}&currency=USD`, { token: anna.token })).body)
      .objects[0]!;
    expect(inUsd).toMatchObject({ approximate: true, details: { currency: 'USD' } });
  });

  it('answers a new operation in the display currency of POST /operation/?currency= (§7), storing it in the event currency', async () => {
    const res = await call(t.app, 'POST', '/app/api/v1/operation/?currency=EUR', { token: anna.token, body: purchase(882.83, 'RUB', '2026-04-25T10:00:00Z') });
    expect(res.status).toBe(201);
    const op = operation.parse(res.body);
    // 882.83 RUB at the latest 88.2826 RUB per EUR is 10.00 EUR; entered and stored as roubles.
    expect(op.details).toMatchObject({ currency: 'EUR', amount: 10, original_amount: 882.83, original_currency: 'RUB' });
    expect(op.approximate).toBe(true);
    const plain = await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: purchase(100, 'RUB', '2026-04-25T10:00:00Z') });
    expect(operation.parse(plain.body).details).toMatchObject({ currency: 'RUB', amount: 100 });
    const count = async () =>
      operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}`, { token: anna.token })).body).count;
    const before = await count();
    for (const bad of ['XYZ', 'eur', 'EURO']) {
      const refused = await call(t.app, 'POST', `/app/api/v1/operation/?currency=${bad}`, {
        token: anna.token,
        body: purchase(1, 'RUB', '2026-04-25T10:00:00Z'),
      });
      expect(refused.status).toBe(400);
    }
    // A display currency that cannot be shown refuses the whole request: nothing was stored.
    expect(await count()).toBe(before);
  });

  it('keeps every stored balance and rate when the rate table changes afterwards', async () => {
    const before = await balances();
    const listBefore = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}`, { token: anna.token })).body);
    await t.database.db.execute(sql`update rates set per_eur = per_eur * 2 where currency = 'RUB'`);
    expect(await balances()).toEqual(before);
    const listAfter = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}`, { token: anna.token })).body);
    expect(listAfter.objects.map((o) => o.details)).toEqual(listBefore.objects.map((o) => o.details));
    // The change is real: a new operation on the same day takes the new rate.
    const later = operation.parse(await operate(t, anna, purchase(100, 'EUR', '2026-03-12T18:00:00Z')));
    expect(later.details.amount).toBe(18387.56);
  });

  it('answers in the event currency, not an error, where a large figure cannot be shown in the display currency', async () => {
    const big = await eventWith(t, anna, [boris], { eventCurrency: 'EUR' });
    const body = { ...purchase(6_000_000_000, 'EUR', '2026-03-12'), event_id: big };
    // Within every bound, but past what a number holds exactly in rupiahs and rials.
    const created = await call(t.app, 'POST', '/app/api/v1/operation/?currency=IDR', { token: anna.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(operation.parse(created.body).details).toMatchObject({ amount: 6_000_000_000, currency: 'EUR' });
    expect(created.body.approximate).toBe(false);
    const reads = [
      `/app/api/v1/operation/?event=${big}&currency=IDR`,
      `/app/api/v1/operation/${created.body.id}/?currency=IDR`,
      `/app/api/v1/operation/expenses/?event=${big}&currency=IDR`,
      `/app/api/v1/operation/debts/?event=${big}&currency=IRR`,
      `/app/api/v1/event/${big}/payout/?currency=IRR`,
    ];
    for (const path of reads) {
      const res = await call(t.app, 'GET', path, { token: boris.token });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(JSON.stringify(res.body), path).not.toMatch(/"currency":"(IDR|IRR)"/);
    }
    // On a person's page, that event's figure alone stays in its own currency.
    const person = await call(t.app, 'GET', `/app/api/v1/event/people/${anna.uid}/?currency=IRR`, { token: boris.token });
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    expect(person.body.events.find((e: { id: number }) => e.id === big)).toMatchObject({ currency: 'EUR', approximate: false, balance: -3_000_000_000 });
    // A figure that fits is still converted.
    const small = await eventWith(t, anna, [boris], { eventCurrency: 'EUR' });
    await operate(t, anna, { ...purchase(10, 'EUR', '2026-03-12'), event_id: small });
    const converted = await call(t.app, 'GET', `/app/api/v1/operation/debts/?event=${small}&currency=IRR`, { token: boris.token });
    expect(converted.body).toMatchObject({ currency: 'IRR', approximate: true });
  });

  it('refuses a currency it has no rate for, and an unknown code', async () => {
    const noRate = await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: purchase(10, 'ARS', '2026-03-12') });
    expect(noRate.status).toBe(400);
    expect(noRate.body.code).toBe('rate_unavailable');
    const unknown = await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: purchase(10, 'XYZ', '2026-03-12') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('currency_unknown');
  });
});
