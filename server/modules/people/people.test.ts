import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../../common/contract/events';
import { PEOPLE_PAGE_SIZE, peopleListResponse, personResponse, type PeopleListResponse, type Person as PersonView } from '../../../common/contract/people';
import { fromMinor } from '../../../common/money';
import { DEFAULT_PASSWORD, signUp } from '../../../tests/api/factories';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { addContacts, eventWith, operate, type Person } from '../../../tests/api/ledger-factories';
import { displayConversion } from '../currency/service';

let t: TestApp;
let anna: Person, boris: Person, clara: Person, dan: Person;
let dacha: number, paris: number, dialogue: number;

let phones = 0;
const newPhone = () => `+7905${String(++phones).padStart(7, '0')}`;

async function member(name: string): Promise<Person> {
  const s = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: name, last_name: 'Test' });
  return { uid: s.uid, token: s.token, phone: s.phone, name };
}

async function list(who: Person, query = ''): Promise<PeopleListResponse> {
  const res = await call(t.app, 'GET', `/app/api/v1/event/people/${query}`, { token: who.token });
  expect(res.status).toBe(200);
  return peopleListResponse.parse(res.body);
}

async function row(who: Person, uid: number, query = ''): Promise<PersonView | undefined> {
  const page = await list(who, query);
  return page.objects.find((p) => p.uid === uid);
}

async function one(who: Person, uid: number, query = '') {
  const res = await call(t.app, 'GET', `/app/api/v1/event/people/${uid}/${query}`, { token: who.token });
  expect(res.status).toBe(200);
  return personResponse.parse(res.body);
}

const purchase = (eventId: number, payer: Person, amount: number, among: Person[], currency?: string) => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount, payer: payer.uid, ...(currency ? { currency } : {}) },
  participants: among.map((p) => ({ uid: p.uid })),
});

/** Display conversion of an exact minor amount, as the server's rate lookup does it. */
async function converted(minor: number, from: string, to: string): Promise<number> {
  return (await displayConversion(t.database.db, from, to)).minor(minor);
}

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, clara, dan] = [await member('Anna'), await member('Boris'), await member('Clara'), await member('Dan')];
  // Debts of Boris to Anna in two events in two currencies, and in their dialogue.
  dacha = await eventWith(t, anna, [boris], { event_name: 'Dacha', eventCurrency: 'RUB' });
  paris = await eventWith(t, anna, [boris, clara], { event_name: 'Paris', eventCurrency: 'EUR' });
  await operate(t, anna, purchase(dacha, anna, 3000, [anna, boris])); // Boris owes 1500 RUB
  await operate(t, boris, { event_id: dacha, details: { kind: 'payback', amount: 500, payer: boris.uid }, participants: [{ uid: anna.uid }] });
  await operate(t, anna, purchase(paris, anna, 90, [anna, boris, clara])); // Boris and Clara owe Anna 30 EUR each
  // Boris buys for Clara: his balance in Paris becomes -18, yet he still owes Anna 30.
  await operate(t, boris, { event_id: paris, details: { kind: 'i_purchased_them', amount: 12 }, participants: [{ uid: clara.uid }] });
  const res = await call(t.app, 'POST', '/app/api/v1/event/', { token: anna.token, body: { quasi: true, contacts: [boris.uid] } });
  expect(res.status).toBe(201);
  dialogue = res.body.id;
  await operate(t, anna, { event_id: dialogue, details: { kind: 'i_lent_them', amount: 100 }, participants: [{ uid: boris.uid }] });
});
afterAll(async () => {
  await t.close();
});

