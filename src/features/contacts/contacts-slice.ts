import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Contact, ContactListResponse } from '@common/contract/contacts';
import { type ApiError, toApiError } from '@/lib/api-client';
import type { LoadStatus } from '@/lib/load-status';
import { loggedOut } from '../auth';
import { contactsApi } from './contacts-api';

export type ContactsStatus = LoadStatus;

export interface ContactsState {
  /** The contact book; the user is first, labelled 'me' (specification §3). */
  items: Contact[];
  status: ContactsStatus;
  error: ApiError | null;
}

const initialState: ContactsState = { items: [], status: 'idle', error: null };

/** GET /user/contacts/: part of the initial load (specification §4). */
export const fetchContacts = createAsyncThunk<ContactListResponse, void, { rejectValue: ApiError }>('contacts/fetch', async (_, { rejectWithValue }) => {
  try {
    return await contactsApi.list();
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

/**
 * POST /user/contacts/ with one person; the answer is the whole new contact book, which replaces
 * the stored one. `name` is 'First Last' as the user typed it (collapsed by the caller).
 */
export const addContact = createAsyncThunk<ContactListResponse, { name: string; phone: string }, { rejectValue: ApiError }>(
  'contacts/add',
  async (contact, { rejectWithValue }) => {
    try {
      return await contactsApi.add([contact]);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/** DELETE /user/contacts/ for one phone, then the book is read again (the delete may answer empty). */
export const deleteContact = createAsyncThunk<ContactListResponse, string, { rejectValue: ApiError }>('contacts/delete', async (phone, { rejectWithValue }) => {
  try {
    const answer = await contactsApi.remove([phone]);
    return Array.isArray(answer) ? answer : await contactsApi.list();
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

export const contactsSlice = createSlice({
  name: 'contacts',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchContacts.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchContacts.fulfilled, (state, action) => {
        state.status = 'success';
        state.items = action.payload;
      })
      .addCase(fetchContacts.rejected, (state, action) => {
        state.status = 'error';
        state.error = action.payload ?? toApiError(action.error);
      })
      .addCase(addContact.fulfilled, (state, action) => {
        state.status = 'success';
        state.items = action.payload;
      })
      .addCase(deleteContact.fulfilled, (state, action) => {
        state.status = 'success';
        state.items = action.payload;
      })
      // Specification §4: logout clears the contact list.
      .addCase(loggedOut, () => ({ ...initialState, status: 'cleared' as const }));
  },
});
