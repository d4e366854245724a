import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expensesResponse, type ExpensesResponse } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';
import { rowsOf } from '../../db/rows';
import { KEPT_OFFSETS_PER_EVENT } from './spending-days';

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

async function expenses(query: string, who: Person = anna, event = eventId): Promise<ExpensesResponse> {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/expenses/?event=${event}${query}`, { token: who.token });
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

describe('GET /v1/operation/expenses/ from the days kept with the writes', () => {
  let event: number;
  const keptOffsets = async () =>
    rowsOf<{ utc_offset: number }>(
      await t.database.db.execute(sql`select utc_offset from spending_day_offsets where event_id = ${event} order by utc_offset`),
    ).map((r) => r.utc_offset);
  const buy = (amount: number, date: string) =>
    operate(t, anna, {
      event_id: event,
      details: { kind: 'even_purchase', amount, payer: anna.uid, currency: 'RUB', description: `buy ${amount}`, date },
      participants: [{ uid: anna.uid }, { uid: boris.uid }],
    });
  const summary = async (offset: number, who: Person = anna) => days(await expenses(`&utc_offset=${offset}&summary=true`, who, event));

  beforeAll(async () => {
    event = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
    for (const [i, date] of DATES.entries()) await buy(100 * (i + 1), date);
  });

  it('keeps the offsets readers ask for, four per event and in quarter hours, and sums any other afresh to the same days', async () => {
    expect(KEPT_OFFSETS_PER_EVENT).toBe(4);
    expect(await summary(0)).toEqual([
      ['2026-03-12', 600, 300, 3, []],
      ['2026-03-13', 900, 450, 2, []],
    ]);
    // Moscow: the purchase at 22:30 UTC on the 13th is on the 14th.
    const moscow = [
      ['2026-03-12', 600, 300, 3, []],
      ['2026-03-13', 400, 200, 1, []],
      ['2026-03-14', 500, 250, 1, []],
    ];
    expect(await summary(180)).toEqual(moscow);
    // A time zone that is not a whole number of quarter hours is answered, but not kept.
    expect(await summary(7)).toEqual([
      ['2026-03-12', 600, 300, 3, []],
      ['2026-03-13', 900, 450, 2, []],
    ]);
    expect(await summary(-300)).toEqual([
      ['2026-03-12', 600, 300, 3, []],
      ['2026-03-13', 900, 450, 2, []],
    ]);
    expect(await summary(120)).toEqual(moscow);
    expect(await keptOffsets()).toEqual([-300, 0, 120, 180]);
    // A fifth zone (India, UTC+5:30) is summed afresh: the same figures, nothing more kept.
    expect(await summary(330)).toEqual(moscow);
    expect(await keptOffsets()).toEqual([-300, 0, 120, 180]);
    // Boris reads his own shares from the same kept days.
    expect(await summary(180, boris)).toEqual(moscow);
  });

  it('follows every write after the days are kept: a new purchase, an edit to another day, a delete and a restore', async () => {
    const added = await buy(1000, '2026-03-14T21:00:00Z');
    // Moscow: the 15th; UTC: the 14th.
    expect((await summary(180)).at(-1)).toEqual(['2026-03-15', 1000, 500, 1, []]);
    expect((await summary(0)).at(-1)).toEqual(['2026-03-14', 1000, 500, 1, []]);
    const edited = await call(t.app, 'PUT', `/app/api/v1/operation/${added.id}/`, {
      token: anna.token,
      headers: { 'if-match': `"${added.version}"` },
      body: {
        event_id: event,
        details: { kind: 'even_purchase', amount: 800, payer: anna.uid, currency: 'RUB', description: 'moved', date: '2026-03-12T12:00:00Z' },
        participants: [{ uid: anna.uid }, { uid: boris.uid }],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const withEdit = [
      ['2026-03-12', 1400, 700, 4, []],
      ['2026-03-13', 400, 200, 1, []],
      ['2026-03-14', 500, 250, 1, []],
    ];
    expect(await summary(180)).toEqual(withEdit);
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${added.id}/`, { token: anna.token })).status).toBe(200);
    expect(await summary(180)).toEqual([
      ['2026-03-12', 600, 300, 3, []],
      ['2026-03-13', 400, 200, 1, []],
      ['2026-03-14', 500, 250, 1, []],
    ]);
    expect((await call(t.app, 'POST', `/app/api/v1/operation/${added.id}/restore/`, { token: anna.token })).status).toBe(200);
    expect(await summary(180)).toEqual(withEdit);
    // The whole history, which lists the operations too, reads the same days.
    expect(days(await expenses('&utc_offset=180', anna, event)).map((d) => d.slice(0, 4))).toEqual(withEdit.map((d) => d.slice(0, 4)));
  });
});
