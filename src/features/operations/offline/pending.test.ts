import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOperationBody } from '@common/contract/operations';
import { makeStore } from '@/app/store';
import { eventsQueries } from '@/features/events';
import { server } from '../../../../tests/web/msw';
import { draftOfBody, toBody } from '../form/form-model';
import { anOperation, BORIS, EVENT_ID, json, ME, VERA } from '../test-fixtures';
import { dropPending, pendingOperations } from './pending-store';
import { discardPending, loadPending, queueOperation, sendPending, updatePending } from './pending-thunks';

const purchase = (description: string, amount: number, extra: Partial<CreateOperationBody['details']> = {}): CreateOperationBody => ({
  event_id: EVENT_ID,
  details: { kind: 'even_purchase', amount, currency: 'RUB', description, payer: ME, ...extra },
  participants: [{ uid: ME }, { uid: BORIS }],
});

beforeEach(async () => {
  for (const item of await pendingOperations()) await dropPending(item.key);
});

describe('operations waiting on the device', () => {
  it('are sent in the order entered, each with its own key; a refusal stays with its reason, the rest go on', async () => {
    const store = makeStore();
    const sent: { key: string | null; description: string }[] = [];
    let listReads = 0;
    server.use(
      // Each one recorded moves the balances: the event list, on screen, is read again.
      http.get('/app/api/v1/event/', () => {
        listReads += 1;
        return json([]);
      }),
      http.post('/app/api/v1/operation/', async ({ request }) => {
        const body = (await request.json()) as CreateOperationBody;
        sent.push({ key: request.headers.get('Idempotency-Key'), description: body.details.description });
        if (body.details.description === 'Milk')
          return HttpResponse.json({ error: 'participant not in event', code: 'participant_not_in_event' }, { status: 400 });
        return json(anOperation({ details: { description: body.details.description } }));
      }),
    );
    for (const [i, name] of ['Bread', 'Milk', 'Taxi'].entries()) {
      await store.dispatch(queueOperation({ key: `key-${i}`, author: ME, body: purchase(name, 100 * (i + 1)) }));
      // Entered one after another, as a person would.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(store.getState().operations.pending.map((p) => p.body.details.description)).toEqual(['Bread', 'Milk', 'Taxi']);
    const shownList = store.dispatch(eventsQueries.endpoints.eventsList.initiate({ currency: null }));
    await shownList;
    listReads = 0;

    await store.dispatch(sendPending(ME));
    expect(sent).toEqual([
      { key: 'key-0', description: 'Bread' },
      { key: 'key-1', description: 'Milk' },
      { key: 'key-2', description: 'Taxi' },
    ]);
    const left = store.getState().operations.pending;
    await vi.waitFor(() => expect(listReads).toBeGreaterThan(0));
    shownList.unsubscribe();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ key: 'key-1', refused: { code: 'participant_not_in_event', status: 400 } });

    // Fixed, it goes with the same key; a refused one is not sent again until then.
    await store.dispatch(sendPending(ME));
    expect(sent).toHaveLength(3);
    await store.dispatch(updatePending(left[0]!, purchase('Milk', 250, { description: 'Milk and eggs' })));
    await store.dispatch(sendPending(ME));
    expect(sent.at(-1)).toEqual({ key: 'key-1', description: 'Milk and eggs' });
    expect(store.getState().operations.pending).toEqual([]);
    expect(await pendingOperations()).toEqual([]);
  });

  it('stay, unrefused, when there is no connection or the server is down, and only their author sends them', async () => {
    const store = makeStore();
    let answer: 'offline' | 'down' = 'offline';
    let tries = 0;
    server.use(
      http.post('/app/api/v1/operation/', () => {
        tries += 1;
        return answer === 'offline' ? HttpResponse.error() : HttpResponse.json({ error: 'down', code: 'internal' }, { status: 503 });
      }),
    );
    await store.dispatch(queueOperation({ key: 'a', author: ME, body: purchase('Bread', 100) }));
    await store.dispatch(queueOperation({ key: 'b', author: ME, body: purchase('Milk', 200) }));
    await store.dispatch(sendPending(ME));
    // The round stops at the first failure: the second is not tried into a dead connection.
    expect(tries).toBe(1);
    answer = 'down';
    await store.dispatch(sendPending(ME));
    expect(tries).toBe(2);
    expect(store.getState().operations.pending.map((p) => [p.key, p.refused])).toEqual([
      ['a', null],
      ['b', null],
    ]);
    await store.dispatch(sendPending(VERA));
    expect(tries).toBe(2);
    await store.dispatch(loadPending(ME));
    await store.dispatch(discardPending(store.getState().operations.pending[0]!));
    expect(store.getState().operations.pending.map((p) => p.key)).toEqual(['b']);
  });
});

