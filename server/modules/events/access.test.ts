import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';
import { ledgerSnapshot } from '../../../tests/api/ledger-snapshot';

/** DESIGN §7: a participant sees an event, nobody else does, whatever id they try. */
let t: TestApp;
let anna: Person, boris: Person, eve: Person;
let eventId: number;
let eveEventId: number;
let opId: number;
let eveOpId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, eve] = (await people(t, ['Anna', 'Boris', 'Eve'])) as [Person, Person, Person];
  eventId = await eventWith(t, anna, [boris]);
  // Eve knows Boris and shares an event with him, but not Anna's.
  eveEventId = await eventWith(t, eve, [boris]);
  const op = await operate(t, anna, {
    event_id: eventId,
    details: { kind: 'even_purchase', amount: 300, description: 'taxi' },
    participants: [{ uid: anna.uid }, { uid: boris.uid }],
  });
  opId = op.id;
  eveOpId = (
    await operate(t, eve, {
      event_id: eveEventId,
      details: { kind: 'i_lent_them', amount: 50 },
      participants: [{ uid: boris.uid }],
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('a user who is not a participant', () => {
  it('gets 404 for the event, its operations, its payout and its expenses, and changes nothing', async () => {
    const before = await ledgerSnapshot(t);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/app/api/v1/event/${eventId}/`],
      ['GET', `/app/api/v1/event/${eventId}/?currency=EUR`],
      ['GET', `/app/api/v1/event/${eventId}/original/`],
      ['GET', `/app/api/v1/event/${eventId}/payout/`],
      ['PUT', `/app/api/v1/event/${eventId}/`, { data: { event_name: 'Mine now' } }],
      ['PUT', `/app/api/v1/event/${eventId}/`, { del_date: null }],
      ['GET', `/app/api/v1/operation/?event=${eventId}`],
      ['GET', `/app/api/v1/operation/expenses/?event=${eventId}&utc_offset=0`],
      ['POST', '/app/api/v1/operation/', { event_id: eventId, details: { kind: 'comment', text: 'hi' }, participants: [] }],
      ['DELETE', `/app/api/v1/operation/${opId}/`],
      ['POST', `/app/api/v1/operation/${opId}/restore/`],
      ['POST', `/app/api/v1/operation/${opId}/seen`, { all: true }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(t.app, method as 'GET', url, { token: eve.token, body });
      expect({ url, method, status: res.status }).toEqual({ url, method, status: 404 });
      expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
    }
    const list = await call(t.app, 'GET', '/app/api/v1/event/', { token: eve.token });
    expect(list.body.map((e: { id: number }) => e.id)).toEqual([eveEventId]);
    expect(await ledgerSnapshot(t)).toEqual(before);
  });

  it('cannot move an operation out of an event they are not in, nor into one', async () => {
    const before = await ledgerSnapshot(t);
    const out = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', {
      token: eve.token,
      body: { operation_id: opId, event_id: eveEventId },
    });
    expect(out.status).toBe(404);
    const into = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', {
      token: anna.token,
      body: { operation_id: opId, event_id: eveEventId },
    });
    expect(into.status).toBe(404);
    const theirs = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', {
      token: anna.token,
      body: { operation_id: eveOpId, event_id: eventId },
    });
    expect(theirs.status).toBe(404);
    expect(await ledgerSnapshot(t)).toEqual(before);
  });

  it('cannot be added to an event by someone who does not know them', async () => {
    const res = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, { token: anna.token, body: { data: { contacts: [anna.uid, boris.uid, eve.uid] } } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('user_not_found');
  });

  it('needs a token for every ledger endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/app/api/v1/event/'],
      ['GET', `/app/api/v1/event/${eventId}/`],
      ['GET', `/app/api/v1/operation/?event=${eventId}`],
      ['GET', '/app/api/v1/user/contacts/'],
      ['POST', '/app/api/v1/operation/'],
    ] as const) {
      expect((await call(t.app, method, url)).status).toBe(401);
    }
  });
});

describe('a participant who is not the owner', () => {
  it('cannot regroup families, delete the event or remove people', async () => {
    const regroup = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, {
      token: boris.token,
      body: { data: { families: [[anna.uid, boris.uid]] } },
    });
    expect(regroup.status).toBe(403);
    expect(regroup.body).toEqual({ error: 'Only the event owner can do this', code: 'not_event_owner', field: undefined });
    const del = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, { token: boris.token, body: { del_date: null } });
    expect(del.status).toBe(403);
  });

  it('is put in at most 50 events a day by any one person, however they are put there', async () => {
    const [una, ulf, vic] = (await people(t, ['Una', 'Ulf', 'Vic'])) as [Person, Person, Person];
    const make = (contacts: number[]) => call(t.app, 'POST', '/app/api/v1/event/', { token: una.token, body: { event_name: 'Trip', contacts } });
    await call(t.app, 'POST', '/app/api/v1/user/contacts/', {
      token: una.token,
      body: { device: 'WEB', contacts: [ulf, vic].map((p) => ({ name: p.name, phone: p.phone })) },
    });
    for (let i = 0; i < 50; i++) expect((await make([ulf.uid])).status).toBe(201);
    const refused = await make([ulf.uid, vic.uid]);
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    // Refused whole: Vic was put in nothing by it, and may still be put in an event of Una's.
    const withVic = await make([vic.uid]);
    expect(withVic.status).toBe(201);
    const added = await call(t.app, 'PUT', `/app/api/v1/event/${withVic.body.id}/`, {
      token: una.token,
      body: { data: { contacts: [una.uid, vic.uid, ulf.uid] } },
    });
    expect([added.status, added.body.code]).toEqual([429, 'rate_limited']);
    expect((await call(t.app, 'GET', '/app/api/v1/event/', { token: ulf.token })).body).toHaveLength(50);
  });

  it('may leave an event they were put in while settled and named in no operation', async () => {
    const leave = (who: Person, id: number) => call(t.app, 'POST', `/app/api/v1/event/${id}/leave/`, { token: who.token });
    // Anyone with Eve's phone could put her in events: she leaves one she has no part in.
    const unwanted = await eventWith(t, anna, [boris, eve]);
    const left = await leave(eve, unwanted);
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    expect((await call(t.app, 'GET', `/app/api/v1/event/${unwanted}/`, { token: eve.token })).status).toBe(404);
    const kept = await call(t.app, 'GET', `/app/api/v1/event/${unwanted}/`, { token: anna.token });
    expect(kept.body.contacts.map((c: { uid: number }) => c.uid)).toEqual([anna.uid, boris.uid]);
    expect((await leave(eve, unwanted)).status).toBe(404);
    // Boris owes in the shared event: he stays until it is settled.
    expect([(await leave(boris, eventId)).status, (await leave(boris, eventId)).body.code]).toEqual([400, 'leave_with_debt']);
    // The owner deletes their event instead; nobody leaves a dialogue.
    expect((await leave(anna, unwanted)).body.code).toBe('forbidden');
  });
});
