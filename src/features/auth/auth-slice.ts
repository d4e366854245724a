import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CodePurpose, CodeResponse } from '@common/contract/auth';
import { type ApiError, toApiError } from '@/lib/api-client';
import { tokenStorage } from '@/lib/storage';
import { authApi } from './auth-api';

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

type Reject = { rejectValue: ApiError };

/**
 * POST /v2/auth/login/. The token goes to local storage when remembered, else to session storage;
 * the app shell then loads profile, contacts and currencies (specification §4). A failure is
 * stored in auth.error for the screen to show.
 */
export const login = createAsyncThunk<void, { phone: string; password: string; remember: boolean }, Reject>(
  'auth/login',
  async (body, { dispatch, rejectWithValue }) => {
    try {
      const { token } = await authApi.login(body);
      dispatch(signedIn({ token, remember: body.remember }));
    } catch (err) {
      const error = toApiError(err);
      dispatch(authFailed(error));
      return rejectWithValue(error);
    }
  },
);

/** POST /v2/auth/code/?for=signup|restore: sends the SMS code. */
export const requestCode = createAsyncThunk<CodeResponse, { purpose: CodePurpose; phone: string }, Reject>(
  'auth/requestCode',
  async ({ purpose, phone }, { dispatch, rejectWithValue }) => {
    try {
      return await authApi.requestCode(purpose, phone);
    } catch (err) {
      const error = toApiError(err);
      dispatch(authFailed(error));
      return rejectWithValue(error);
    }
  },
);

/** POST /v2/auth/code/check/: is the typed code the live one, before the password step asks for more. */
export const checkCode = createAsyncThunk<void, { purpose: CodePurpose; phone: string; code: string }, Reject>(
  'auth/checkCode',
  async ({ purpose, ...body }, { dispatch, rejectWithValue }) => {
    try {
      await authApi.checkCode(purpose, body);
    } catch (err) {
      const error = toApiError(err);
      dispatch(authFailed(error));
      return rejectWithValue(error);
    }
  },
);

/**
 * POST /v2/auth/password/?for=signup|restore with the code, then a remembered login with the new
 * password (specification §7): someone who has just chosen a password expects to stay signed in.
 */
export const setPasswordWithCode = createAsyncThunk<void, { purpose: CodePurpose; phone: string; code: string; password: string }, Reject>(
  'auth/setPassword',
  async ({ purpose, ...body }, { dispatch, rejectWithValue }) => {
    try {
      await authApi.setPassword(purpose, body);
      const { token } = await authApi.login({ phone: body.phone, password: body.password, remember: true });
      dispatch(signedIn({ token, remember: true }));
    } catch (err) {
      const error = toApiError(err);
      dispatch(authFailed(error));
      return rejectWithValue(error);
    }
  },
);

/**
 * POST /account/logout/, then the local logout whatever the server said: a dead session or a
 * network failure must not keep anyone signed in on this device.
 */
export const logout = createAsyncThunk('auth/logout', async (_, { dispatch }) => {
  try {
    await authApi.logout();
  } catch {
    // The token is forgotten below either way.
  }
  dispatch(loggedOut());
});
