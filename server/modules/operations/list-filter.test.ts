import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationListResponse } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/** GET /operation/ narrowed by text, person, kind and days, with the count of what matches. */
let t: TestApp;
let anna: Person, boris: Person, vera: Person, eve: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera, eve] = (await people(t, ['Anna', 'Boris', 'Vera', 'Eve'])) as [Person, Person, Person, Person];
  eventId = await eventWith(t, anna, [boris, vera], { eventCurrency: 'RUB' });
  const buy = (description: string, date: string, among: Person[], who = anna) =>
    operate(t, who, {
      event_id: eventId,
      details: { kind: 'even_purchase', amount: 100, description, date },
      participants: among.map((p) => ({ uid: p.uid })),
    });
  await buy('Dinner at Pushkin', '2026-03-01T19:00:00Z', [anna, boris]);
  await buy('Taxi 50% off', '2026-03-02T10:00:00Z', [anna, vera]);
  await buy('taxi home', '2026-03-03T23:30:00Z', [boris, vera], boris);
  await operate(t, vera, { event_id: eventId, details: { kind: 'comment', text: 'Who booked the dinner table?' } });
  await operate(t, anna, { event_id: eventId, details: { kind: 'i_lent_them', amount: 50, date: '2026-03-04T12:00:00Z' }, participants: [{ uid: boris.uid }] });
});
afterAll(async () => {
  await t.close();
});

async function list(query: string, who: Person = anna) {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}&${query}`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = operationListResponse.parse(res.body);
  return { count: body.count, texts: body.objects.map((o) => o.details.description || o.details.text || o.kind) };
}

describe('searching and filtering the list', () => {
  it('finds words in descriptions and comments whatever their case, and counts the matches', async () => {
    expect(await list('q=DINNER')).toEqual({ count: 2, texts: ['Who booked the dinner table?', 'Dinner at Pushkin'] });
    expect(await list('q=taxi')).toMatchObject({ count: 2 });
  });

  it('matches % and _ as typed, not as wildcards', async () => {
    expect(await list('q=50%25')).toEqual({ count: 1, texts: ['Taxi 50% off'] });
    expect(await list('q=_')).toEqual({ count: 0, texts: [] });
  });

  it('narrows to a person (payer, sharer or author), to kinds, and to days in the caller’s time zone', async () => {
    expect((await list(`person=${vera.uid}`)).texts).toEqual(['Who booked the dinner table?', 'taxi home', 'Taxi 50% off']);
    expect((await list('kind=i_lent_them,comment')).texts).toEqual(['i_lent_them', 'Who booked the dinner table?']);
    expect((await list('from=2026-03-02&to=2026-03-03&kind=even_purchase')).texts).toEqual(['taxi home', 'Taxi 50% off']);
    // 23:30 UTC on the 3rd is already the 4th in Moscow.
    expect((await list('from=2026-03-04&to=2026-03-04&kind=even_purchase&utc_offset=180')).texts).toEqual(['taxi home']);
    expect((await list(`q=taxi&person=${boris.uid}`)).texts).toEqual(['taxi home']);
  });

  it('refuses what it cannot read and shows a stranger nothing', async () => {
    for (const bad of ['kind=lunch', 'kind=', 'from=2026-13-01', 'to=yesterday', `q=${'x'.repeat(101)}`, 'q=a%00b', 'q=%1B%5B31m', 'person=-1']) {
      const res = await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}&${bad}`, { token: anna.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const res = await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}&q=dinner`, { token: eve.token });
    expect(res.status).toBe(404);
  });
});

describe('paging the whole list', () => {
  it('pages newest first, 20 a page, with deleted operations or without them', async () => {
    const paged = await eventWith(t, anna, [boris]);
    const ids: number[] = [];
    for (let i = 1; i <= 22; i++) ids.push((await operate(t, anna, { event_id: paged, details: { kind: 'comment', text: `note ${i}` } })).id);
    const deleted = ids[0] as number;
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${deleted}/`, { token: anna.token })).status).toBe(200);
    const page = async (query: string) => {
      const res = await call(t.app, 'GET', `/app/api/v1/operation/?event=${paged}&${query}`, { token: boris.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = operationListResponse.parse(res.body);
      return { count: body.count, pages: body.pages, ids: body.objects.map((o) => o.id) };
    };
    const newestFirst = [...ids].reverse();
    expect(await page('page=1')).toEqual({ count: 22, pages: 2, ids: newestFirst.slice(0, 20) });
    expect(await page('page=2')).toEqual({ count: 22, pages: 2, ids: newestFirst.slice(20) });
    expect(await page('page=2&deleted=0')).toEqual({ count: 21, pages: 2, ids: newestFirst.slice(20, 21) });
    expect(await page('page=3')).toEqual({ count: 22, pages: 2, ids: [] });
  });
});
