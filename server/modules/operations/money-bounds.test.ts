import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, family, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * Decision 0010: no sequence of accepted writes can make a read fail or round. Anna and Boris are
 * one family, Carl is on his own; Anna lends to both. A loan past the per-operation bound is
 * refused with nothing stored; the largest accepted loans, ten of them each, leave every read
 * answering 200 with the exact kopeck.
 */
let t: TestApp;
let anna: Person, boris: Person, carl: Person;
let eventId: number;

const HUGE = 9_999_999_999_999.99;
const MAX = 10_000_000_000;

const loan = (to: Person, amount: number, event = eventId) => ({
  event_id: event,
  details: { kind: 'i_lent_them', amount, description: 'loan' },
  participants: [{ uid: to.uid }],
});

async function post(author: Person, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/app/api/v1/operation/', { token: author.token, body });
}

async function get(viewer: Person, url: string) {
  return call(t.app, 'GET', `/app/api/v1${url}`, { token: viewer.token });
}

/** Every read the overflow used to break, for one viewer: each must answer 200. */
async function readsOf(viewer: Person) {
  const urls = ['/event/', `/event/${eventId}/`, '/event/people/', `/operation/debts/?event=${eventId}`, '/user/me/', `/event/${eventId}/payout/`];
  const out: Record<string, { status: number; body: any }> = {};
  for (const url of urls) {
    const res = await get(viewer, url);
    out[url] = { status: res.status, body: res.body };
  }
  return out;
}

