import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { ledgerChanged } from '@/app/ledger-changed';
import type { UpdateUserRequest, User } from '@common/contract/user';
import { type ApiError, toApiError } from '@/lib/api-client';
import { loggedOut } from '../auth';
import type { LoadStatus } from '@/lib/load-status';
import { profileApi } from './profile-api';

/** The signed-in user as the server describes them (GET /user/me/). */
export type Profile = User;

export type { LoadStatus } from '@/lib/load-status';

export interface ProfileState {
  user: Profile | null;
  /** 'loading' also while a change is being saved: the settings form shows a loader (specification §4). */
  status: LoadStatus;
  error: ApiError | null;
}

const initialState: ProfileState = { user: null, status: 'idle', error: null };

type Reject = { rejectValue: ApiError };

export const fetchProfile = createAsyncThunk<Profile, void, Reject>('profile/fetch', async (_, { rejectWithValue }) => {
  try {
    return await profileApi.me();
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

/**
 * PUT /v2/user/me/. Failures are only logged (specification §4); the caller learns of them from
 * the rejected action.
 */
export const updateProfile = createAsyncThunk<Profile, UpdateUserRequest, Reject>('profile/update', async (body, { dispatch, rejectWithValue }) => {
  try {
    const profile = await profileApi.update(body);
    // A family changed (left, members dropped) regroups the shared events' figures.
    if ('family' in body) dispatch(ledgerChanged());
    return profile;
  } catch (err) {
    const error = toApiError(err);
    if (error.code !== 'aborted') console.error('Saving the profile failed:', error.message);
    return rejectWithValue(error);
  }
});

/** POST /v1/user/family/invitations/{id}/accept/: the answer is the new profile, with the family. */
export const acceptFamilyInvitation = createAsyncThunk<Profile, number, Reject>('profile/acceptFamilyInvitation', async (id, { dispatch, rejectWithValue }) => {
  try {
    const profile = await profileApi.acceptFamilyInvitation(id);
    // Accepting regroups the events shared with the family (decision 0026).
    dispatch(ledgerChanged());
    return profile;
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

/** DELETE /v1/user/family/invitations/{id}/: declining one received, or withdrawing one sent. */
export const dropFamilyInvitation = createAsyncThunk<Profile, number, Reject>('profile/dropFamilyInvitation', async (id, { rejectWithValue }) => {
  try {
    return await profileApi.dropFamilyInvitation(id);
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

/** DELETE /v2/user/me/, then logout; the server has already ended every session. */
export const deleteAccount = createAsyncThunk<void, void, Reject>('profile/delete', async (_, { dispatch, rejectWithValue }) => {
  try {
    await profileApi.remove();
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
  dispatch(loggedOut());
});

/** POST /v2/user/password/ {old_password, password}. */
export async function changePassword(oldPassword: string, password: string): Promise<void> {
  try {
    await profileApi.changePassword({ old_password: oldPassword, password });
  } catch (err) {
    throw toApiError(err);
  }
}

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
      .addCase(updateProfile.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(updateProfile.fulfilled, (state, action) => {
        state.status = 'success';
        state.user = action.payload;
        state.error = null;
      })
      .addCase(updateProfile.rejected, (state, action) => {
        // The loaded profile is still the truth; the failure is only kept for whoever wants it.
        state.status = state.user ? 'success' : 'error';
        state.error = action.payload ?? toApiError(action.error);
      })
      .addCase(loggedOut, () => ({ ...initialState, status: 'cleared' as const }))
      .addMatcher(isAnyOf(acceptFamilyInvitation.fulfilled, dropFamilyInvitation.fulfilled), (state, action) => {
        state.user = action.payload;
      });
  },
});

/** A profile is complete once it has a full name; until then the user is confined to /checkuser. */
export function isProfileComplete(user: Profile | null): boolean {
  return !!user && user.full_name.trim().length > 0;
}
