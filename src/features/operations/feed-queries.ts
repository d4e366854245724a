/**
 * The transactions feed through the server cache (app/server-api.ts): an event's operations, 20 a
 * page, newest first, each next page read when the list's end scrolls into view. A write the
 * server answered is put into the feeds it fits (feed-writes.ts) rather than read again.
 */
import type { Operation, OperationListResponse } from '@common/contract/operations';
import { serverApi } from '@/app/server-api';
import { feedPageParams, type FeedFilter } from './operations-api';

/** Which feed a screen shows: one event in one display currency (undefined: the event's own), perhaps narrowed. */
export interface FeedKey {
  eventId: number;
  currency?: string;
  /** A search or filter of the transactions tab; absent for the whole feed. */
  filter?: FeedFilter;
}

/** The pages of a feed as one list. */
export interface Feed {
  /** Each operation once, newest first. */
  ops: Operation[];
  pages: number;
  /** Rows the server lists, deleted ones included: what paging counts. */
  count: number;
  /** Of those, the live ones: what the screen tells the user. */
  live: number;
}

/** Operations added since the first page shift later pages down: what an earlier page listed is not listed twice. */
export function feedOf(pages: readonly OperationListResponse[]): Feed {
  const seen = new Set<number>();
  const ops = pages.flatMap((page) => page.objects).filter((op) => !seen.has(op.id) && seen.add(op.id));
  const last = pages[pages.length - 1];
  return { ops, pages: last?.pages ?? 0, count: last?.count ?? 0, live: last?.live ?? 0 };
}

export const feedTag = (eventId: number) => ({ type: 'Feed' as const, id: eventId });

export const feedQueries = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /operation/?event=&page=: one page of the feed, in the display currency, narrowed by the filter. */
    feed: build.infiniteQuery<OperationListResponse, FeedKey, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _pages, lastPage) => (lastPage < last.pages ? lastPage + 1 : undefined),
        // Read again (a new visit, operations recorded elsewhere), the feed starts over from its
        // first page: the pages below it are read as they scroll into view again.
        refetchCachedPages: false,
      },
      query: ({ queryArg: { eventId, currency, filter }, pageParam }) => ({
        path: '/operation/',
        params: feedPageParams(eventId, pageParam, currency, filter),
      }),
      providesTags: (_answer, _error, { eventId }) => [feedTag(eventId)],
    }),
  }),
});

export const { useFeedInfiniteQuery } = feedQueries;

/** A store state with the server cache in it. */
export type FeedCacheState = Parameters<typeof feedQueries.util.selectCachedArgsForQuery>[0];

/** The keys of an event's feeds in the cache. */
export function cachedFeedsOf(state: FeedCacheState, eventId: number): FeedKey[] {
  return feedQueries.util.selectCachedArgsForQuery(state, 'feed').filter((key) => key.eventId === eventId);
}

/**
 * The feed of an event last asked for, which is the one on screen (or last on it): its key and the
 * pages read so far (the cache's own array, or undefined before the first), undefined when none is cached.
 */
export function shownFeedOf(state: FeedCacheState, eventId: number): { key: FeedKey; pages?: readonly OperationListResponse[] } | undefined {
  let shown: { key: FeedKey; started: number; pages?: readonly OperationListResponse[] } | undefined;
  for (const key of cachedFeedsOf(state, eventId)) {
    const entry = feedQueries.endpoints.feed.select(key)(state);
    const started = entry.startedTimeStamp ?? 0;
    if (!shown || started > shown.started) shown = { key, started, pages: entry.data?.pages };
  }
  return shown && { key: shown.key, pages: shown.pages };
}
