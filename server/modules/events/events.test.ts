import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListResponse } from '../../../common/contract/contacts';
import { event as eventSchema } from '../../../common/contract/events';
import { operation } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { addContacts, eventWith, family, operate, people, type Person } from '../../../tests/api/ledger-factories';

let t: TestApp;
let anna: Person, boris: Person, vera: Person, gleb: Person;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera, gleb] = (await people(t, ['Anna', 'Boris', 'Vera', 'Gleb'])) as [Person, Person, Person, Person];
});
afterAll(async () => {
  await t.close();
});

async function getEvent(who: Person, id: number) {
  const res = await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: who.token });
  expect(res.status).toBe(200);
  return eventSchema.parse(res.body);
}

const purchase = (eventId: number, payer: Person, amount: number, among: Person[]) => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount, payer: payer.uid },
  participants: among.map((p) => ({ uid: p.uid })),
});

describe('contacts', () => {
  it('lists the caller first as "me", and turns an unknown phone into a placeholder person', async () => {
    const res = await call(t.app, 'POST', '/app/api/v1/user/contacts/', {
      token: anna.token,
      body: {
        device: 'WEB',
        contacts: [
          { name: '  Borya  ', phone: boris.phone },
          { name: 'Dima', phone: '8 (916) 555-12-34' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const list = contactListResponse.parse(res.body);
    expect(list[0]).toMatchObject({ uid: anna.uid, name: 'me', is_me: true });
    // They share nothing yet, so Boris's own name stays his (the contact book is not a directory).
    expect(list.find((c) => c.uid === boris.uid)).toMatchObject({ name: 'Borya', contact_name: 'Borya', full_name: '', is_registered: true });
    expect(list.find((c) => c.phone === '+79165551234')).toMatchObject({ name: 'Dima', is_registered: false, is_contact_exists: true });
    const removed = await call(t.app, 'DELETE', '/app/api/v1/user/contacts/', {
      token: anna.token,
      body: { device: 'WEB', phones: ['+79165551234', anna.phone] },
    });
    expect(contactListResponse.parse(removed.body).map((c) => c.uid)).toEqual([anna.uid, boris.uid]);
  });
});

describe('events', () => {
  it('moves an event’s last activity, and so its place in the list, with every operation written, deleted, restored, edited or moved', async () => {
    const older = await eventWith(t, anna, [boris]);
    const newer = await eventWith(t, anna, [boris]);
    const order = async () => {
      const res = await call(t.app, 'GET', '/app/api/v1/event/', { token: anna.token });
      return (res.body as { id: number }[]).map((e) => e.id).filter((id) => id === older || id === newer);
    };
    const lastActivity = async (id: number) => Date.parse((await getEvent(anna, id)).last_activity);
    const moves = async (ids: number[], write: () => Promise<{ status: number }>) => {
      const before = await Promise.all(ids.map(lastActivity));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await write()).status).toBeLessThan(300);
      const after = await Promise.all(ids.map(lastActivity));
      after.forEach((at, i) => expect(at).toBeGreaterThan(before[i] as number));
    };
    expect(await order()).toEqual([newer, older]);
    let op = 0;
    await moves([older], async () => {
      const res = await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: purchase(older, anna, 300, [anna, boris]) });
      op = res.body.id;
      return res;
    });
    expect(await order()).toEqual([older, newer]);
    await moves([older], () =>
      call(t.app, 'PUT', `/app/api/v1/operation/${op}/`, {
        token: anna.token,
        body: purchase(older, anna, 500, [anna, boris]),
        headers: { 'if-match': '"1"' },
      }),
    );
    await moves([older], () => call(t.app, 'DELETE', `/app/api/v1/operation/${op}/`, { token: anna.token }));
    await moves([older], () => call(t.app, 'POST', `/app/api/v1/operation/${op}/restore/`, { token: anna.token }));
    await moves([older, newer], () =>
      call(t.app, 'POST', '/app/api/v1/operation/move_operation/', { token: anna.token, body: { event_id: newer, operation_id: op } }),
    );
    const comment = { event_id: newer, details: { kind: 'comment', description: 'Keys under the mat' }, participants: [] };
    await moves([newer], () => call(t.app, 'POST', '/app/api/v1/operation/', { token: boris.token, body: comment }));
  });

  it('starts event families from the users’ families, everyone else alone, owner first', async () => {
    await family(t, vera, [gleb]);
    const id = await eventWith(t, anna, [boris, vera, gleb]);
    const ev = await getEvent(anna, id);
    expect(ev.contacts.map((c) => c.uid)).toEqual([anna.uid, boris.uid, vera.uid, gleb.uid]);
    expect(ev.contacts[0]).toMatchObject({ is_owner: true, name: 'me' });
    expect(ev.families.map((f) => f.members)).toEqual([[anna.uid], [boris.uid], [vera.uid, gleb.uid]]);
    expect(ev).toMatchObject({ owner: anna.uid, isUserOwner: true, eventCurrency: 'RUB', quasi_event_name: null, del_date: null });
    expect((await getEvent(boris, id)).isUserOwner).toBe(false);
  });

  it('invites all the caller’s contacts only within an event’s bound of 200 people', async () => {
    const [host] = await people(t, ['Host of many']);
    const phones = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `Guest ${from + i}`, phone: `+7925${3_000_000 + from + i}` }));
    const add = (contacts: { name: string; phone: string }[]) =>
      call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: host!.token, body: { device: 'WEB', contacts } });
    const added = await add(phones(0, 199));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const create = () => call(t.app, 'POST', '/app/api/v1/event/', { token: host!.token, body: { event_name: 'Everyone', invite_all: true } });
    // The host and 199 contacts: 200, the bound itself.
    const fits = await create();
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(fits.body.contacts).toHaveLength(200);
    expect((await add(phones(199, 1))).status).toBe(200);
    const before = (await call(t.app, 'GET', '/app/api/v1/event/', { token: host!.token })).body.length;
    const refused = await create();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'participants_too_many', field: 'contacts' });
    expect((await call(t.app, 'GET', '/app/api/v1/event/', { token: host!.token })).body).toHaveLength(before);
  });

  it('refuses to remove a participant with a debt or with history, and removes one without', async () => {
    const id = await eventWith(t, anna, [boris, vera, gleb]);
    await operate(t, anna, purchase(id, anna, 100, [anna, boris]));
    const debt = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { data: { contacts: [anna.uid, vera.uid, gleb.uid] } } });
    expect(debt.body).toMatchObject({ code: 'delete_user_with_debt', error: "It's not possible to delete the user with a debt" });
    // Boris pays his 50 back: no debt, but history.
    await operate(t, boris, { event_id: id, details: { kind: 'payback', amount: 50 }, participants: [{ uid: anna.uid }] });
    const history = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { data: { contacts: [anna.uid, vera.uid, gleb.uid] } } });
    expect(history.body).toMatchObject({ code: 'delete_user_with_history', error: "It's not possible to delete the user with operations history" });
    const ok = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { data: { contacts: [anna.uid, boris.uid, vera.uid] } } });
    expect(ok.status).toBe(200);
    expect(eventSchema.parse(ok.body).contacts.map((c) => c.uid)).toEqual([anna.uid, boris.uid, vera.uid]);
  });

  it('deletes with del_date null, hides the event from the list, refuses operations in it, and restores', async () => {
    const id = await eventWith(t, anna, [boris]);
    const del = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { del_date: null } });
    expect(del.status).toBe(200);
    expect(eventSchema.parse(del.body).del_date).not.toBeNull();
    const list = await call(t.app, 'GET', '/app/api/v1/event/', { token: boris.token });
    expect(list.body.map((e: { id: number }) => e.id)).not.toContain(id);
    const deleted = await call(t.app, 'GET', '/app/api/v1/event/?deleted=1', { token: boris.token });
    expect(deleted.body.map((e: { id: number }) => e.id)).toContain(id);
    const refused = await call(t.app, 'POST', '/app/api/v1/operation/', { token: boris.token, body: purchase(id, boris, 5, [anna, boris]) });
    expect(refused.body.code).toBe('event_deleted');
    const restored = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { del_date: false } });
    expect(eventSchema.parse(restored.body).del_date).toBeNull();
  });

  it('counts unread operations per viewer, never below zero', async () => {
    const id = await eventWith(t, anna, [boris]);
    const first = operation.parse(await operate(t, anna, purchase(id, anna, 10, [anna, boris])));
    const second = operation.parse(await operate(t, anna, purchase(id, anna, 20, [anna, boris])));
    expect((await getEvent(boris, id)).unread_cnt).toBe(2);
    expect((await getEvent(anna, id)).unread_cnt).toBe(0);
    const one = await call(t.app, 'POST', `/app/api/v1/operation/${first.id}/seen`, { token: boris.token });
    expect(one.body).toEqual({ event_id: id, unread_cnt: 1 });
    // Seeing it again, or deleting the other one, never takes the counter below zero.
    await call(t.app, 'POST', `/app/api/v1/operation/${first.id}/seen`, { token: boris.token });
    await call(t.app, 'DELETE', `/app/api/v1/operation/${second.id}/`, { token: anna.token });
    expect((await getEvent(boris, id)).unread_cnt).toBe(0);
    await call(t.app, 'POST', `/app/api/v1/operation/${second.id}/restore/`, { token: anna.token });
    const all = await call(t.app, 'POST', `/app/api/v1/operation/${first.id}/seen`, { token: boris.token, body: { all: true } });
    expect(all.body).toEqual({ event_id: id, unread_cnt: 0 });
  });

  it('restates every operation when the owner changes the event currency', async () => {
    const id = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
    await operate(t, anna, { ...purchase(id, anna, 100, [anna, boris]), details: { kind: 'even_purchase', amount: 100, currency: 'EUR', date: '2026-03-12' } });
    expect((await getEvent(anna, id)).payout).toBe(4596.89);
    const put = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { data: { eventCurrency: 'EUR' } } });
    expect(put.status).toBe(200);
    expect(eventSchema.parse(put.body)).toMatchObject({ eventCurrency: 'EUR', payout: 50 });
    const list = await call(t.app, 'GET', `/app/api/v1/operation/?event=${id}`, { token: anna.token });
    expect(list.body.objects[0].details).toMatchObject({ amount: 100, currency: 'EUR', rate: '1', rate_date: null });
  });
});

