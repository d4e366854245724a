import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expensesResponse, type ExpensesResponse } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * GET /operation/expenses/?family=true: Anna and Boris settle as one event family, Vera alone;
 * purchases by Anna and by Boris on two days.
 */
let t: TestApp;
let anna: Person, boris: Person, vera: Person, eve: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera, eve] = (await people(t, ['Anna', 'Boris', 'Vera', 'Eve'])) as [Person, Person, Person, Person];
  eventId = await eventWith(t, anna, [boris, vera], { eventCurrency: 'RUB' });
  const put = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, {
    token: anna.token,
    body: { data: { families: [[anna.uid, boris.uid], [vera.uid]] } },
  });
  expect(put.status).toBe(200);
  const buy = (payer: Person, amount: number, date: string, among: Person[]) => ({
    event_id: eventId,
    details: { kind: 'even_purchase', amount, payer: payer.uid, currency: 'RUB', description: `${amount}`, date },
    participants: among.map((p) => ({ uid: p.uid })),
  });
  // Day one: 300 among all three (100 each); 200 between Boris and Vera (100 each).
  await operate(t, anna, buy(anna, 300, '2026-03-12T10:00:00Z', [anna, boris, vera]));
  await operate(t, boris, buy(boris, 200, '2026-03-12T12:00:00Z', [boris, vera]));
  // Day two: 90 between Boris and Vera (45 each).
  await operate(t, boris, buy(boris, 90, '2026-03-13T09:00:00Z', [boris, vera]));
});
afterAll(async () => {
  await t.close();
});

async function expenses(who: Person, extra = ''): Promise<ExpensesResponse> {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${eventId}&utc_offset=0${extra}`, { token: who.token });
  expect(res.status).toBe(200);
  return expensesResponse.parse(res.body);
}

const mineByDay = (r: ExpensesResponse) => r.operations.map((d) => [d.day, d.mine]);
const opShares = (r: ExpensesResponse) => r.operations.flatMap((d) => d.operations.map((o) => [o.description, o.my_share]));

describe('GET /v1/operation/expenses/ with family=true', () => {
  it("sums my event family's shares in every 'mine' figure, leaving the totals as they are", async () => {
    const own = await expenses(anna);
    expect(own.my_share).toBe(100);
    expect(mineByDay(own)).toEqual([
      ['2026-03-12', 100],
      ['2026-03-13', 0],
    ]);
    const family = await expenses(anna, '&family=true');
    // Anna 100 + Boris 100 + 100 + 45.
    expect(family.my_share).toBe(345);
    expect(mineByDay(family)).toEqual([
      ['2026-03-12', 300],
      ['2026-03-13', 45],
    ]);
    expect(opShares(family)).toEqual([
      ['300', 200],
      ['200', 100],
      ['90', 45],
    ]);
    // Everything that is not 'mine' is the same either way.
    expect({ ...family, my_share: 0, operations: [] }).toEqual({ ...own, my_share: 0, operations: [] });
    expect(family.operations.map((d) => d.total)).toEqual(own.operations.map((d) => d.total));
    // The family's figure is the same whichever member asks.
    expect((await expenses(boris, '&family=true')).my_share).toBe(345);
  });

  it('equals my own share for someone alone in their event family, and family=false is my own', async () => {
    expect(await expenses(vera, '&family=true')).toEqual(await expenses(vera));
    expect((await expenses(vera)).my_share).toBe(245);
    expect(await expenses(anna, '&family=false')).toEqual(await expenses(anna));
  });

  it('answers 404 to someone not in the event, and refuses a family value it does not know', async () => {
    const stranger = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${eventId}&family=true`, { token: eve.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('not_found');
    const odd = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${eventId}&family=yes`, { token: anna.token });
    expect(odd.status).toBe(400);
    expect(odd.body.code).toBe('validation_failed');
  });
});
