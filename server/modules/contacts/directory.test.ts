/**
 * The contact upload is not a directory of who owns which phone: it shows a stranger's own name and
 * picture to nobody, counts every new phone against the same hourly and daily lookups as phone
 * searches, and leaves no placeholder behind once nobody refers to it.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListResponse } from '../../../common/contract/contacts';
import { event as eventShape, eventListResponse } from '../../../common/contract/events';
import { peopleListResponse } from '../../../common/contract/people';
import { users } from '../../db/schema';
import { createCustomTestApp, type TestClock } from '../../../tests/api/custom-app';
import { picture, signUp } from '../../../tests/api/factories';
import { call, type TestApp } from '../../../tests/api/harness';
import { LOOKUP_LIMITS } from './lookup-limits';

let t: TestApp & { clock: TestClock };
beforeAll(async () => {
  t = await createCustomTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
let phones = 0;
const newPhone = () => `+7903${String(++phones).padStart(7, '0')}`;

const upload = (token: string, contacts: { name: string; phone: string }[]) =>
  call(t.app, 'POST', '/app/api/v1/user/contacts/', { token, body: { device: 'WEB', contacts } });
const remove = (token: string, list: string[]) => call(t.app, 'DELETE', '/app/api/v1/user/contacts/', { token, body: { device: 'WEB', phones: list } });
const search = (token: string, phone: string) => call(t.app, 'GET', `/app/api/v1/user/search/?phone=${encodeURIComponent(phone)}`, { token });
const rowsOf = async (list: string[]) => t.database.db.select({ id: users.id }).from(users).where(inArray(users.phone, list));

describe('what an upload shows', () => {
  it("shows a stranger only the uploader's own name for them, and their own name and picture once they have met", async () => {
    const anna = await signUp(t, newPhone(), undefined, {
      first_name: 'Anna',
      last_name: 'Private',
      gender: 'F',
      currency: 'RUB',
      avatar_url: await picture(100, 100),
    });
    const mallory = await signUp(t, newPhone(), undefined, { first_name: 'Mal', last_name: 'Lory', gender: 'M', currency: 'RUB' });
    const res = await upload(mallory.token, [{ name: '', phone: anna.phone }]);
    expect(res.status).toBe(200);
    const seen = contactListResponse.parse(res.body).find((c) => c.uid === anna.uid)!;
    expect(seen).toMatchObject({ full_name: '', avatar_url: null, gender: null, name: '+7 903 000 00 01', is_registered: true });
    expect(JSON.stringify(res.body)).not.toContain('Private');

    // Anna adds Mallory back: now they know each other.
    await upload(anna.token, [{ name: 'Mal', phone: mallory.phone }]);
    const after = contactListResponse.parse((await call(t.app, 'GET', '/app/api/v1/user/contacts/', { token: mallory.token })).body);
    expect(after.find((c) => c.uid === anna.uid)).toMatchObject({ full_name: 'Anna Private', gender: 'F', avatar_url: expect.stringMatching(/^\/app\/img\//) });
  });

  it('does not count being put into an event as having met: a person shows themselves by taking part', async () => {
    const victim = await signUp(t, newPhone(), undefined, {
      first_name: 'Boris',
      last_name: 'Known',
      gender: 'M',
      currency: 'RUB',
      avatar_url: await picture(90, 90),
    });
    const mallory = await signUp(t, newPhone(), undefined, { first_name: 'Mal', last_name: 'Lory', gender: 'M', currency: 'RUB' });
    const book = contactListResponse.parse((await upload(mallory.token, [{ name: 'B', phone: victim.phone }])).body);
    expect(book.find((c) => c.uid === victim.uid)?.full_name).toBe('');
    const created = await call(t.app, 'POST', '/app/api/v1/event/', { token: mallory.token, body: { event_name: 'Probe', contacts: [victim.uid] } });
    expect(created.status).toBe(201);
    const purchase = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: mallory.token,
      body: { event_id: created.body.id, details: { kind: 'even_purchase', amount: 10 }, participants: [{ uid: mallory.uid }, { uid: victim.uid }] },
    });
    expect(purchase.status).toBe(201);

    const everywhere = async () => {
      const event = eventShape.parse((await call(t.app, 'GET', `/app/api/v1/event/${created.body.id}/`, { token: mallory.token })).body);
      const listed = eventListResponse
        .parse((await call(t.app, 'GET', '/app/api/v1/event/', { token: mallory.token })).body)
        .find((e) => e.id === created.body.id)!;
      const people = peopleListResponse.parse((await call(t.app, 'GET', '/app/api/v1/event/people/', { token: mallory.token })).body).objects;
      const contacts = contactListResponse.parse((await call(t.app, 'GET', '/app/api/v1/user/contacts/', { token: mallory.token })).body);
      return [event.contacts, listed.contacts, people, contacts].map((list) => list.find((p) => p.uid === victim.uid)!);
    };
    for (const seen of await everywhere()) expect(seen).toMatchObject({ full_name: '', avatar_url: null, gender: null, name: 'B' });
    const ops = (await call(t.app, 'GET', `/app/api/v1/operation/?event_id=${created.body.id}`, { token: mallory.token })).body;
    expect(JSON.stringify(ops)).not.toContain('Known');

    // The victim reads what was written there: now they have taken part, and are shown.
    expect((await call(t.app, 'POST', `/app/api/v1/operation/${purchase.body.id}/seen`, { token: victim.token, body: {} })).status).toBe(200);
    for (const seen of await everywhere())
      expect(seen).toMatchObject({ full_name: 'Boris Known', gender: 'M', avatar_url: expect.stringMatching(/^\/app\/img\//) });
  });

  it('shows the owner of an event and whoever wrote in it to everyone there', async () => {
    const vera = await signUp(t, newPhone(), undefined, { first_name: 'Vera', last_name: 'Host', gender: 'F', currency: 'RUB' });
    const gleb = await signUp(t, newPhone(), undefined, { first_name: 'Gleb', last_name: 'Writer', gender: 'M', currency: 'RUB' });
    const dina = await signUp(t, newPhone(), undefined, { first_name: 'Dina', last_name: 'Quiet', gender: 'F', currency: 'RUB' });
    await upload(vera.token, [
      { name: 'G', phone: gleb.phone },
      { name: 'D', phone: dina.phone },
    ]);
    const created = await call(t.app, 'POST', '/app/api/v1/event/', { token: vera.token, body: { event_name: 'Dacha', contacts: [gleb.uid, dina.uid] } });
    expect(created.status).toBe(201);
    const write = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: gleb.token,
      body: {
        event_id: created.body.id,
        details: { kind: 'even_purchase', amount: 30 },
        participants: [{ uid: vera.uid }, { uid: gleb.uid }, { uid: dina.uid }],
      },
    });
    expect(write.status).toBe(201);
    const asDina = eventShape.parse((await call(t.app, 'GET', `/app/api/v1/event/${created.body.id}/`, { token: dina.token })).body).contacts;
    expect(asDina.find((p) => p.uid === vera.uid)?.full_name).toBe('Vera Host');
    expect(asDina.find((p) => p.uid === gleb.uid)?.full_name).toBe('Gleb Writer');
    const asGleb = eventShape.parse((await call(t.app, 'GET', `/app/api/v1/event/${created.body.id}/`, { token: gleb.token })).body).contacts;
    expect(asGleb.find((p) => p.uid === dina.uid)).toMatchObject({ full_name: '', name: expect.stringMatching(/^\+7 903/) });
  });
});

describe('lookup limits', () => {
  it(`counts new phones of uploads and searches together: ${LOOKUP_LIMITS.perHour.max} an hour, ${LOOKUP_LIMITS.perDay.max} a day`, async () => {
    // The limits count per clock hour and per UTC day: start at the top of a day, so the hours below stay in it.
    t.clock.advance(24 * HOUR - (t.clock.now().getTime() % (24 * HOUR)));
    const harvester = await signUp(t, newPhone());
    const batch = () => Array.from({ length: 500 }, () => ({ name: '', phone: newPhone() }));
    const first = batch();
    expect((await upload(harvester.token, first)).status).toBe(200);
    expect((await upload(harvester.token, batch())).status).toBe(200);
    // The same book again costs nothing: only phones new to the book count.
    expect((await upload(harvester.token, first)).status).toBe(200);

    const over = [{ name: '', phone: newPhone() }];
    const refused = await upload(harvester.token, over);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', error: 'Too many requests. Please try again later.' });
    expect(await rowsOf(over.map((c) => c.phone))).toEqual([]);
    expect((await search(harvester.token, newPhone())).status).toBe(429);

    for (let hour = 1; hour <= 2; hour++) {
      t.clock.advance(HOUR);
      expect((await upload(harvester.token, batch())).status).toBe(200);
      expect((await upload(harvester.token, batch())).status).toBe(200);
    }
    t.clock.advance(HOUR);
    // 3,000 today: the hour is new but the day is spent.
    expect((await upload(harvester.token, [{ name: '', phone: newPhone() }])).status).toBe(429);
    t.clock.advance(24 * HOUR);
    expect((await search(harvester.token, newPhone())).status).toBe(200);
  }, 120_000);
});

describe('placeholders', () => {
  it('are deleted once nobody refers to them: removed from the book, or the uploader deleted the account', async () => {
    const owner = await signUp(t, newPhone());
    const other = await signUp(t, newPhone());
    const unknown = [newPhone(), newPhone(), newPhone()];
    await upload(
      owner.token,
      unknown.map((phone) => ({ name: 'X', phone })),
    );
    expect(await rowsOf(unknown)).toHaveLength(3);
    // One is also in someone else's book, one in an event.
    await upload(other.token, [{ name: 'Y', phone: unknown[0]! }]);
    const [inEvent] = await rowsOf([unknown[1]!]);
    expect((await call(t.app, 'POST', '/app/api/v1/event/', { token: owner.token, body: { event_name: 'Trip', contacts: [inEvent!.id] } })).status).toBe(201);

    expect((await remove(owner.token, unknown)).status).toBe(200);
    expect((await rowsOf(unknown)).length).toBe(2);
    expect(await rowsOf([unknown[2]!])).toEqual([]);

    const leaver = await signUp(t, newPhone());
    const theirs = [newPhone(), newPhone()];
    await upload(
      leaver.token,
      theirs.map((phone) => ({ name: 'Z', phone })),
    );
    expect((await call(t.app, 'DELETE', '/app/api/v2/user/me/', { token: leaver.token })).status).toBe(200);
    expect(await rowsOf(theirs)).toEqual([]);
    // The deleted account itself stays, for the history of its operations.
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, leaver.phone))).toHaveLength(1);
  });
});

describe('pictures beside names', () => {
  it("shows each person's own picture wherever people are listed, and none for one who has none", async () => {
    const anna = await signUp(t, newPhone(), undefined, {
      first_name: 'Anna',
      last_name: 'Pictured',
      gender: 'F',
      currency: 'RUB',
      avatar_url: await picture(100, 100),
    });
    const boris = await signUp(t, newPhone(), undefined, { first_name: 'Boris', last_name: 'Plain', gender: 'M', currency: 'RUB' });
    const vera = await signUp(t, newPhone(), undefined, {
      first_name: 'Vera',
      last_name: 'Host',
      gender: 'F',
      currency: 'RUB',
      avatar_url: await picture(80, 80),
    });
    await upload(vera.token, [
      { name: 'Anna', phone: anna.phone },
      { name: 'Boris', phone: boris.phone },
    ]);
    const created = await call(t.app, 'POST', '/app/api/v1/event/', { token: vera.token, body: { event_name: 'Pictures', contacts: [anna.uid, boris.uid] } });
    expect(created.status).toBe(201);
    // Anna and Boris take part (they write there), so the others are shown their own pictures.
    for (const writer of [anna, boris]) {
      const body = {
        event_id: created.body.id,
        details: { kind: 'even_purchase', amount: 10 },
        participants: [{ uid: anna.uid }, { uid: boris.uid }, { uid: vera.uid }],
      };
      expect((await call(t.app, 'POST', '/app/api/v1/operation/', { token: writer.token, body })).status).toBe(201);
    }
    const own = (await call(t.app, 'GET', '/app/api/v1/user/me/', { token: anna.token })).body.avatar_url as string;
    const veras = (await call(t.app, 'GET', '/app/api/v1/user/me/', { token: vera.token })).body.avatar_url as string;
    expect(own).toMatch(/^\/app\/img\//);
    expect(veras).toMatch(/^\/app\/img\//);
    expect(veras).not.toBe(own);
    const pictures = (people: { uid: number; avatar_url: string | null }[]) =>
      Object.fromEntries(people.filter((p) => [anna.uid, boris.uid].includes(p.uid)).map((p) => [p.uid, p.avatar_url]));
    const expected = { [anna.uid]: own, [boris.uid]: null };

    const event = eventShape.parse((await call(t.app, 'GET', `/app/api/v1/event/${created.body.id}/`, { token: vera.token })).body);
    expect(pictures(event.contacts)).toEqual(expected);
    const listed = eventListResponse.parse((await call(t.app, 'GET', '/app/api/v1/event/', { token: vera.token })).body).find((e) => e.id === created.body.id)!;
    expect(pictures(listed.contacts)).toEqual(expected);
    expect(pictures(peopleListResponse.parse((await call(t.app, 'GET', '/app/api/v1/event/people/', { token: vera.token })).body).objects)).toEqual(expected);
    expect(pictures(contactListResponse.parse((await call(t.app, 'GET', '/app/api/v1/user/contacts/', { token: vera.token })).body))).toEqual(expected);
    // Anna sees Vera's picture, not her own, beside Vera's name.
    const seenByAnna = eventShape.parse((await call(t.app, 'GET', `/app/api/v1/event/${created.body.id}/`, { token: anna.token })).body);
    expect(seenByAnna.contacts.find((p) => p.uid === vera.uid)?.avatar_url).toBe(veras);
  });
});
