import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '@/lib/api-client';
import { tokenStorage } from '@/lib/storage';

export interface AuthState {
  token: string | null;
  /** The last auth failure; cleared on every navigation (specification §2). */
  error: ApiError | null;
}

const initialState = (): AuthState => ({ token: tokenStorage.get(), error: null });

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; remember: boolean }>) {
      tokenStorage.set(action.payload.token, action.payload.remember);
      state.token = action.payload.token;
      state.error = null;
    },
    authFailed(state, action: PayloadAction<ApiError>) {
      state.error = action.payload;
    },
    authErrorCleared(state) {
      state.error = null;
    },
    /** Logout clears the token and everything loaded for the user (other slices reset on this action). */
    loggedOut(state) {
      tokenStorage.clear();
      state.token = null;
      state.error = null;
    },
  },
});

export const { signedIn, authFailed, authErrorCleared, loggedOut } = authSlice.actions;
