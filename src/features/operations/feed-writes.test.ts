import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Operation } from '@common/contract/operations';
import { makeStore } from '@/app/store';
import { server } from '../../../tests/web/msw';
import { feedOf, feedQueries, shownFeedOf, type FeedKey } from './feed-queries';
import { feedFlagsChanged, feedGained, feedLost, feedReplaced, feedSeen } from './feed-writes';
import { anOperation, EVENT_ID, json, manyOperations, pagesOf } from './test-fixtures';

type Store = ReturnType<typeof makeStore>;

/** The server's feed: 30 operations, newest first, two pages; `reads` counts the first pages served. */
function serverFeed(ops: Operation[] = manyOperations(30).reverse()) {
  const served = { firstPages: 0, currencies: [] as (string | null)[] };
  server.use(
    http.get('/app/api/v1/operation/', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      if (page === 1) {
        served.firstPages += 1;
        served.currencies.push(url.searchParams.get('currency'));
      }
      return json(pagesOf(ops, page));
    }),
  );
  return served;
}

const subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => subscriptions.splice(0).forEach((s) => s.unsubscribe()));

/** A feed on screen: its first page read, and the second when `pages` is 2. */
async function showFeed(store: Store, key: FeedKey, pages = 1) {
  const shown = store.dispatch(feedQueries.endpoints.feed.initiate(key));
  subscriptions.push(shown);
  await shown;
  if (pages > 1) await store.dispatch(feedQueries.endpoints.feed.initiate(key, { direction: 'forward', forceRefetch: true, subscribe: false }));
}

const feedIn = (store: Store, key: FeedKey) => {
  const pages = feedQueries.endpoints.feed.select(key)(store.getState()).data?.pages;
  return pages ? feedOf(pages) : null;
};
const whole: FeedKey = { eventId: EVENT_ID };

describe('a write the server answered, in the cached feeds', () => {
  it('puts a recorded operation at the top of the whole feed once, and counts it, with no read', async () => {
    const served = serverFeed();
    const store = makeStore();
    await showFeed(store, whole, 2);
    expect(feedIn(store, whole)?.ops).toHaveLength(30);

    const op = anOperation({ id: 500, details: { description: 'Dinner' } });
    store.dispatch(feedGained(op));
    store.dispatch(feedGained(op));
    const feed = feedIn(store, whole)!;
    expect(feed.ops[0]?.details.description).toBe('Dinner');
    expect(feed.ops).toHaveLength(31);
    expect([feed.count, feed.live]).toEqual([31, 31]);
    expect(served.firstPages).toBe(1);
  });

  it('reads again a narrowed feed, one in another display currency, and one a repeat adds to', async () => {
    const served = serverFeed();
    const store = makeStore();
    const narrowed: FeedKey = { eventId: EVENT_ID, filter: { q: 'taxi' } };
    await showFeed(store, narrowed);
    store.dispatch(feedGained(anOperation({ id: 501 })));
    await expect.poll(() => served.firstPages).toBe(2);

    const inEuros: FeedKey = { eventId: EVENT_ID, currency: 'EUR' };
    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    await showFeed(store, inEuros);
    const before = served.firstPages;
    store.dispatch(feedGained(anOperation({ id: 502, details: { currency: 'RUB' } })));
    await expect.poll(() => served.firstPages).toBe(before + 1);
    expect(served.currencies.at(-1)).toBe('EUR');
    expect(feedIn(store, inEuros)?.ops.some((op) => op.id === 502)).toBe(false);

    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    await showFeed(store, whole);
    const wholeReads = served.firstPages;
    store.dispatch(feedGained(anOperation({ id: 503, recurrence_id: 7 })));
    await expect.poll(() => served.firstPages).toBe(wholeReads + 1);
    expect(served.currencies.at(-1)).toBeNull();
  });

  it('flips a deleted operation’s flag, and its place in the live count, in every page it is on', async () => {
    serverFeed();
    const store = makeStore();
    await showFeed(store, whole, 2);
    const target = feedIn(store, whole)!.ops[25]!;
    store.dispatch(feedFlagsChanged({ ...target, deleted: true, details: { ...target.details, amount: 1 } }));
    let feed = feedIn(store, whole)!;
    expect(feed.ops[25]?.deleted).toBe(true);
    // Only the flags: the amounts shown may be in a display currency the answer is not in.
    expect(feed.ops[25]?.details.amount).toBe(target.details.amount);
    expect([feed.count, feed.live]).toEqual([30, 29]);
    store.dispatch(feedFlagsChanged({ ...target, deleted: true }));
    expect(feedIn(store, whole)!.live).toBe(29);
    store.dispatch(feedFlagsChanged({ ...target, deleted: false }));
    feed = feedIn(store, whole)!;
    expect([feed.ops[25]?.deleted, feed.live]).toEqual([false, 30]);
  });

  it('replaces an edited operation where the feed shows the event currency, and reads again one in another', async () => {
    const served = serverFeed();
    const store = makeStore();
    await showFeed(store, whole);
    const target = feedIn(store, whole)!.ops[3]!;
    store.dispatch(feedReplaced({ ...target, version: 2, details: { ...target.details, description: 'Renamed' } }));
    expect(feedIn(store, whole)!.ops[3]?.details.description).toBe('Renamed');
    expect(served.firstPages).toBe(1);

    subscriptions.splice(0).forEach((s) => s.unsubscribe());
    const inEuros: FeedKey = { eventId: EVENT_ID, currency: 'EUR' };
    await showFeed(store, inEuros);
    store.dispatch(feedReplaced({ ...target, version: 3 }));
    await expect.poll(() => served.currencies.filter((c) => c === 'EUR').length).toBe(2);
  });

  it('drops a moved operation from its old event’s feed and counts, and marks rows read, or all of them', async () => {
    serverFeed(manyOperations(5).map((op) => ({ ...op, seen: false })));
    const store = makeStore();
    await showFeed(store, whole);
    const [first, second] = feedIn(store, whole)!.ops;
    store.dispatch(feedLost(EVENT_ID, first!.id));
    let feed = feedIn(store, whole)!;
    expect(feed.ops.map((op) => op.id)).not.toContain(first!.id);
    expect([feed.count, feed.live]).toEqual([4, 4]);

    store.dispatch(feedSeen(EVENT_ID, [second!.id]));
    feed = feedIn(store, whole)!;
    expect(feed.ops.filter((op) => op.seen).map((op) => op.id)).toEqual([second!.id]);
    store.dispatch(feedSeen(EVENT_ID, 'all'));
    expect(feedIn(store, whole)!.ops.every((op) => op.seen)).toBe(true);
  });

  it('names the feed last asked for as the one shown, whose currency a new operation is answered in', async () => {
    serverFeed();
    const store = makeStore();
    expect(shownFeedOf(store.getState(), EVENT_ID)).toBeUndefined();
    await showFeed(store, whole);
    await new Promise((later) => setTimeout(later, 5));
    await showFeed(store, { eventId: EVENT_ID, currency: 'EUR' });
    expect(shownFeedOf(store.getState(), EVENT_ID)?.key.currency).toBe('EUR');
    expect(shownFeedOf(store.getState(), EVENT_ID + 1)).toBeUndefined();
  });
});
