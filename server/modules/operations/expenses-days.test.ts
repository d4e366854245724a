import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expensesResponse, type ExpensesResponse } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * GET /operation/expenses/ with summary=true and day=: the my-share screen gets its figures
 * without every operation, and the operations of one day when it is opened.
 */
let t: TestApp;
let anna: Person, boris: Person;
let eventId: number;

// Three purchases on 12 March, two on 13 March (UTC); one late on the 13th, the 14th in Moscow.
const DATES = ['2026-03-12T08:00:00Z', '2026-03-12T09:00:00Z', '2026-03-12T10:00:00Z', '2026-03-13T09:00:00Z', '2026-03-13T22:30:00Z'];

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris] = (await people(t, ['Anna', 'Boris'])) as [Person, Person];
  eventId = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
  for (const [i, date] of DATES.entries()) {
    await operate(t, anna, {
      event_id: eventId,
      details: { kind: 'even_purchase', amount: 100 * (i + 1), payer: anna.uid, currency: 'RUB', description: `buy ${i + 1}`, date },
      participants: [{ uid: anna.uid }, { uid: boris.uid }],
    });
  }
  // A comment spends nothing and is neither counted nor listed.
  await operate(t, anna, { event_id: eventId, details: { kind: 'comment', text: 'receipts in the car', date: DATES[0] }, participants: [] });
});
afterAll(async () => {
  await t.close();
});

async function expenses(query: string, who: Person = anna): Promise<ExpensesResponse> {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${eventId}${query}`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expensesResponse.parse(res.body);
}

const days = (r: ExpensesResponse) => r.operations.map((d) => [d.day, d.total, d.mine, d.count, d.operations.map((o) => o.description)]);

describe('GET /v1/operation/expenses/ by day', () => {
  it('lists every day with its operations and their count by default', async () => {
    expect(days(await expenses('&utc_offset=0'))).toEqual([
      ['2026-03-12', 600, 300, 3, ['buy 1', 'buy 2', 'buy 3']],
      ['2026-03-13', 900, 450, 2, ['buy 4', 'buy 5']],
    ]);
  });

  it('with summary=true keeps every figure and count but sends no operation', async () => {
    const full = await expenses('&utc_offset=0');
    const summary = await expenses('&utc_offset=0&summary=true');
    expect(days(summary)).toEqual([
      ['2026-03-12', 600, 300, 3, []],
      ['2026-03-13', 900, 450, 2, []],
    ]);
    expect({ ...summary, operations: [] }).toEqual({ ...full, operations: [] });
    expect(await expenses('&utc_offset=0&summary=false')).toEqual(full);
  });

  it("with day= answers that day alone, with its operations, in the caller's time zone", async () => {
    const whole = await expenses('&utc_offset=0');
    const one = await expenses('&utc_offset=0&day=2026-03-13');
    expect(days(one)).toEqual([['2026-03-13', 900, 450, 2, ['buy 4', 'buy 5']]]);
    expect(one.operations[0]).toEqual(whole.operations[1]);
    expect({ ...one, operations: [] }).toEqual({ ...whole, operations: [] });
    // Moscow (UTC+3): the purchase at 22:30 UTC falls on the 14th.
    expect(days(await expenses('&utc_offset=180&day=2026-03-14'))).toEqual([['2026-03-14', 500, 250, 1, ['buy 5']]]);
    // A day without spending is an empty list, not an error.
    expect((await expenses('&utc_offset=0&day=2026-03-20')).operations).toEqual([]);
  });

  it('refuses a day that is not a calendar date, and a summary value it does not know', async () => {
    for (const query of ['&day=2026-3-1', '&day=2026-02-30x', '&day=today', '&summary=yes']) {
      const res = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${eventId}${query}`, { token: anna.token });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });
});
