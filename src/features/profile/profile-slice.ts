import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { api, type ApiError, toApiError } from '@/lib/api-client';
import { loggedOut } from '../auth';

/** The signed-in user as the server describes them (GET /user/me/). */
export interface Profile {
  user: number;
  full_name: string;
  phone: string;
  currency: string;
  [key: string]: unknown;
}

export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ProfileState {
  user: Profile | null;
  status: LoadStatus;
  error: ApiError | null;
}

const initialState: ProfileState = { user: null, status: 'idle', error: null };

export const fetchProfile = createAsyncThunk<Profile, void, { rejectValue: ApiError }>('profile/fetch', async (_, { rejectWithValue }) => {
  try {
    return await api.get<Profile>('/user/me/');
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProfile.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchProfile.fulfilled, (state, action) => {
        state.status = 'success';
        state.user = action.payload;
        state.error = null;
      })
      .addCase(fetchProfile.rejected, (state, action) => {
        state.status = 'error';
        state.error = action.payload ?? toApiError(action.error);
      })
      .addCase(loggedOut, () => initialState);
  },
});

/** A profile is complete once it has a full name; until then the user is confined to /checkuser. */
export function isProfileComplete(user: Profile | null): boolean {
  return !!user && user.full_name.trim().length > 0;
}