describe('dialogues', () => {
  it('creates one per pair, named after the other person, refuses a second and any new participant', async () => {
    await addContacts(t, boris, [vera]);
    const res = await call(t.app, 'POST', '/app/api/v1/event/', { token: boris.token, body: { quasi: true, contacts: [vera.uid] } });
    expect(res.status).toBe(201);
    const dialogue = eventSchema.parse(res.body);
    expect(dialogue.quasi_event_name).toBe('Vera');
    expect((await getEvent(vera, dialogue.id)).quasi_event_name).toBe('Boris');
    await addContacts(t, vera, [boris]);
    const again = await call(t.app, 'POST', '/app/api/v1/event/', { token: vera.token, body: { quasi: true, contacts: [boris.uid] } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'dialogue_exists', error: 'dialogue already exists' });
    await addContacts(t, boris, [gleb]);
    const add = await call(t.app, 'PUT', `/app/api/v1/event/${dialogue.id}/`, {
      token: boris.token,
      body: { data: { contacts: [boris.uid, vera.uid, gleb.uid] } },
    });
    expect(add.body.code).toBe('dialogue_no_participants');
    // Either of the two could otherwise put both in one family and empty the other's plan.
    await operate(t, vera, { ...purchase(dialogue.id, vera, 100, [boris, vera]) });
    const regroup = await call(t.app, 'PUT', `/app/api/v1/event/${dialogue.id}/`, {
      token: boris.token,
      body: { data: { families: [[boris.uid, vera.uid]] } },
    });
    expect([regroup.status, regroup.body.code]).toEqual([403, 'forbidden']);
    const plan = await call(t.app, 'GET', `/app/api/v1/event/${dialogue.id}/payout/`, { token: vera.token });
    expect(plan.body.transfers).toMatchObject([{ from: boris.uid, to: vera.uid, amount: 50 }]);
    // Boris owes Vera: he cannot delete the dialogue and so hide the debt from her People page.
    const hide = () => call(t.app, 'PUT', `/app/api/v1/event/${dialogue.id}/`, { token: boris.token, body: { del_date: null } });
    expect([(await hide()).status, (await hide()).body.code]).toEqual([400, 'delete_dialogue_with_debt']);
    expect((await getEvent(vera, dialogue.id)).del_date).toBeNull();
    // Nor by taking her purchase away first: into an event of his own, or deleted.
    const [purchaseOfVera] = (await call(t.app, 'GET', `/app/api/v1/operation/?event=${dialogue.id}`, { token: boris.token })).body.objects;
    const own = await eventWith(t, boris, [vera]);
    const moved = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', {
      token: boris.token,
      body: { event_id: own, operation_id: purchaseOfVera.id },
    });
    expect([moved.status, moved.body.code]).toEqual([403, 'move_not_author']);
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${purchaseOfVera.id}/`, { token: boris.token })).status).toBe(200);
    expect((await getEvent(vera, dialogue.id)).payout).toBe(0);
    expect([(await hide()).status, (await hide()).body.code]).toEqual([400, 'delete_dialogue_with_others']);
    // Vera may take her own purchase elsewhere; a dialogue of Boris's own records alone, settled, he may delete.
    const restored = await call(t.app, 'POST', `/app/api/v1/operation/${purchaseOfVera.id}/restore/`, { token: vera.token });
    expect(restored.status, JSON.stringify(restored.body)).toBeLessThan(300);
    const hers = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', {
      token: vera.token,
      body: { event_id: own, operation_id: purchaseOfVera.id },
    });
    expect(hers.status, JSON.stringify(hers.body)).toBe(200);
    await operate(t, boris, { event_id: dialogue.id, details: { kind: 'comment', amount: 0, description: 'Moved to our trip' }, participants: [] });
    const settled = await hide();
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.del_date).not.toBeNull();
  });
});

describe('operations', () => {
  it('returns the first result for a retried request with the same Idempotency-Key', async () => {
    const id = await eventWith(t, anna, [boris]);
    const headers = { 'idempotency-key': 'retry-1' };
    const a = await operate(t, anna, purchase(id, anna, 30, [anna, boris]), headers);
    const b = await operate(t, anna, purchase(id, anna, 30, [anna, boris]), headers);
    expect(b.id).toBe(a.id);
    expect((await getEvent(anna, id)).payout).toBe(15);
  });

  it('answers a request sent again under its key with what the first stored, whatever would refuse it now', async () => {
    const id = await eventWith(t, anna, [boris]);
    const send = (who: Person, key: string, amount: number) =>
      call(t.app, 'POST', '/app/api/v1/operation/', { token: who.token, body: purchase(id, who, amount, [anna, boris]), headers: { 'idempotency-key': key } });
    const first = operation.parse((await send(anna, 'retry-2', 30)).body);
    // Sent again with other figures: the first operation, stored once.
    const again = await send(anna, 'retry-2', 99);
    expect([again.status, operation.parse(again.body).id, operation.parse(again.body).details.amount]).toEqual([201, first.id, 30]);
    expect((await getEvent(anna, id)).payout).toBe(15);
    // Another person's key of the same text is theirs alone.
    const boriss = operation.parse((await send(boris, 'retry-2', 10)).body);
    expect(boriss.id).not.toBe(first.id);
    // The event deleted since: a new operation is refused, one sent again is still answered.
    expect((await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: anna.token, body: { del_date: null } })).status).toBe(200);
    const refused = await send(anna, 'retry-3', 30);
    expect([refused.status, refused.body.code]).toEqual([400, 'event_deleted']);
    const late = await send(anna, 'retry-2', 30);
    expect([late.status, operation.parse(late.body).id]).toEqual([201, first.id]);
    const list = await call(t.app, 'GET', `/app/api/v1/operation/?event=${id}`, { token: anna.token });
    expect(list.body.count).toBe(2);
  });

  it('takes an operation’s effect back on delete and returns it on restore', async () => {
    const id = await eventWith(t, anna, [boris]);
    const op = operation.parse(await operate(t, anna, purchase(id, anna, 30, [anna, boris])));
    const del = await call(t.app, 'DELETE', `/app/api/v1/operation/${op.id}/`, { token: boris.token });
    expect(operation.parse(del.body).deleted).toBe(true);
    expect((await getEvent(anna, id)).payout).toBe(0);
    const list = await call(t.app, 'GET', `/app/api/v1/operation/?event=${id}`, { token: anna.token });
    expect(list.body.objects[0]).toMatchObject({ id: op.id, deleted: true });
    // Listed for restoring, but not counted as one of the event's operations.
    expect(list.body).toMatchObject({ count: 1, live: 0 });
    const hidden = await call(t.app, 'GET', `/app/api/v1/operation/?event=${id}&deleted=0`, { token: anna.token });
    expect(hidden.body).toMatchObject({ count: 0, objects: [] });
    await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/restore/`, { token: anna.token });
    expect((await getEvent(anna, id)).payout).toBe(15);
    expect((await call(t.app, 'GET', `/app/api/v1/operation/?event=${id}`, { token: anna.token })).body).toMatchObject({ count: 1, live: 1 });
  });

  it('moves an operation only into an event holding everyone in it, with the balances', async () => {
    const from = await eventWith(t, anna, [boris, vera]);
    const narrow = await eventWith(t, anna, [boris]);
    const wide = await eventWith(t, anna, [boris, vera], { eventCurrency: 'EUR' });
    const op = operation.parse(
      await operate(t, anna, { ...purchase(from, anna, 300, [anna, boris, vera]), details: { kind: 'even_purchase', amount: 300, date: '2026-03-12' } }),
    );
    const refused = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', { token: anna.token, body: { event_id: narrow, operation_id: op.id } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'move_target_missing_people', error: 'everyone in the operation must be a participant of the target event' });
    const moved = await call(t.app, 'POST', '/app/api/v1/operation/move_operation/', { token: anna.token, body: { event_id: wide, operation_id: op.id } });
    expect(moved.status).toBe(200);
    // Priced again in EUR at the rate of its own date: 300 RUB / 91.9378.
    expect(operation.parse(moved.body).details).toMatchObject({
      amount: 3.26,
      currency: 'EUR',
      original_amount: 300,
      original_currency: 'RUB',
      rate_date: '2026-03-12',
    });
    expect((await getEvent(anna, from)).contacts.map((c) => c.balance)).toEqual([0, 0, 0]);
    const target = await getEvent(anna, wide);
    expect(target.contacts.reduce((s, c) => s + Math.round(c.balance * 100), 0)).toBe(0);
    expect(target.payout).toBe(2.17);
  });

  it('prices an operation moved twice at once in the currency of where it ends', async () => {
    const home = await eventWith(t, anna, [boris]);
    const rubles = await eventWith(t, anna, [boris]);
    const euros = await eventWith(t, boris, [anna], { eventCurrency: 'EUR' });
    for (let round = 0; round < 10; round++) {
      const op = operation.parse(
        await operate(t, anna, { ...purchase(home, anna, 1000, [anna, boris]), details: { kind: 'even_purchase', amount: 1000, date: '2026-03-12' } }),
      );
      const move = (who: Person, to: number) =>
        call(t.app, 'POST', '/app/api/v1/operation/move_operation/', { token: who.token, body: { event_id: to, operation_id: op.id } });
      // Anna and Boris move it at the same moment, each somewhere else: one wins, whole.
      await Promise.all([move(anna, rubles), move(boris, euros)]);
      const after = operation.parse((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: anna.token })).body);
      const where = after.event_id === euros ? 'EUR' : 'RUB';
      expect(after.details, `round ${round}`).toMatchObject({
        currency: where,
        original_amount: 1000,
        original_currency: 'RUB',
        ...(where === 'RUB' ? { amount: 1000 } : {}),
      });
    }
    for (const id of [home, rubles, euros]) expect((await getEvent(anna, id)).contacts.reduce((s, c) => s + Math.round(c.balance * 100), 0)).toBe(0);
  });
});
