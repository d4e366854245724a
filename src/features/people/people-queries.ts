/** The People feature's reads through the server cache (app/server-api.ts). */
import type { PersonResponse } from '@common/contract/people';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { serverApi } from '@/app/server-api';

export interface PersonRead {
  uid: number;
  /** The display currency, or null for per-currency balances. */
  currency: string | null;
}

export const peopleQueries = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /event/people/{uid}/: one person's balances with me across every event we share. */
    person: build.query<PersonResponse, PersonRead>({
      query: ({ uid, currency }) => ({ path: `/event/people/${uid}/`, params: currency ? { currency } : undefined }),
      // Any event's money may be theirs and mine.
      providesTags: [{ type: 'Ledger', id: 'people' }],
    }),
  }),
});

export const { usePersonQuery } = peopleQueries;

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
  };
}
