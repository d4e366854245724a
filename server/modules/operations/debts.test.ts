import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../../common/contract/events';
import { debtsResponse } from '../../../common/contract/operations';
import { toMinor } from '../../../common/money';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/** GET /operation/debts/: the plain who-owes-whom view of the debts screen. */
let t: TestApp;
let anna: Person, boris: Person, vera: Person, outsider: Person;
let eventId: number;

const op = (kind: string, amount: number | undefined, extra: Record<string, unknown>, participants: unknown[]) => ({
  event_id: eventId,
  details: { kind, amount, currency: 'RUB', description: kind, ...extra },
  participants,
});

async function debts(as: Person, query = '') {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/debts/?event=${eventId}${query}`, { token: as.token });
  expect(res.status).toBe(200);
  return debtsResponse.parse(res.body);
}

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera, outsider] = (await people(t, ['Anna', 'Boris', 'Vera', 'Outsider'])) as [Person, Person, Person, Person];
  eventId = await eventWith(t, anna, [boris, vera], { eventCurrency: 'RUB' });
  const all = [anna, boris, vera].map((p) => ({ uid: p.uid }));
  // Anna pays 300 for all three; Boris pays 90 for all three; Vera lends Anna 50.
  await operate(t, anna, op('even_purchase', 300, {}, all));
  await operate(t, boris, op('even_purchase', 90, {}, all));
  await operate(t, anna, op('they_lent_me', 50, { payer: vera.uid }, []));
  await operate(t, anna, op('comment', undefined, { text: 'no money here' }, []));
  // A deleted operation leaves no debt behind.
  const gone = await operate(t, anna, op('i_lent_them', 1000, {}, [{ uid: boris.uid }]));
  expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${gone.id}/`, { token: anna.token })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('GET /operation/debts/', () => {
  it('nets each pair across operations, before families and simplification', async () => {
    const body = await debts(anna);
    expect(body).toMatchObject({ event_id: eventId, currency: 'RUB', approximate: false });
    // Boris owes Anna 100 and Anna owes Boris 30: net 70. Vera owes Anna 100 but lent her 50: 50. Vera owes Boris 30.
    const expected = [
      { from: boris.uid, to: anna.uid, amount: 70 },
      { from: vera.uid, to: anna.uid, amount: 50 },
      { from: vera.uid, to: boris.uid, amount: 30 },
    ].sort((a, b) => a.from - b.from || a.to - b.to);
    expect(body.debts).toEqual(expected);
  });

  it('adds up to every person’s balance, so paying every debt settles everyone', async () => {
    const body = await debts(anna);
    const event = eventSchema.parse((await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: anna.token })).body);
    for (const p of event.contacts) {
      const net = body.debts.reduce((s, d) => s + (d.to === p.uid ? toMinor(d.amount, 'RUB') : 0) - (d.from === p.uid ? toMinor(d.amount, 'RUB') : 0), 0);
      expect(net, `balance of ${p.uid}`).toBe(toMinor(p.balance, 'RUB'));
    }
  });

  it('converts into a display currency, marked approximate', async () => {
    const body = await debts(anna, '&currency=EUR');
    expect(body).toMatchObject({ currency: 'EUR', approximate: true });
    expect(body.debts).toHaveLength(3);
    for (const d of body.debts) expect(d.amount).toBeGreaterThan(0);
  });

  it('is the same for every participant and does not exist for anyone else', async () => {
    expect((await debts(vera)).debts).toEqual((await debts(anna)).debts);
    const res = await call(t.app, 'GET', `/app/api/v1/operation/debts/?event=${eventId}`, { token: outsider.token });
    expect(res.status).toBe(404);
    expect((await call(t.app, 'GET', `/app/api/v1/operation/debts/?event=${eventId}`)).status).toBe(401);
  });
});
