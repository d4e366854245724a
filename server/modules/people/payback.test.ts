import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListResponse } from '../../../common/contract/events';
import { operationListResponse } from '../../../common/contract/operations';
import { paybackRequestResponse, personResponse } from '../../../common/contract/people';
import { checkIntegrity } from '../../../bench/stress/checks';
import { DEFAULT_PASSWORD, signUp } from '../../../tests/api/factories';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, type Person } from '../../../tests/api/ledger-factories';

let t: TestApp;
let anna: Person, boris: Person, clara: Person, dan: Person;
let dinner: number, museum: number;

let phones = 0;
const newPhone = () => `+7907${String(++phones).padStart(7, '0')}`;

async function member(name: string): Promise<Person> {
  const s = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: name, last_name: 'Test', currency: 'RUB' });
  return { uid: s.uid, token: s.token, phone: s.phone, name };
}

const ask = (who: Person, uid: number, body: unknown = { details: 'Payback' }) =>
  call(t.app, 'POST', `/app/api/v1/event/people/${uid}/`, { token: who.token, body });

async function person(who: Person, uid: number) {
  const res = await call(t.app, 'GET', `/app/api/v1/event/people/${uid}/`, { token: who.token });
  expect(res.status).toBe(200);
  return personResponse.parse(res.body);
}

async function events(who: Person) {
  const res = await call(t.app, 'GET', '/app/api/v1/event/', { token: who.token });
  expect(res.status).toBe(200);
  return eventListResponse.parse(res.body);
}

const dialogues = async (who: Person) => (await events(who)).filter((e) => e.quasi_event_name !== null);

const payback = (eventId: number, debtor: Person, creditor: Person, amount: number, currency?: string) => ({
  event_id: eventId,
  details: { kind: 'payback', amount, payer: debtor.uid, ...(currency ? { currency } : {}) },
  participants: [{ uid: creditor.uid }],
});

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, clara, dan] = [await member('Anna'), await member('Boris'), await member('Clara'), await member('Dan')];
  dinner = await eventWith(t, anna, [boris, clara], { event_name: 'Dinner', eventCurrency: 'RUB' });
  museum = await eventWith(t, anna, [boris], { event_name: 'Museum', eventCurrency: 'EUR' });
  // Boris owes Anna 500 RUB and 10 EUR; Anna owes Clara 200 RUB.
  await operate(t, anna, { event_id: dinner, details: { kind: 'even_purchase', amount: 1000 }, participants: [{ uid: anna.uid }, { uid: boris.uid }] });
  await operate(t, clara, { event_id: dinner, details: { kind: 'i_purchased_them', amount: 200 }, participants: [{ uid: anna.uid }] });
  await operate(t, anna, { event_id: museum, details: { kind: 'even_purchase', amount: 20 }, participants: [{ uid: anna.uid }, { uid: boris.uid }] });
});
afterAll(async () => {
  await t.close();
});

