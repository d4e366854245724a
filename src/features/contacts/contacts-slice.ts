import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Contact, ContactListResponse } from '@common/contract/contacts';
import { api, type ApiError, toApiError } from '@/lib/api-client';
import { loggedOut } from '../auth';

export type ContactsStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ContactsState {
  /** The contact book; the user is first, labelled 'me' (specification §3). */
  items: Contact[];
  status: ContactsStatus;
  error: ApiError | null;
}

const initialState: ContactsState = { items: [], status: 'idle', error: null };

/** GET /user/contacts/: part of the initial load (specification §4). */
export const fetchContacts = createAsyncThunk<ContactListResponse, void, { rejectValue: ApiError }>(
  'contacts/fetch',
  async (_, { rejectWithValue }) => {
    try {
      return await api.get<ContactListResponse>('/user/contacts/');
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

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
      // Specification §4: logout clears the contact list.
      .addCase(loggedOut, () => initialState);
  },
});