function expectAll200(reads: Record<string, { status: number; body: any }>) {
  expect(Object.fromEntries(Object.entries(reads).map(([url, r]) => [url, r.status]))).toEqual(Object.fromEntries(Object.keys(reads).map((url) => [url, 200])));
}

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, carl] = (await people(t, ['Anna', 'Boris', 'Carl'])) as [Person, Person, Person];
  await family(t, anna, [boris]);
  eventId = await eventWith(t, anna, [boris, carl], { eventCurrency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

describe('money at every size', () => {
  it('refuses a loan past the per-operation bound, stores nothing, and every read still answers 200', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post(anna, loan(boris, HUGE));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('amount_too_large');
    }
    const refusedJustPast = await post(anna, loan(boris, MAX + 0.01));
    expect(refusedJustPast.body.code).toBe('amount_too_large');
    for (const viewer of [anna, boris]) {
      const reads = await readsOf(viewer);
      expectAll200(reads);
      expect(reads[`/event/${eventId}/`]!.body.payout).toBe(0);
    }
  });

  it('keeps every read exact to the kopeck after the largest accepted loans', async () => {
    for (const to of [boris, carl]) {
      for (let i = 0; i < 9; i++) expect((await post(anna, loan(to, MAX))).status).toBe(201);
      expect((await post(anna, loan(to, 9_999_999_999.91))).status).toBe(201);
    }
    const each = 99_999_999_999.91;
    const annaReads = await readsOf(anna);
    expectAll200(annaReads);
    const event = annaReads[`/event/${eventId}/`]!.body;
    expect(event.payout).toBe(199_999_999_999.82);
    expect(event.family_payout).toBe(each);
    expect(Object.fromEntries(event.contacts.map((c: any) => [c.uid, c.balance]))).toEqual({
      [anna.uid]: 199_999_999_999.82,
      [boris.uid]: -each,
      [carl.uid]: -each,
    });
    expect(annaReads['/event/']!.body.find((e: any) => e.id === eventId).payout).toBe(199_999_999_999.82);
    const peopleRows = annaReads['/event/people/']!.body.objects;
    expect(peopleRows.find((p: any) => p.uid === carl.uid).balances).toEqual([{ balance: each, currency: 'RUB' }]);
    expect(annaReads['/user/me/']!.body.family.balances).toEqual([{ balance: each, currency: 'RUB' }]);
    const payout = annaReads[`/event/${eventId}/payout/`]!.body;
    expect(payout.transfers.map((tr: any) => tr.amount)).toEqual([each]);
    const debts = annaReads[`/operation/debts/?event=${eventId}`]!.body.debts;
    expect(debts.map((d: any) => d.amount).sort()).toEqual([each, each]);
    expectAll200(await readsOf(carl));
  });

  it('holds a writer to what they have written across events, and never lets their writes stop anyone else (decision 0062)', async () => {
    const [dave, eve, fay] = (await people(t, ['Dave', 'Eve', 'Fay'])) as [Person, Person, Person];
    const first = await eventWith(t, dave, [eve], { eventCurrency: 'RUB' });
    const second = await eventWith(t, dave, [eve], { eventCurrency: 'RUB' });
    // Each loan is 10^12 minor units written by Dave about Eve: 100 of them is what one person may write.
    for (let i = 0; i < 50; i++) expect((await post(dave, loan(eve, MAX, first))).status).toBe(201);
    for (let i = 0; i < 50; i++) expect((await post(dave, loan(eve, MAX, second))).status).toBe(201);
    const third = await eventWith(t, eve, [dave, fay], { eventCurrency: 'RUB' });
    // Dave can write no more, anywhere, and nothing of the refused write is stored.
    const refused = await post(dave, loan(eve, 0.01, third));
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'totals_too_large' });
    expect((await get(eve, `/operation/?event=${third}`)).body.count).toBe(0);
    // Eve, named in all of it, still records what she likes, Dave included; so does Fay about her.
    expect((await post(eve, loan(dave, 0.01, third))).status).toBe(201);
    expect(
      (
        await post(eve, {
          event_id: third,
          details: { kind: 'even_purchase', amount: 1500 },
          participants: [{ uid: eve.uid }, { uid: dave.uid }, { uid: fay.uid }],
        })
      ).status,
    ).toBe(201);
    expect((await post(fay, loan(eve, 100, third))).status).toBe(201);
    // Dave deleting one of his loans gives him room again; restoring it takes it back.
    const mine = await get(dave, `/operation/?event=${first}`);
    const one = mine.body.objects[0].id as number;
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${one}/`, { token: dave.token })).status).toBe(200);
    expect((await post(dave, loan(eve, 0.01, third))).status).toBe(201);
    const restored = await call(t.app, 'POST', `/app/api/v1/operation/${one}/restore/`, { token: dave.token });
    expect({ status: restored.status, code: restored.body.code }).toEqual({ status: 400, code: 'totals_too_large' });
    const davePeople = await get(dave, '/event/people/');
    expect(davePeople.status).toBe(200);
    expect(davePeople.body.objects.find((p: any) => p.uid === eve.uid).balances).toEqual([{ balance: 989_999_999_500, currency: 'RUB' }]);
  });

  it('shows the exact rate the amount was converted with: rate × amount is the amount, to the kopeck', async () => {
    const jpy = 19_000_000_000;
    const res = await post(anna, {
      event_id: eventId,
      details: { kind: 'i_lent_them', amount: jpy, currency: 'JPY', description: 'loan', date: '2026-03-12T12:00:00Z' },
      participants: [{ uid: carl.uid }],
    });
    expect(res.status).toBe(201);
    const { rate, amount } = res.body.details as { rate: string; amount: number };
    const [int, frac = ''] = rate.split('.');
    const scale = 10n ** BigInt(frac.length);
    const kopecks = BigInt(jpy) * BigInt(`${int}${frac}`) * 100n;
    const expected = (2n * kopecks + scale) / (2n * scale);
    expect(Math.round(amount * 100)).toBe(Number(expected));
    expect(rate.length).toBeGreaterThan(12);
  });

  it('splits 1 EUR among three equally in the RUB event: parts within one kopeck, the extra ones to the lowest ids', async () => {
    const res = await post(anna, {
      event_id: eventId,
      details: { kind: 'even_purchase', amount: 1, currency: 'EUR', description: 'coffee', date: '2026-03-12T12:00:00Z' },
      participants: [{ uid: anna.uid }, { uid: boris.uid }, { uid: carl.uid }],
    });
    expect(res.status).toBe(201);
    // 2026-03-12: 91.9378 RUB per EUR, so 1 EUR is 91.94 RUB = 3 × 30.64 + 0.02.
    expect(res.body.details).toMatchObject({ amount: 91.94, original_amount: 1, original_currency: 'EUR' });
    const ids = [anna.uid, boris.uid, carl.uid].sort((a, b) => a - b);
    expect(res.body.participants.map((p: any) => [p.uid, p.share])).toEqual([
      [ids[0], 30.65],
      [ids[1], 30.65],
      [ids[2], 30.64],
    ]);
  });

  it('lets only one of several simultaneous writes in different events take a person to their bound', async () => {
    const [gleb, hana] = (await people(t, ['Gleb', 'Hana'])) as [Person, Person];
    const home = await eventWith(t, gleb, [hana], { eventCurrency: 'RUB' });
    const others: number[] = [];
    for (let i = 0; i < 8; i++) others.push(await eventWith(t, gleb, [hana], { eventCurrency: 'RUB' }));
    for (let i = 0; i < 99; i++) expect((await post(gleb, loan(hana, MAX, home))).status).toBe(201);
    // Room for one more of the largest: eight at once, in eight events, must not pass together.
    const answers = await Promise.all(others.map((event) => post(gleb, loan(hana, MAX, event))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.code)).toEqual(Array(7).fill('totals_too_large'));
  });
});
