import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema, payoutResponse } from '../../../common/contract/events';
import { expensesResponse, operationListResponse } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/** DESIGN §3's worked example, end to end through the HTTP API. */
let t: TestApp;
let anna: Person, boris: Person, vera: Person, gleb: Person, dima: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera, gleb, dima] = (await people(t, ['Anna', 'Boris', 'Vera', 'Gleb', 'Dima'])) as [Person, Person, Person, Person, Person];
  eventId = await eventWith(t, anna, [boris, vera, gleb, dima], { eventCurrency: 'RUB' });
  const put = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, {
    token: anna.token,
    body: { data: { families: [[anna.uid, boris.uid], [vera.uid, gleb.uid], [dima.uid]] } },
  });
  expect(put.status).toBe(200);
  const all = [anna, boris, vera, gleb, dima].map((p) => ({ uid: p.uid }));
  const op = (kind: string, amount: number | undefined, extra: Record<string, unknown>, participants: unknown[]) => ({
    event_id: eventId,
    details: { kind, amount, currency: 'RUB', description: kind, date: '2026-03-12T10:00:00Z', ...extra },
    participants,
  });
  await operate(t, anna, op('even_purchase', 5000, { payer: anna.uid }, all));
  await operate(
    t,
    vera,
    op('split_purchase', 3000, { payer: vera.uid }, [
      { uid: anna.uid, amount: 1000 },
      { uid: vera.uid, amount: 1000 },
      { uid: dima.uid, amount: 1000 },
    ]),
  );
  await operate(t, dima, op('i_purchased_them', 1200, {}, [{ uid: vera.uid }, { uid: gleb.uid }]));
  await operate(t, boris, op('i_lent_them', 700, {}, [{ uid: dima.uid }]));
  await operate(t, gleb, op('they_lent_me', 400, { payer: anna.uid }, [{ uid: gleb.uid }]));
  await operate(t, vera, op('deposit', 1000, { payer: vera.uid }, all));
  await operate(t, dima, op('comment', undefined, { text: 'All paid for, see you next year' }, []));
});
afterAll(async () => {
  await t.close();
});

describe('the worked example of DESIGN §3', () => {
  it('gives every person and every family the balance DESIGN states', async () => {
    const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: boris.token });
    expect(res.status).toBe(200);
    const ev = eventSchema.parse(res.body);
    const balance = Object.fromEntries(ev.contacts.map((c) => [c.uid, c.balance]));
    expect(balance).toEqual({ [anna.uid]: 3600, [boris.uid]: -100, [vera.uid]: -400, [gleb.uid]: -1800, [dima.uid]: -1300 });
    const families = ev.families.map((f) => ({ members: [...f.members].sort((a, b) => a - b), balance: f.balance }));
    expect(families).toEqual([
      { members: [anna.uid, boris.uid].sort((a, b) => a - b), balance: 3500 },
      { members: [vera.uid, gleb.uid].sort((a, b) => a - b), balance: -2200 },
      { members: [dima.uid], balance: -1300 },
    ]);
    expect(ev.payout).toBe(-100);
    expect(ev.family_payout).toBe(3500);
    expect(ev.currency).toBe('RUB');
    expect(ev.approximate).toBe(false);
  });

  it('settles up in two transfers: Vera and Gleb’s family pays 2200, Dima pays 1300, both to Anna', async () => {
    const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/payout/`, { token: dima.token });
    expect(res.status).toBe(200);
    const payout = payoutResponse.parse(res.body);
    expect(payout.userId).toBe(dima.uid);
    expect(payout.transfers).toEqual([
      expect.objectContaining({ from: gleb.uid, to: anna.uid, amount: 2200, currency: 'RUB' }),
      expect.objectContaining({ from: dima.uid, to: anna.uid, amount: 1300, currency: 'RUB' }),
    ]);
    expect(payout.users.map((u) => u.uid).sort()).toEqual([anna, boris, vera, gleb, dima].map((p) => p.uid).sort());
    expect(payout.users.find((u) => u.uid === anna.uid)?.phone).toBe(anna.phone);
  });

  it('computes the statistics: total 8200, average 1640 and each person’s share', async () => {
    const shares: [Person, number][] = [
      [anna, 1800],
      [boris, 800],
      [vera, 2400],
      [gleb, 1400],
      [dima, 1800],
    ];
    for (const [who, share] of shares) {
      const res = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${eventId}&utc_offset=180`, { token: who.token });
      expect(res.status).toBe(200);
      const stats = expensesResponse.parse(res.body);
      expect(stats.total_expenses).toBe(8200);
      expect(stats.avg_expenses).toBe(1640);
      expect(stats.my_share).toBe(share);
      expect(stats.shares.reduce((s, x) => s + x.share, 0)).toBe(8200);
      expect(stats.operations).toHaveLength(1);
      expect(stats.operations[0]).toMatchObject({ day: '2026-03-12', total: 8200, mine: share });
      expect(stats.operations[0]!.operations).toHaveLength(4);
    }
  });

  it('lists the seven operations newest first with statuses relative to the viewer', async () => {
    const res = await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}`, { token: dima.token });
    expect(res.status).toBe(200);
    const list = operationListResponse.parse(res.body);
    expect(list.count).toBe(7);
    expect(list.objects.map((o) => o.kind)).toEqual([
      'comment',
      'deposit',
      'they_lent_me',
      'i_lent_them',
      'i_purchased_them',
      'split_purchase',
      'even_purchase',
    ]);
    expect(list.objects.map((o) => o.status)).toEqual([null, 'income', 'lent', 'received', 'bought', 'split', 'even']);
    const loan = list.objects[3]!;
    expect(loan.participants).toEqual(
      [
        { uid: boris.uid, paid: 700, share: 0, effect: 700 },
        { uid: dima.uid, paid: 0, share: 700, effect: -700 },
      ].sort((a, b) => a.uid - b.uid),
    );
    expect(list.objects[0]!.details.text).toBe('All paid for, see you next year');
  });
});
