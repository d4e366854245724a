/** Adding and removing people of the People page as contacts, and the cached reads that follow. */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { RootState } from '@/app/store';
import { type ApiError, toApiError } from '@/lib/api-client';
import { eventsChanged } from '@/features/events';
import { addContact, deleteContact, fetchContacts } from '../contacts';
import { contactMarked, peopleChanged, type ServerCacheState } from './people-queries';

interface ThunkConfig {
  state: ServerCacheState;
  rejectValue: ApiError;
}

/** Adds someone on the People page to my contacts under the name I see them by. */
export const addToContacts = createAsyncThunk<number, { uid: number; name: string; phone: string }, ThunkConfig>(
  'people/addContact',
  async ({ uid, name, phone }, { dispatch, rejectWithValue }) => {
    const result = await dispatch(addContact({ name, phone }));
    if (addContact.rejected.match(result)) return rejectWithValue(result.payload ?? toApiError(result.error));
    dispatch(contactMarked(uid, true));
    return uid;
  },
);

/** Removes someone from my contacts; people I still share an event with stay on the page. */
export const deleteFromContacts = createAsyncThunk<number, { uid: number; phone: string }, ThunkConfig>(
  'people/deleteContact',
  async ({ uid, phone }, { dispatch, rejectWithValue }) => {
    const result = await dispatch(deleteContact(phone));
    if (deleteContact.rejected.match(result)) return rejectWithValue(result.payload ?? toApiError(result.error));
    dispatch(contactMarked(uid, false));
    // Whether they stay on the page depends on shared events only the server knows of.
    dispatch(peopleChanged());
    return uid;
  },
);

/**
 * A person known by name alone became someone who has the phone (decision 0070): the events they
 * were in, every figure and list that named them, and my contact book, which now has the other
 * person, are read again.
 */
export const personMerged = createAsyncThunk<void, readonly number[], { state: RootState }>('people/merged', async (eventIds, { dispatch }) => {
  dispatch(peopleChanged());
  await Promise.all([dispatch(eventsChanged(eventIds)), dispatch(fetchContacts())]);
});
