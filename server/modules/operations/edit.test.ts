import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../../common/contract/events';
import { operation, operationHistoryResponse } from '../../../common/contract/operations';
import { checkIntegrity } from '../../../bench/stress/checks';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';
import { operationVersions } from '../../db/schema';
import { stateView, type StoredState } from './entered';

/**
 * Editing an operation (PUT /operation/{id}/ with If-Match), its history and the restore of an
 * earlier version; several payers and the split modes through the API. After every change the
 * balances must equal a recomputation from the entries, as the stress runs check.
 */
let t: TestApp;
let anna: Person, boris: Person, vera: Person, gleb: Person, dima: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera, gleb, dima] = (await people(t, ['Anna', 'Boris', 'Vera', 'Gleb', 'Dima'])) as [Person, Person, Person, Person, Person];
  eventId = await eventWith(t, anna, [boris, vera, gleb, dima], { eventCurrency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

async function balances(who: Person = anna): Promise<Record<number, number>> {
  const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: who.token });
  expect(res.status).toBe(200);
  return Object.fromEntries(eventSchema.parse(res.body).contacts.map((c) => [c.uid, c.balance]));
}

async function sound(): Promise<void> {
  expect(await checkIntegrity(t.database, [])).toMatchObject({
    halfWritten: [],
    unbalanced: [],
    nonZeroEvents: [],
    driftedBalances: [],
    driftedVolumes: [],
    driftedUnread: [],
    driftedCounts: [],
  });
}

const put = (who: Person, id: number, body: unknown, version?: number | string) =>
  call(t.app, 'PUT', `/app/api/v1/operation/${id}/`, {
    token: who.token,
    body,
    headers: version === undefined ? {} : { 'if-match': typeof version === 'number' ? `"${version}"` : version },
  });