describe('net balances across events', () => {
  it('sums pairwise debts per currency over every shared event and the dialogue', async () => {
    expect((await row(anna, boris.uid))?.balance).toEqual([
      { balance: 30, currency: 'EUR' },
      { balance: 1100, currency: 'RUB' },
    ]);
    expect((await row(boris, anna.uid))?.balance).toEqual([
      { balance: -30, currency: 'EUR' },
      { balance: -1100, currency: 'RUB' },
    ]);
    expect((await row(anna, clara.uid))?.balance).toEqual([{ balance: 30, currency: 'EUR' }]);
    expect((await row(boris, clara.uid))?.balance).toEqual([{ balance: 12, currency: 'EUR' }]);
    expect((await row(clara, boris.uid))?.balance).toEqual([{ balance: -12, currency: 'EUR' }]);
  });

  it('uses pairwise debts, not raw event balances', async () => {
    const res = await call(t.app, 'GET', `/app/api/v1/event/${paris}/`, { token: anna.token });
    const ev = eventSchema.parse(res.body);
    expect(ev.contacts.find((c) => c.uid === boris.uid)?.balance).toBe(-18);
    expect((await one(anna, boris.uid)).events.find((e) => e.id === paris)?.balance).toBe(30);
  });

  it('converts into the display currency by summing each currency converted once', async () => {
    const eurInRub = await converted(3000, 'EUR', 'RUB');
    const rubInEur = await converted(110_000, 'RUB', 'EUR');
    const inRub = await list(anna, '?currency=RUB');
    expect(inRub).toMatchObject({ currency: 'RUB', approximate: true });
    const b = inRub.objects.find((p) => p.uid === boris.uid);
    expect(b?.balance).toBe(fromMinor(110_000 + eurInRub, 'RUB'));
    expect(b?.balances).toEqual([
      { balance: 30, currency: 'EUR' },
      { balance: 1100, currency: 'RUB' },
    ]);
    expect((await row(anna, boris.uid, '?currency=EUR'))?.balance).toBe(fromMinor(3000 + rubInEur, 'EUR'));
    expect((await row(boris, anna.uid, '?currency=EUR'))?.balance).toBe(-fromMinor(3000 + rubInEur, 'EUR'));
    // Unconverted lists say so.
    expect(await list(anna)).toMatchObject({ currency: null, approximate: false });
  });

  it('lists the shared events with the pairwise amount in each, and the dialogue', async () => {
    const view = await one(anna, boris.uid);
    expect(view.person).toMatchObject({ uid: boris.uid, name: 'Boris', is_contact_exists: true, is_registered: true });
    expect(view.dialogue_id).toBe(dialogue);
    expect(view.events.map((e) => [e.id, e.balance, e.currency, e.is_dialogue]).sort()).toEqual(
      [
        [dacha, 1000, 'RUB', false],
        [paris, 30, 'EUR', false],
        [dialogue, 100, 'RUB', true],
      ].sort(),
    );
    const inEur = await one(anna, boris.uid, '?currency=EUR');
    expect(inEur.events.find((e) => e.id === dacha)).toMatchObject({
      currency: 'EUR',
      approximate: true,
      balance: fromMinor(await converted(100_000, 'RUB', 'EUR'), 'EUR'),
    });
    expect(inEur.events.find((e) => e.id === paris)).toMatchObject({ currency: 'EUR', approximate: false, balance: 30 });
    expect(inEur.person.balance).toBe(fromMinor(3000 + (await converted(110_000, 'RUB', 'EUR')), 'EUR'));
  });

  it('leaves deleted events and deleted operations out until they are restored', async () => {
    const del = await call(t.app, 'PUT', `/app/api/v1/event/${dacha}/`, { token: anna.token, body: { del_date: null } });
    expect(del.status).toBe(200);
    expect((await row(boris, anna.uid))?.balance).toEqual([
      { balance: -30, currency: 'EUR' },
      { balance: -100, currency: 'RUB' },
    ]);
    expect((await one(boris, anna.uid)).events.map((e) => e.id)).not.toContain(dacha);
    await call(t.app, 'PUT', `/app/api/v1/event/${dacha}/`, { token: anna.token, body: { del_date: false } });
    const lent = await operate(t, anna, { event_id: dialogue, details: { kind: 'i_lent_them', amount: 7 }, participants: [{ uid: boris.uid }] });
    expect((await row(anna, boris.uid))?.balances).toContainEqual({ balance: 1107, currency: 'RUB' });
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${lent.id}/`, { token: anna.token })).status).toBe(200);
    expect((await row(anna, boris.uid))?.balances).toContainEqual({ balance: 1100, currency: 'RUB' });
  });
});

describe('the people list', () => {
  it('has contacts without shared events (placeholders too) with no balance, and never the caller', async () => {
    const res = await call(t.app, 'POST', '/app/api/v1/user/contacts/', {
      token: clara.token,
      body: { device: 'WEB', contacts: [{ name: 'Zoe', phone: '+79057770001' }] },
    });
    expect(res.status).toBe(200);
    const page = await list(clara);
    const zoe = page.objects.find((p) => p.phone === '+79057770001');
    expect(zoe).toMatchObject({ name: 'Zoe', is_registered: false, is_contact_exists: true, balance: [], balances: [], family: null });
    // Clara knows Anna and Boris from Paris without having them as contacts.
    expect(page.objects.find((p) => p.uid === anna.uid)).toMatchObject({ is_contact_exists: false, balance: [{ balance: -30, currency: 'EUR' }] });
    expect(page.objects.map((p) => p.uid)).not.toContain(clara.uid);
  });

  it('pages 20 at a time in name order, every person once', async () => {
    const owner = await member('Owner');
    const friends = Array.from({ length: 25 }, (_, i) => ({
      name: `Friend ${String(i + 1).padStart(2, '0')}`,
      phone: `+7905888${String(i).padStart(4, '0')}`,
    }));
    const res = await call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: owner.token, body: { device: 'WEB', contacts: friends } });
    expect(res.status).toBe(200);
    await addContacts(t, owner, [anna]);
    const first = await list(owner);
    expect(first).toMatchObject({ count: 26, page: 1, pages: 2 });
    expect(first.objects).toHaveLength(PEOPLE_PAGE_SIZE);
    expect(first.objects[0]?.name).toBe('Anna');
    expect(first.objects.slice(1).map((p) => p.name)).toEqual(friends.slice(0, 19).map((f) => f.name));
    const second = await list(owner, '?page=2');
    expect(second.objects.map((p) => p.name)).toEqual(friends.slice(19).map((f) => f.name));
    expect(new Set([...first.objects, ...second.objects].map((p) => p.uid)).size).toBe(26);
    expect((await list(owner, '?page=3')).objects).toEqual([]);
  });

  it('groups a user-level family together with a Whole family balance', async () => {
    const invited = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: boris.token, body: { family: { head: boris.phone, members: [clara.phone] } } });
    expect(invited.status).toBe(200);
    const invitation = (await call(t.app, 'GET', '/app/api/v1/user/me/', { token: clara.token })).body.family_invitations.received[0].id as number;
    await call(t.app, 'POST', `/app/api/v1/user/family/invitations/${invitation}/accept/`, { token: clara.token });
    const res = await call(t.app, 'GET', '/app/api/v1/user/me/', { token: boris.token });
    const page = await list(anna);
    const uids = page.objects.map((p) => p.uid);
    expect(uids.indexOf(clara.uid)).toBe(uids.indexOf(boris.uid) + 1);
    const familyId = res.body.family.id;
    expect(page.objects.find((p) => p.uid === clara.uid)?.family).toEqual({ id: familyId, head: boris.uid, is_mine: false });
    expect(page.families).toEqual([
      {
        id: familyId,
        head: boris.uid,
        is_mine: false,
        members: [boris.uid, clara.uid],
        balance: [
          { balance: 60, currency: 'EUR' },
          { balance: 1100, currency: 'RUB' },
        ],
        balances: [
          { balance: 60, currency: 'EUR' },
          { balance: 1100, currency: 'RUB' },
        ],
      },
    ]);
    const inRub = await list(anna, '?currency=RUB');
    expect(inRub.families[0]?.balance).toBe(fromMinor(110_000 + (await converted(6000, 'EUR', 'RUB')), 'RUB'));
    // Boris sees his own family marked as his; Clara's row is his family member's.
    expect((await row(boris, clara.uid))?.family).toEqual({ id: familyId, head: boris.uid, is_mine: true });
    expect((await one(anna, clara.uid)).family).toMatchObject({ id: familyId, members: [boris.uid, clara.uid] });
    await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: boris.token, body: { family: null } });
    expect((await list(anna)).families).toEqual([]);
  });
});

describe('access and bad input', () => {
  it('answers 404 for someone I share nothing with, and for unknown uids', async () => {
    for (const uid of [dan.uid, 2_000_000, anna.uid]) {
      const res = await call(t.app, 'GET', `/app/api/v1/event/people/${uid}/`, { token: anna.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('user_not_found');
    }
    expect((await list(dan)).objects).toEqual([]);
    expect((await list(anna)).objects.map((p) => p.uid)).not.toContain(dan.uid);
  });

  it('does not show someone met only in a deleted event', async () => {
    const ev = await eventWith(t, dan, [clara], { event_name: 'Gone' });
    expect((await row(dan, clara.uid))?.uid).toBe(clara.uid);
    // eventWith made Clara Dan's contact; without it only the event links them.
    await call(t.app, 'DELETE', '/app/api/v1/user/contacts/', { token: dan.token, body: { device: 'WEB', phones: [clara.phone] } });
    await call(t.app, 'PUT', `/app/api/v1/event/${ev}/`, { token: dan.token, body: { del_date: null } });
    expect(await row(dan, clara.uid)).toBeUndefined();
    expect((await call(t.app, 'GET', `/app/api/v1/event/people/${clara.uid}/`, { token: dan.token })).status).toBe(404);
  });

  it('refuses malformed ids, pages, currencies and missing tokens', async () => {
    const cases: [string, number, string][] = [
      ['/app/api/v1/event/people/abc/', 400, 'validation_failed'],
      ['/app/api/v1/event/people/0/', 400, 'validation_failed'],
      ['/app/api/v1/event/people/99999999999/', 400, 'validation_failed'],
      ['/app/api/v1/event/people/?page=0', 400, 'validation_failed'],
      ['/app/api/v1/event/people/?page=x', 400, 'validation_failed'],
      ['/app/api/v1/event/people/?currency=rub', 400, 'validation_failed'],
      ['/app/api/v1/event/people/?currency=QQQ', 400, 'currency_unknown'],
      [`/app/api/v1/event/people/${boris.uid}/?currency=QQQ`, 400, 'currency_unknown'],
    ];
    for (const [url, status, code] of cases) {
      const res = await call(t.app, 'GET', url, { token: anna.token });
      expect([url, res.status, res.body.code]).toEqual([url, status, code]);
    }
    expect((await call(t.app, 'GET', '/app/api/v1/event/people/')).status).toBe(401);
    expect((await call(t.app, 'GET', `/app/api/v1/event/people/${boris.uid}/`)).status).toBe(401);
  });
});
