import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListResponse } from '../../../common/contract/events';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * One event never breaks a list (decision 0010). An event kept in a currency with no exchange rate
 * (the afghani: neither bank quotes it) cannot be shown in roubles; the rest of the list, the
 * People page and the profile load all the same, and that event answers in its own currency.
 */
let t: TestApp;
let anna: Person, boris: Person;
let rubEvent: number, afnEvent: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris] = (await people(t, ['Anna', 'Boris'])) as [Person, Person];
  rubEvent = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
  afnEvent = await eventWith(t, anna, [boris], { event_name: 'Kabul', eventCurrency: 'AFN' });
  for (const [event, amount] of [
    [rubEvent, 100],
    [afnEvent, 250.5],
  ] as const) {
    await operate(t, anna, { event_id: event, details: { kind: 'i_lent_them', amount, description: 'loan' }, participants: [{ uid: boris.uid }] });
  }
});
afterAll(async () => {
  await t.close();
});

describe('an event whose figures cannot be converted', () => {
  it('stays in the events list in its own currency while the others are converted', async () => {
    const res = await call(t.app, 'GET', '/app/api/v1/event/?currency=RUB', { token: boris.token });
    expect(res.status).toBe(200);
    const list = eventListResponse.parse(res.body);
    const byId = new Map(list.map((e) => [e.id, e]));
    expect(byId.get(rubEvent)).toMatchObject({ currency: 'RUB', payout: -100, approximate: false });
    expect(byId.get(afnEvent)).toMatchObject({ currency: 'AFN', payout: -250.5, approximate: false });
    expect(byId.get(afnEvent)?.unavailable).toBeUndefined();
  });

  it('answers its own view in its own currency', async () => {
    const res = await call(t.app, 'GET', `/app/api/v1/event/${afnEvent}/?currency=RUB`, { token: boris.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: 'AFN', payout: -250.5 });
  });

  it('leaves the People page and the profile loading, with the exact per-currency balances', async () => {
    const page = await call(t.app, 'GET', '/app/api/v1/event/people/', { token: anna.token });
    expect(page.status).toBe(200);
    const row = page.body.objects.find((p: { uid: number }) => p.uid === boris.uid);
    expect(row.balances).toEqual([
      { balance: 250.5, currency: 'AFN' },
      { balance: 100, currency: 'RUB' },
    ]);
    expect((await call(t.app, 'GET', '/app/api/v1/user/me/', { token: anna.token })).status).toBe(200);
  });
});

describe('the People page in a display currency', () => {
  it('loads with the convertible balances converted and the rest per currency', async () => {
    const page = await call(t.app, 'GET', '/app/api/v1/event/people/?currency=RUB', { token: anna.token });
    expect(page.status).toBe(200);
    const row = page.body.objects.find((p: { uid: number }) => p.uid === boris.uid);
    expect(row.balance).toEqual([
      { balance: 250.5, currency: 'AFN' },
      { balance: 100, currency: 'RUB' },
    ]);
  });
});