const history = async (who: Person, id: number) => {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/${id}/history/`, { token: who.token });
  expect(res.status).toBe(200);
  return operationHistoryResponse.parse(res.body);
};

const dinner = (amount: number, extra: Record<string, unknown> = {}) => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount, description: 'dinner', date: '2026-03-12T18:00:00Z', ...extra },
  participants: [anna, boris, vera, gleb, dima].map((p) => ({ uid: p.uid })),
});

describe('several payers and split modes', () => {
  it('Anna and Boris pay 6,000 together, split by shares 2:2:1 among Anna, Boris and Vera', async () => {
    const before = await balances();
    const op = operation.parse(
      await operate(t, anna, {
        event_id: eventId,
        details: {
          kind: 'split_purchase',
          amount: 6000,
          description: 'dinner',
          split: 'shares',
          payers: [
            { uid: anna.uid, amount: 4000 },
            { uid: boris.uid, amount: 2000 },
          ],
        },
        participants: [
          { uid: anna.uid, weight: 2 },
          { uid: boris.uid, weight: 2 },
          { uid: vera.uid, weight: 1 },
        ],
      }),
    );
    const by = Object.fromEntries(op.participants.map((p) => [p.uid, p]));
    expect(by[anna.uid]).toMatchObject({ paid: 4000, share: 2400, effect: 1600 });
    expect(by[boris.uid]).toMatchObject({ paid: 2000, share: 2400, effect: -400 });
    expect(by[vera.uid]).toMatchObject({ paid: 0, share: 1200, effect: -1200 });
    expect(op.entered).toEqual({
      payers: [
        { uid: anna.uid, amount: 4000 },
        { uid: boris.uid, amount: 2000 },
      ],
      split: 'shares',
      parts: [
        { uid: anna.uid, amount: 2400, weight: 2 },
        { uid: boris.uid, amount: 2400, weight: 2 },
        { uid: vera.uid, amount: 1200, weight: 1 },
      ],
    });
    const after = await balances();
    expect(after[anna.uid]! - before[anna.uid]!).toBeCloseTo(1600, 2);
    expect(after[vera.uid]! - before[vera.uid]!).toBeCloseTo(-1200, 2);
    // A new amount moves parts typed as shares by itself: the history names amount and payers, not the parts.
    const edited = await put(
      boris,
      op.id,
      {
        event_id: eventId,
        details: {
          kind: 'split_purchase',
          amount: 6500,
          description: 'dinner',
          split: 'shares',
          payers: [
            { uid: anna.uid, amount: 4000 },
            { uid: boris.uid, amount: 2500 },
          ],
        },
        participants: [
          { uid: anna.uid, weight: 2 },
          { uid: boris.uid, weight: 2 },
          { uid: vera.uid, weight: 1 },
        ],
      },
      op.version,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.participants.map((p: { share: number }) => p.share)).toEqual([2600, 2600, 1300]);
    expect((await history(anna, op.id)).versions[1]!.changes).toEqual(['amount', 'payers']);
    await sound();
  });

  it('splits by percent, and refuses percentages that do not make 100 and payers that do not make the amount', async () => {
    const op = operation.parse(
      await operate(t, anna, {
        event_id: eventId,
        details: { kind: 'split_purchase', amount: 1000, description: 'taxi', split: 'percent' },
        participants: [
          { uid: anna.uid, weight: 33.34 },
          { uid: boris.uid, weight: 66.66 },
        ],
      }),
    );
    expect(op.participants.map((p) => p.share)).toEqual([333.4, 666.6]);
    const percents = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: anna.token,
      body: {
        event_id: eventId,
        details: { kind: 'split_purchase', amount: 1000, split: 'percent' },
        participants: [
          { uid: anna.uid, weight: 50 },
          { uid: boris.uid, weight: 40 },
        ],
      },
    });
    expect(percents.status).toBe(400);
    expect(percents.body.code).toBe('percents_do_not_sum');
    const payers = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: anna.token,
      body: {
        ...dinner(1000),
        details: {
          ...dinner(1000).details,
          payers: [
            { uid: anna.uid, amount: 600 },
            { uid: boris.uid, amount: 300 },
          ],
        },
      },
    });
    expect(payers.status).toBe(400);
    expect(payers.body).toMatchObject({ code: 'payers_do_not_sum', field: 'payers' });
    const outsider = (await people(t, ['Zoya']))[0]!;
    const stranger = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: anna.token,
      body: {
        ...dinner(1000),
        details: {
          ...dinner(1000).details,
          payers: [
            { uid: anna.uid, amount: 500 },
            { uid: outsider.uid, amount: 500 },
          ],
        },
      },
    });
    expect(stranger.body.code).toBe('participant_not_in_event');
    const weightless = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: anna.token,
      body: {
        event_id: eventId,
        details: { kind: 'split_purchase', amount: 1000, split: 'shares' },
        participants: [{ uid: anna.uid, weight: 1 }, { uid: boris.uid }],
      },
    });
    expect(weightless.body).toMatchObject({ code: 'validation_failed', field: 'participants' });
    await sound();
  });
});

describe('editing an operation', () => {
  it('moves the balances by the difference, keeps the history, and makes it unread for the others', async () => {
    const before = await balances();
    const created = await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: dinner(3000) });
    const op = operation.parse(created.body);
    expect(op.version).toBe(1);

    const fetched = await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: boris.token });
    expect(fetched.status).toBe(200);
    expect(fetched.res.headers.etag).toBe('"1"');
    await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/seen`, { token: boris.token, body: {} });

    const edited = await put(boris, op.id, dinner(3200), 1);
    expect(edited.status).toBe(200);
    expect(edited.res.headers.etag).toBe('"2"');
    const after = operation.parse(edited.body);
    expect(after).toMatchObject({ version: 2, edited: { by: boris.uid } });
    expect(after.details.amount).toBe(3200);

    const now = await balances();
    // Anna paid 200 more and her share went up by 40: +160; everyone else's share went up by 40.
    expect(now[anna.uid]! - before[anna.uid]!).toBeCloseTo(3200 - 640, 2);
    expect(now[boris.uid]! - before[boris.uid]!).toBeCloseTo(-640, 2);

    // Unread again for Anna, the author; read for Boris, who made the change.
    const annaView = operation.parse((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: anna.token })).body);
    expect(annaView.seen).toBe(false);
    const borisView = operation.parse((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: boris.token })).body);
    expect(borisView.seen).toBe(true);
    const annaEvents = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: anna.token });
    expect(annaEvents.body.unread_cnt).toBeGreaterThanOrEqual(1);

    const h = await history(anna, op.id);
    expect(h.versions.map((v) => [v.version, v.action, v.actor])).toEqual([
      [1, 'created', anna.uid],
      [2, 'edited', boris.uid],
    ]);
    expect(h.versions[1]!.changes).toEqual(['amount']);
    expect(h.versions[0]!.state.amount).toBe(3000);
    expect(h.versions[1]!.state.amount).toBe(3200);
    await sound();
  });

  it('stores a new operation’s first version with it, not only when it is first changed', async () => {
    const op = operation.parse((await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: dinner(1500) })).body);
    const stored = await t.database.db
      .select({ version: operationVersions.version, action: operationVersions.action, actor: operationVersions.actorId, state: operationVersions.state })
      .from(operationVersions)
      .where(eq(operationVersions.operationId, op.id));
    expect(stored).toMatchObject([{ version: 1, action: 'created', actor: anna.uid }]);
    expect(stateView(stored[0]!.state as StoredState)).toEqual((await history(boris, op.id)).versions[0]!.state);
    expect(stateView(stored[0]!.state as StoredState)).toMatchObject({ amount: 1500, description: 'dinner', date: '2026-03-12T18:00:00.000Z', deleted: false });
  });

  it('refuses an edit from an old version with 412 and the current operation, and one that names no version with 428', async () => {
    const op = operation.parse(await operate(t, anna, dinner(1000)));
    expect((await put(boris, op.id, dinner(1100), 1)).status).toBe(200);
    const stale = await put(vera, op.id, dinner(1200), 1);
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('operation_changed');
    expect(operation.parse(stale.body.current)).toMatchObject({ id: op.id, version: 2 });
    expect(stale.body.current.details.amount).toBe(1100);
    const unnamed = await put(vera, op.id, dinner(1200));
    expect(unnamed.status).toBe(428);
    expect(unnamed.body.code).toBe('version_required');
    expect((await put(vera, op.id, dinner(1200), 'W/"2"')).status).toBe(200);
    await sound();
  });

  it('answers the same edit sent again under its Idempotency-Key with the operation as it is, recording it once', async () => {
    const op = operation.parse(await operate(t, anna, dinner(1000)));
    const send = () =>
      call(t.app, 'PUT', `/app/api/v1/operation/${op.id}/`, {
        token: boris.token,
        body: dinner(1300),
        headers: { 'if-match': '"1"', 'idempotency-key': 'edit-1' },
      });
    const first = await send();
    expect(first.status).toBe(200);
    // The answer was lost and the phone sends it again, from the same version: no 412, no second version.
    const again = await send();
    expect(again.status).toBe(200);
    expect(operation.parse(again.body)).toMatchObject({ version: 2 });
    expect((await history(anna, op.id)).versions).toHaveLength(2);
    // Sent again from the version its own edit made, with other figures: still the one edit.
    const fromItsOwn = await call(t.app, 'PUT', `/app/api/v1/operation/${op.id}/`, {
      token: boris.token,
      body: dinner(1700),
      headers: { 'if-match': '"2"', 'idempotency-key': 'edit-1' },
    });
    expect(fromItsOwn.status).toBe(200);
    expect(operation.parse(fromItsOwn.body)).toMatchObject({ version: 2 });
    expect(fromItsOwn.body.details.amount).toBe(1300);
    expect((await history(anna, op.id)).versions).toHaveLength(2);
    // Another person's key is theirs alone: Gleb's edit from the old version is refused.
    const glebs = await call(t.app, 'PUT', `/app/api/v1/operation/${op.id}/`, {
      token: gleb.token,
      body: dinner(900),
      headers: { 'if-match': '"1"', 'idempotency-key': 'edit-1' },
    });
    expect(glebs.status).toBe(412);
    await sound();
  });

  it('lets only one of two simultaneous edits from the same version through', async () => {
    const op = operation.parse(await operate(t, anna, dinner(1000)));
    const results = await Promise.all([put(boris, op.id, dinner(1500), 1), put(vera, op.id, dinner(2500), 1)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!;
    const stored = operation.parse((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: anna.token })).body);
    expect(stored.details.amount).toBe(winner.body.details.amount);
    expect((await history(anna, op.id)).versions).toHaveLength(2);
    await sound();
  });

  it('re-prices an edit that changes currency and date at the new date’s rate', async () => {
    const op = operation.parse(await operate(t, anna, dinner(1000)));
    const edited = await put(anna, op.id, dinner(100, { currency: 'EUR', date: '2026-03-12T18:00:00Z' }), op.version);
    expect(edited.status).toBe(200);
    const eur = operation.parse(edited.body);
    expect(eur.details).toMatchObject({ original_amount: 100, original_currency: 'EUR', currency: 'RUB', rate_date: '2026-03-12' });
    const rate = Number(eur.details.rate);
    expect(eur.details.amount).toBeCloseTo(100 * rate, 2);
    const later = await put(anna, op.id, dinner(100, { currency: 'EUR', date: '2026-04-01T12:00:00Z' }), eur.version);
    expect(later.status).toBe(200);
    const april = operation.parse(later.body);
    expect(april.details.rate_date).not.toBe('2026-03-12');
    expect((await history(anna, op.id)).versions[2]!.changes).toEqual(['date']);
    await sound();
  });

  it('edits a purchase into another purchase kind with several payers, but not into a loan', async () => {
    const op = operation.parse(await operate(t, anna, dinner(5000)));
    const body = {
      event_id: eventId,
      details: {
        kind: 'split_purchase',
        amount: 5000,
        description: 'dinner',
        payers: [
          { uid: anna.uid, amount: 2500 },
          { uid: gleb.uid, amount: 2500 },
        ],
      },
      participants: [{ uid: anna.uid, amount: 1000 }, { uid: gleb.uid }, { uid: dima.uid }],
    };
    const edited = await put(gleb, op.id, body, 1);
    expect(edited.status).toBe(200);
    const by = Object.fromEntries(operation.parse(edited.body).participants.map((p) => [p.uid, p]));
    expect(by[gleb.uid]).toMatchObject({ paid: 2500, share: 2000 });
    expect(by[dima.uid]).toMatchObject({ paid: 0, share: 2000 });
    expect(by[boris.uid]).toBeUndefined();
    const loan = await put(gleb, op.id, { event_id: eventId, details: { kind: 'i_lent_them', amount: 10 }, participants: [{ uid: dima.uid }] }, 2);
    expect(loan.status).toBe(400);
    expect(loan.body).toMatchObject({ code: 'validation_failed', field: 'kind' });
    await sound();
  });

  it('restores an earlier version as a new one, and records delete, restore and move', async () => {
    const op = operation.parse(await operate(t, anna, dinner(2000)));
    await put(boris, op.id, dinner(2600), 1);
    const before = await balances();
    const reverted = await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/history/1/restore/`, { token: anna.token, headers: { 'if-match': '"2"' } });
    expect(reverted.status).toBe(200);
    expect(operation.parse(reverted.body)).toMatchObject({ version: 3 });
    expect(reverted.body.details.amount).toBe(2000);
    const after = await balances();
    expect(after[anna.uid]! - before[anna.uid]!).toBeCloseTo(-(600 - 120), 2);
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${op.id}/`, { token: vera.token })).status).toBe(200);
    expect((await put(anna, op.id, dinner(1), 4)).status).toBe(404);
    expect((await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/restore/`, { token: vera.token })).status).toBe(200);
    const h = await history(boris, op.id);
    expect(h.versions.map((v) => v.action)).toEqual(['created', 'edited', 'reverted', 'deleted', 'restored']);
    expect(h.versions[2]).toMatchObject({ reverted_to: 1, actor: anna.uid, changes: ['amount'] });
    expect(h.versions[3]!.changes).toEqual(['deleted']);
    expect(h.version).toBe(5);
    const stale = await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/history/1/restore/`, { token: anna.token, headers: { 'if-match': '"2"' } });
    expect(stale.status).toBe(412);
    expect((await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/history/99/restore/`, { token: anna.token })).status).toBe(404);
    await sound();
  });

  it('is closed to anyone outside the event, and refuses people who are not participants', async () => {
    const op = operation.parse(await operate(t, anna, dinner(700)));
    const [outsider] = await people(t, ['Mallory']);
    expect((await put(outsider!, op.id, dinner(1), 1)).status).toBe(404);
    expect((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: outsider!.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/history/`, { token: outsider!.token })).status).toBe(404);
    expect((await call(t.app, 'POST', `/app/api/v1/operation/${op.id}/history/1/restore/`, { token: outsider!.token })).status).toBe(404);
    const withStranger = { ...dinner(700), participants: [{ uid: anna.uid }, { uid: outsider!.uid }] };
    const refused = await put(anna, op.id, withStranger, 1);
    expect(refused.body.code).toBe('participant_not_in_event');
    expect((await history(anna, op.id)).versions).toHaveLength(1);
    await sound();
  });
});
