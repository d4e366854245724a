import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../../common/contract/events';
import { checkIntegrity } from '../../../bench/stress/checks';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { addContacts, eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * The unread count every event carries, kept per participant (unread.ts, decision 0035), through
 * the API: it follows creates, edits, deletes, restores, seen marks and newcomers, and many
 * simultaneous marks and writes leave it equal to a count over the history (meaningful on
 * PostgreSQL, where they run side by side).
 */
let t: TestApp;
let anna: Person, boris: Person, vera: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera] = (await people(t, ['Anna', 'Boris', 'Vera'])) as [Person, Person, Person];
  eventId = await eventWith(t, anna, [boris]);
});
afterAll(async () => {
  await t.close();
});

const lunch = (amount: number) => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount, description: 'lunch' },
  participants: [anna, boris].map((p) => ({ uid: p.uid })),
});

async function unread(who: Person): Promise<number> {
  const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: who.token });
  expect(res.status).toBe(200);
  const one = eventSchema.parse(res.body).unread_cnt;
  const list = await call(t.app, 'GET', '/app/api/v1/event/', { token: who.token });
  expect((list.body as { id: number; unread_cnt: number }[]).find((e) => e.id === eventId)?.unread_cnt).toBe(one);
  return one;
}

/** `seen` of each operation on the first page of the list, as `who` reads it. */
async function seenInList(who: Person): Promise<Record<number, boolean>> {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}`, { token: who.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.objects.map((o: { id: number; seen: boolean }) => [o.id, o.seen]));
}

const seen = (who: Person, id: number, all = false) => call(t.app, 'POST', `/app/api/v1/operation/${id}/seen`, { token: who.token, body: { all } });

describe('the unread count', () => {
  it('follows what others write, what the reader sees, and a newcomer', async () => {
    const first = await operate(t, anna, lunch(100));
    const second = await operate(t, anna, lunch(200));
    expect(await unread(anna)).toBe(0);
    expect(await unread(boris)).toBe(2);

    const marked = await seen(boris, first.id);
    expect(marked.body).toEqual({ event_id: eventId, unread_cnt: 1 });
    // Seen twice: counted once.
    expect((await seen(boris, first.id)).body).toEqual({ event_id: eventId, unread_cnt: 1 });
    expect(await seenInList(boris)).toMatchObject({ [first.id]: true, [second.id]: false });

    // Anna changes what Boris has seen: unread for him again.
    const put = await call(t.app, 'PUT', `/app/api/v1/operation/${first.id}/`, {
      token: anna.token,
      body: lunch(150),
      headers: { 'if-match': `"${first.version}"` },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await unread(boris)).toBe(2);

    // Boris deletes one: it is gone from both counts, and his own change is not unread for him.
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${second.id}/`, { token: boris.token })).status).toBe(200);
    expect(await unread(boris)).toBe(1);
    expect(await unread(anna)).toBe(0);
    expect((await call(t.app, 'POST', `/app/api/v1/operation/${second.id}/restore/`, { token: boris.token })).status).toBe(200);
    expect(await unread(boris)).toBe(2);

    // Vera joins: everything live is unread for her.
    await addContacts(t, anna, [vera]);
    const joined = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, {
      token: anna.token,
      body: { data: { contacts: [anna.uid, boris.uid, vera.uid] } },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(await unread(vera)).toBe(2);

    expect((await seen(boris, first.id, true)).body).toEqual({ event_id: eventId, unread_cnt: 0 });
    expect(await unread(boris)).toBe(0);
    // Each reader's marks are their own.
    expect(await seenInList(boris)).toMatchObject({ [first.id]: true, [second.id]: true });
    expect(await seenInList(vera)).toMatchObject({ [first.id]: false, [second.id]: false });
    expect((await checkIntegrity(t.database, [])).driftedUnread).toEqual([]);
  });

  it('stays equal to the history under simultaneous seen marks and writes', async () => {
    const ops = [];
    for (let i = 0; i < 4; i++) ops.push(await operate(t, anna, lunch(10 + i)));
    const answers = await Promise.all([
      ...ops.flatMap((op) => [seen(boris, op.id), seen(boris, op.id), seen(vera, op.id)]),
      seen(boris, ops[0].id, true),
      ...[1, 2, 3].map((i) => call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: lunch(50 + i) })),
      call(t.app, 'DELETE', `/app/api/v1/operation/${ops[3].id}/`, { token: vera.token }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect((await checkIntegrity(t.database, [])).driftedUnread).toEqual([]);
  });

  it('is counted again, with every kept figure, when the event’s currency changes and all is priced anew', async () => {
    const mine = await operate(t, boris, lunch(70));
    const theirs = await operate(t, anna, lunch(80));
    // Boris writes Anna's operation last: it counts as his, unread by Anna, seen by him.
    const edited = await operate(t, anna, lunch(90));
    const edit = await call(t.app, 'PUT', `/app/api/v1/operation/${edited.id}/`, {
      token: boris.token,
      body: lunch(95),
      headers: { 'if-match': `"${edited.version}"` },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await seen(vera, theirs.id);
    await seen(anna, mine.id);
    const before = [await unread(anna), await unread(boris), await unread(vera)];
    const put = await call(t.app, 'PUT', `/app/api/v1/event/${eventId}/`, { token: anna.token, body: { data: { eventCurrency: 'EUR' } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect([await unread(anna), await unread(boris), await unread(vera)]).toEqual(before);
    expect(await checkIntegrity(t.database, [])).toMatchObject({
      driftedBalances: [],
      driftedPairs: [],
      driftedVolumes: [],
      driftedUnread: [],
      strayDebts: [],
    });
  });
});