describe('payback requests', () => {
  let requestId: number;
  let dialogueId: number;

  it('creates the dialogue on first use and states what is owed per currency', async () => {
    expect(await dialogues(anna)).toEqual([]);
    expect((await person(anna, boris.uid)).dialogue_id).toBeNull();
    const res = await ask(anna, boris.uid);
    expect(res.status).toBe(201);
    const request = paybackRequestResponse.parse(res.body);
    expect(request).toMatchObject({
      from: anna.uid,
      to: boris.uid,
      amounts: [
        { amount: 10, currency: 'EUR' },
        { amount: 500, currency: 'RUB' },
      ],
      paid: [
        { amount: 0, currency: 'EUR' },
        { amount: 0, currency: 'RUB' },
      ],
      settled: false,
      dialogue_created: true,
    });
    requestId = request.id;
    dialogueId = request.event_id;
    const mine = await dialogues(anna);
    expect(mine.map((e) => e.id)).toEqual([dialogueId]);
    expect(mine[0]).toMatchObject({ quasi_event_name: 'Boris', unread_cnt: 0 });
  });

  it('shows as unread to the other person, as a comment that moves no balance', async () => {
    const theirs = (await dialogues(boris)).find((e) => e.id === dialogueId);
    expect(theirs).toMatchObject({ unread_cnt: 1, payout: 0, quasi_event_name: 'Anna Test' });
    const ops = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${dialogueId}`, { token: boris.token })).body);
    expect(ops.objects).toHaveLength(1);
    expect(ops.objects[0]).toMatchObject({ id: requestId, kind: 'comment', seen: false, participants: [] });
    expect(ops.objects[0]?.details.text).toBe('Payback request: 10.00 EUR, 500.00 RUB');
    // The feed carries the request itself, so a screen can show it in the reader's language and act on it.
    expect(ops.objects[0]?.request).toEqual({
      to: boris.uid,
      amounts: [
        { amount: 10, currency: 'EUR' },
        { amount: 500, currency: 'RUB' },
      ],
      paid: [
        { amount: 0, currency: 'EUR' },
        { amount: 0, currency: 'RUB' },
      ],
      settled: false,
    });
    expect((await person(boris, anna.uid)).person.balance).toEqual([
      { balance: -10, currency: 'EUR' },
      { balance: -500, currency: 'RUB' },
    ]);
    // Both see the request on the person's page.
    expect((await person(boris, anna.uid)).payback_requests).toMatchObject([{ id: requestId, from: anna.uid, to: boris.uid, settled: false }]);
    expect((await person(anna, boris.uid)).dialogue_id).toBe(dialogueId);
  });

  it('renews the open request when asked again: one request, one unread line, however many times', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await ask(anna, boris.uid);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: requestId, event_id: dialogueId, dialogue_created: false, settled: false });
    }
    expect((await dialogues(anna)).map((e) => e.id)).toEqual([dialogueId]);
    expect((await dialogues(boris)).find((e) => e.id === dialogueId)?.unread_cnt).toBe(1);
    const requests = (await person(anna, boris.uid)).payback_requests;
    expect(requests.map((r) => r.id)).toEqual([requestId]);
    // Boris reads it; the counter goes to 0, and a repeat makes it unread again, once.
    const seen = await call(t.app, 'POST', `/app/api/v1/operation/${requestId}/seen`, { token: boris.token, body: { all: true } });
    expect(seen.body).toEqual({ event_id: dialogueId, unread_cnt: 0 });
    await ask(anna, boris.uid);
    expect((await dialogues(boris)).find((e) => e.id === dialogueId)?.unread_cnt).toBe(1);
    await call(t.app, 'POST', `/app/api/v1/operation/${requestId}/seen`, { token: boris.token, body: { all: true } });
  });

  it('shows as settled once paybacks after it cover every currency, and not before', async () => {
    await operate(t, boris, payback(dialogueId, boris, anna, 500));
    let request = (await person(anna, boris.uid)).payback_requests.find((r) => r.id === requestId);
    expect(request).toMatchObject({
      settled: false,
      paid: [
        { amount: 0, currency: 'EUR' },
        { amount: 500, currency: 'RUB' },
      ],
    });
    const euros = await operate(t, boris, payback(museum, boris, anna, 10));
    request = (await person(anna, boris.uid)).payback_requests.find((r) => r.id === requestId);
    expect(request).toMatchObject({
      settled: true,
      paid: [
        { amount: 10, currency: 'EUR' },
        { amount: 500, currency: 'RUB' },
      ],
    });
    // The feed says so where the request was made.
    const feed = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${dialogueId}`, { token: boris.token })).body);
    expect(feed.objects.find((o) => o.id === requestId)?.request).toMatchObject({ settled: true });
    expect(feed.objects.filter((o) => o.kind === 'payback').every((o) => o.request === undefined)).toBe(true);
    expect((await person(boris, anna.uid)).payback_requests.every((r) => r.settled)).toBe(true);
    expect((await person(anna, boris.uid)).person.balance).toEqual([]);
    // Computed on read: deleting the payback reopens the request.
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${euros.id}/`, { token: boris.token })).status).toBe(200);
    expect((await person(anna, boris.uid)).payback_requests.find((r) => r.id === requestId)?.settled).toBe(false);
    await call(t.app, 'POST', `/app/api/v1/operation/${euros.id}/restore/`, { token: boris.token });
    expect((await person(anna, boris.uid)).payback_requests.find((r) => r.id === requestId)?.settled).toBe(true);
  });

  it('counts a payback in the currency it was entered in', async () => {
    const eva = await member('Eva');
    const trip = await eventWith(t, eva, [dan], { event_name: 'Trip', eventCurrency: 'EUR' });
    await operate(t, eva, { event_id: trip, details: { kind: 'i_lent_them', amount: 30 }, participants: [{ uid: dan.uid }] });
    const res = await ask(eva, dan.uid);
    expect(res.body.amounts).toEqual([{ amount: 30, currency: 'EUR' }]);
    // Paid in the dialogue (RUB) but entered in euros: it covers the euros asked for.
    await operate(t, dan, payback(res.body.event_id, dan, eva, 30, 'EUR'));
    expect((await person(eva, dan.uid)).payback_requests[0]).toMatchObject({ settled: true, paid: [{ amount: 30, currency: 'EUR' }] });
  });

  it('counts only paybacks recorded after the request', async () => {
    const [gus, hal] = [await member('Gus'), await member('Hal')];
    const ev = await eventWith(t, gus, [hal], { event_name: 'Rent', eventCurrency: 'RUB' });
    await operate(t, gus, { event_id: ev, details: { kind: 'i_lent_them', amount: 300 }, participants: [{ uid: hal.uid }] });
    await operate(t, hal, payback(ev, hal, gus, 300));
    await operate(t, gus, { event_id: ev, details: { kind: 'i_lent_them', amount: 300 }, participants: [{ uid: hal.uid }] });
    const res = await ask(gus, hal.uid);
    expect(res.body).toMatchObject({ amounts: [{ amount: 300, currency: 'RUB' }], paid: [{ amount: 0, currency: 'RUB' }], settled: false });
    await operate(t, hal, payback(ev, hal, gus, 200));
    expect((await person(hal, gus.uid)).payback_requests[0]).toMatchObject({ settled: false, paid: [{ amount: 200, currency: 'RUB' }] });
    // A payback the other way, or to someone else, is not a payback of this request.
    await operate(t, gus, payback(ev, gus, hal, 100));
    expect((await person(hal, gus.uid)).payback_requests[0]).toMatchObject({ settled: false, paid: [{ amount: 200, currency: 'RUB' }] });
    await operate(t, hal, payback(ev, hal, gus, 100));
    expect((await person(hal, gus.uid)).payback_requests[0]).toMatchObject({ settled: true, paid: [{ amount: 300, currency: 'RUB' }] });
    // A settled request stays as it was; asking again is a new request, not settled by the older one's paybacks.
    await operate(t, gus, { event_id: ev, details: { kind: 'i_lent_them', amount: 50 }, participants: [{ uid: hal.uid }] });
    const newer = await ask(gus, hal.uid);
    const both = (await person(gus, hal.uid)).payback_requests;
    expect(both.map((r) => [r.id, r.settled])).toEqual([
      [newer.body.id, false],
      [res.body.id, true],
    ]);
  });
});

/** The figures kept beside the operations (unread counts, volumes, activity) equal what the requests' history says. */
async function expectKeptFiguresTrue() {
  const report = await checkIntegrity(t.database, []);
  expect({ unread: report.driftedUnread, volumes: report.driftedVolumes, counts: report.driftedCounts }).toEqual({ unread: [], volumes: [], counts: [] });
}

describe('asking again', () => {
  it('renews an open request with the debt as it now stands, counting paybacks from the renewal', async () => {
    const [ivy, jon] = [await member('Ivy'), await member('Jon')];
    const ev = await eventWith(t, ivy, [jon], { event_name: 'Trip', eventCurrency: 'RUB' });
    await operate(t, ivy, { event_id: ev, details: { kind: 'i_lent_them', amount: 300 }, participants: [{ uid: jon.uid }] });
    const first = await ask(ivy, jon.uid);
    await operate(t, jon, payback(ev, jon, ivy, 100));
    expect((await person(ivy, jon.uid)).payback_requests[0]).toMatchObject({ paid: [{ amount: 100, currency: 'RUB' }], settled: false });
    const again = await ask(ivy, jon.uid);
    expect(again.body).toMatchObject({
      id: first.body.id,
      amounts: [{ amount: 200, currency: 'RUB' }],
      paid: [{ amount: 0, currency: 'RUB' }],
      settled: false,
    });
    const feed = operationListResponse.parse((await call(t.app, 'GET', `/app/api/v1/operation/?event=${first.body.event_id}`, { token: jon.token })).body);
    expect(feed.objects.filter((o) => o.request)).toHaveLength(1);
    expect(feed.objects[0]?.details.text).toBe('Payback request: 200.00 RUB');
    await operate(t, jon, payback(ev, jon, ivy, 200));
    expect((await person(ivy, jon.uid)).payback_requests).toMatchObject([{ id: first.body.id, settled: true, paid: [{ amount: 200, currency: 'RUB' }] }]);
    await expectKeptFiguresTrue();
  });

  it('lets parallel repeats add at most one request', async () => {
    const [kim, lev] = [await member('Kim'), await member('Lev')];
    const ev = await eventWith(t, kim, [lev], { event_name: 'Taxi', eventCurrency: 'RUB' });
    await operate(t, kim, { event_id: ev, details: { kind: 'i_lent_them', amount: 50 }, participants: [{ uid: lev.uid }] });
    await ask(kim, lev.uid);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(kim, lev.uid)));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await person(lev, kim.uid)).payback_requests).toHaveLength(1);
    await expectKeptFiguresTrue();
  });
});

describe('refusals', () => {
  it("refuses when they owe me nothing, creating no dialogue ('This person owes you nothing')", async () => {
    // Anna owes Clara 200; Clara owes Anna nothing.
    const res = await ask(anna, clara.uid);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'This person owes you nothing', code: 'nothing_to_request' });
    expect(await dialogues(clara)).toEqual([]);
    expect(await dialogues(anna)).toHaveLength(1);
  });

  it('refuses people I share nothing with, unknown uids and myself with 404', async () => {
    for (const uid of [dan.uid, 2_000_000, anna.uid]) {
      const res = await ask(anna, uid);
      expect([uid, res.status, res.body.code]).toEqual([uid, 404, 'user_not_found']);
    }
    expect(await dialogues(dan)).toHaveLength(1); // only the one with Eva
  });

  it('refuses bad bodies and ids with 4xx and records nothing', async () => {
    const before = (await call(t.app, 'GET', `/app/api/v1/operation/?event=${(await dialogues(anna))[0]!.id}`, { token: anna.token })).body.count;
    const bad: [unknown, number, string][] = [
      [{ details: 'Other' }, 400, 'validation_failed'],
      [{ details: 'payback' }, 400, 'validation_failed'],
      [{ details: ['Payback'] }, 400, 'validation_failed'],
      [{}, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of bad) {
      const res = await ask(anna, boris.uid, body);
      expect([body, res.status, res.body.code]).toEqual([body, status, code]);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/app/api/v1/event/people/${boris.uid}/`,
      headers: { authorization: `Bearer ${anna.token}`, 'content-type': 'application/json' },
      payload: '{"details": "Payback"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body).code).toBe('bad_request');
    for (const uid of ['abc', '0', '-1', '1.5']) expect((await ask(anna, uid as unknown as number)).status).toBe(400);
    expect((await call(t.app, 'POST', `/app/api/v1/event/people/${boris.uid}/`, { body: { details: 'Payback' } })).status).toBe(401);
    const after = (await call(t.app, 'GET', `/app/api/v1/operation/?event=${(await dialogues(anna))[0]!.id}`, { token: anna.token })).body.count;
    expect(after).toBe(before);
  });

  it('refuses a request into a deleted dialogue', async () => {
    const fay = await member('Fay');
    const ev = await eventWith(t, fay, [clara], { event_name: 'Lunch' });
    await operate(t, fay, { event_id: ev, details: { kind: 'i_lent_them', amount: 10 }, participants: [{ uid: clara.uid }] });
    const first = await ask(fay, clara.uid);
    expect(first.status).toBe(201);
    // Fay's own request is all it holds: she may delete it; Clara may not, as it holds what Fay wrote.
    const byClara = await call(t.app, 'PUT', `/app/api/v1/event/${first.body.event_id}/`, { token: clara.token, body: { del_date: null } });
    expect(byClara.body.code).toBe('delete_dialogue_with_others');
    const deleted = await call(t.app, 'PUT', `/app/api/v1/event/${first.body.event_id}/`, { token: fay.token, body: { del_date: null } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const res = await ask(fay, clara.uid);
    expect([res.status, res.body.code]).toEqual([400, 'event_deleted']);
  });
});