describe('a waiting operation changed after an attempt that got through', () => {
  it('is made what it now says: the key answers with the first, and the edit follows from its version', async () => {
    const store = makeStore();
    const recorded = anOperation({ id: 41, version: 1, details: { description: 'Bread', amount: 100, original_amount: 100 } });
    const puts: { ifMatch: string | null; description: string; amount: number | undefined }[] = [];
    server.use(
      http.get('/app/api/v1/event/', () => json([])),
      // The first attempt was recorded; only its answer was lost. The same key answers with it.
      http.post('/app/api/v1/operation/', () => json(recorded)),
      http.put('/app/api/v1/operation/41/', async ({ request }) => {
        const body = (await request.json()) as CreateOperationBody;
        puts.push({ ifMatch: request.headers.get('If-Match'), description: body.details.description, amount: body.details.amount });
        return json({ ...recorded, version: 2 });
      }),
    );
    await store.dispatch(queueOperation({ key: 'lost-answer', author: ME, body: purchase('Bread', 100) }));
    await store.dispatch(updatePending(store.getState().operations.pending[0]!, purchase('Bread and butter', 150)));
    await store.dispatch(sendPending(ME));
    expect(puts).toEqual([{ ifMatch: '"1"', description: 'Bread and butter', amount: 150 }]);
    expect(store.getState().operations.pending).toEqual([]);

    // One never changed is not sent twice over.
    await store.dispatch(queueOperation({ key: 'plain', author: ME, body: purchase('Milk', 200) }));
    await store.dispatch(sendPending(ME));
    expect(puts).toHaveLength(1);
  });
});

describe('editing a waiting operation', () => {
  it('starts from the very request it will send', () => {
    const ctx = { me: ME, everyone: [ME, BORIS, VERA], eventCurrency: 'RUB', userCurrency: 'RUB' };
    const bodies: CreateOperationBody[] = [
      { ...purchase('Dinner', 3000.5), details: { ...purchase('Dinner', 3000.5).details, date: '2026-11-20T12:00:00+03:00' } },
      {
        event_id: EVENT_ID,
        details: {
          kind: 'split_purchase',
          amount: 900,
          currency: 'EUR',
          description: 'Hotel',
          date: '2026-11-20T12:00:00+03:00',
          payer: ME,
          payers: [
            { uid: ME, amount: 600 },
            { uid: BORIS, amount: 300 },
          ],
        },
        participants: [{ uid: ME, amount: 100 }, { uid: BORIS }, { uid: VERA }],
      },
      {
        event_id: EVENT_ID,
        details: { kind: 'payback', amount: 50, currency: 'RUB', description: '', date: '2026-11-20T12:00:00+03:00', payer: BORIS },
        participants: [{ uid: ME }],
      },
    ];
    for (const body of bodies) {
      const again = toBody(draftOfBody(body, ctx), EVENT_ID, ME, body.details.date);
      expect(again).toMatchObject({ ...body, details: { ...body.details } });
    }
  });
});
