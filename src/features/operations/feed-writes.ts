/**
 * What a write the server answered does to the cached feeds (feed-queries.ts): the operation is
 * put where it belongs at once, with no second round trip; a feed it cannot be fitted into is read
 * again instead.
 */
import type { Operation, OperationListResponse } from '@common/contract/operations';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { serverApi } from '@/app/server-api';
import { cachedFeedsOf, feedQueries, feedTag, type FeedCacheState, type FeedKey } from './feed-queries';

type FeedThunk = ThunkAction<void, FeedCacheState, unknown, UnknownAction>;
type Pages = OperationListResponse[];

/** Operations were recorded or changed that the event's feeds cannot be patched with: they are read again. */
export const feedOutdated = (eventId: number) => serverApi.util.invalidateTags([feedTag(eventId)]);

/**
 * Changes each cached feed of the event that `fits` says takes the change; if any does not, the
 * event's feeds are read again.
 */
function patchFeeds(eventId: number, fits: (key: FeedKey) => boolean, recipe: (pages: Pages) => void): FeedThunk {
  return (dispatch, getState) => {
    let outdated = false;
    for (const key of cachedFeedsOf(getState(), eventId)) {
      if (fits(key)) dispatch(feedQueries.util.updateQueryData('feed', key, (draft) => recipe(draft.pages)));
      else outdated = true;
    }
    if (outdated) dispatch(feedOutdated(eventId));
  };
}

/** Every copy of an operation in the pages (a page read after others were added may repeat one). */
function copiesOf(pages: Pages, id: number): Operation[] {
  return pages.flatMap((page) => page.objects.filter((op) => op.id === id));
}

function addToCounts(pages: Pages, count: number, live: number): void {
  for (const page of pages) {
    page.count = Math.max(0, page.count + count);
    page.live = Math.max(0, page.live + live);
  }
}

/** The server answers a change in the event currency: a feed shown in another currency would mix amounts. */
const inCurrencyOf = (op: Operation) => (key: FeedKey) => key.currency === undefined || key.currency === op.details.currency;

/**
 * Recorded: at the top of the whole feed. A narrowed feed cannot tell whether it matches, and a
 * repeating one may have brought its missed occurrences: those are read again.
 */
export function feedGained(op: Operation): FeedThunk {
  const fits = inCurrencyOf(op);
  return patchFeeds(
    op.event_id,
    (key) => fits(key) && !key.filter && !op.recurrence_id,
    (pages) => {
      const shown = copiesOf(pages, op.id);
      if (shown.length > 0) return;
      pages[0]?.objects.unshift(op);
      addToCounts(pages, 1, op.deleted ? 0 : 1);
    },
  );
}

/** Deleted or brought back: only the flags change, so any display currency takes it. */
export function feedFlagsChanged(op: Operation): FeedThunk {
  return patchFeeds(
    op.event_id,
    () => true,
    (pages) => {
      const shown = copiesOf(pages, op.id);
      const was = shown[0];
      if (!was) return;
      if (was.deleted !== op.deleted) addToCounts(pages, 0, op.deleted ? -1 : 1);
      for (const copy of shown) {
        copy.deleted = op.deleted;
        copy.seen = op.seen || copy.seen;
      }
    },
  );
}

/** Changed in place (an edit, an earlier version brought back): the feed shows the new one. */
export function feedReplaced(op: Operation): FeedThunk {
  const fits = inCurrencyOf(op);
  return (dispatch, getState) => {
    // Only the feeds that show it need it.
    const showing = (key: FeedKey) => {
      const pages = feedQueries.endpoints.feed.select(key)(getState()).data?.pages ?? [];
      return copiesOf(pages as Pages, op.id).length > 0;
    };
    dispatch(
      patchFeeds(
        op.event_id,
        (key) => !showing(key) || fits(key),
        (pages) => {
          for (const page of pages) page.objects = page.objects.map((shown) => (shown.id === op.id ? op : shown));
        },
      ),
    );
  };
}

/** Moved to another event: gone from this one's feeds. */
export function feedLost(eventId: number, id: number): FeedThunk {
  return patchFeeds(
    eventId,
    () => true,
    (pages) => {
      const was = copiesOf(pages, id)[0];
      if (!was) return;
      for (const page of pages) page.objects = page.objects.filter((op) => op.id !== id);
      addToCounts(pages, -1, was.deleted ? 0 : -1);
    },
  );
}

/** Read: a row counts as seen the moment it is, before the server confirms; 'all' for the whole event. */
export function feedSeen(eventId: number, ids: readonly number[] | 'all'): FeedThunk {
  const read = ids === 'all' ? null : new Set(ids);
  return patchFeeds(
    eventId,
    () => true,
    (pages) => {
      for (const page of pages) for (const op of page.objects) if (!read || read.has(op.id)) op.seen = true;
    },
  );
}
