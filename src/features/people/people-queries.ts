/** The People feature's reads through the server cache (app/server-api.ts). */
import type { PeopleFamily, PeopleListResponse, Person, PersonResponse } from '@common/contract/people';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { serverApi } from '@/app/server-api';

export interface PersonRead {
  uid: number;
  /** The display currency, or null for per-currency balances. */
  currency: string | null;
}

/** The People list as read so far: the rows of every page in the server's order, and where the last page left it. */
export interface PeopleList {
  items: Person[];
  /** 'Whole family' rows by family id, from whichever page last mentioned the family. */
  families: Record<number, PeopleFamily>;
  /** The display currency the rows are in (null: per currency). */
  currency: string | null;
  approximate: boolean;
}

/** The pages of the list as one: someone added meanwhile shifts the pages, so a row already shown is not shown twice. */
export function peopleListOf(pages: readonly PeopleListResponse[]): PeopleList {
  const seen = new Set<number>();
  const items = pages.flatMap((page) => page.objects).filter((p) => !seen.has(p.uid) && seen.add(p.uid));
  const families: Record<number, PeopleFamily> = {};
  for (const f of pages.flatMap((page) => page.families)) families[f.id] = f;
  const last = pages[pages.length - 1];
  return { items, families, currency: last?.currency ?? null, approximate: last?.approximate ?? false };
}

export const peopleQueries = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /event/people/: 20 a page (specification §9), each next page read when the list's end
     * scrolls into view. Read again after a change to the money, every page shown, so the rows keep
     * their place and every balance on them is the server's.
     */
    peopleList: build.infiniteQuery<PeopleListResponse, { currency: string | null }, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _pages, lastPage) => (lastPage < last.pages ? lastPage + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        path: '/event/people/',
        params: { page: pageParam, ...(queryArg.currency ? { currency: queryArg.currency } : {}) },
      }),
      providesTags: [{ type: 'Ledger', id: 'people' }],
    }),
    /** GET /event/people/{uid}/: one person's balances with me across every event we share. */
    person: build.query<PersonResponse, PersonRead>({
      query: ({ uid, currency }) => ({ path: `/event/people/${uid}/`, params: currency ? { currency } : undefined }),
      // Any event's money may be theirs and mine.
      providesTags: [{ type: 'Ledger', id: 'people' }],
    }),
  }),
});

export const { usePersonQuery, usePeopleListInfiniteQuery } = peopleQueries;

/** Someone's place on the People page may have changed (a contact added or removed): the list and the person are read again. */
export const peopleChanged = () => serverApi.util.invalidateTags([{ type: 'Ledger', id: 'people' }]);

/** A store state with the server cache in it. */
export type ServerCacheState = Parameters<typeof peopleQueries.util.selectCachedArgsForQuery>[0];

/**
 * Whether a person is in my contact book changed: every cached read of them says so at once,
 * without a round trip (the button under their name follows).
 */
export function contactMarked(uid: number, isContact: boolean): ThunkAction<void, ServerCacheState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    for (const args of peopleQueries.util.selectCachedArgsForQuery(getState(), 'person')) {
      if (args.uid !== uid) continue;
      dispatch(
        peopleQueries.util.updateQueryData('person', args, (draft) => {
          draft.person.is_contact_exists = isContact;
        }),
      );
    }
    for (const args of peopleQueries.util.selectCachedArgsForQuery(getState(), 'peopleList')) {
      dispatch(
        peopleQueries.util.updateQueryData('peopleList', args, (draft) => {
          for (const page of draft.pages) for (const p of page.objects) if (p.uid === uid) p.is_contact_exists = isContact;
        }),
      );
    }
  };
}
