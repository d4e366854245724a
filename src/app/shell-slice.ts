import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '@/lib/api-client';
import { consentStorage } from '@/lib/storage';
import { loggedOut } from '@/features/auth';
// The slice file, not the index, which also exports the add-friend dialog (see ./store.ts).
import { fetchContacts } from '@/features/contacts/contacts-slice';
import { fetchCurrencies } from '@/features/currencies/currencies-slice';
import { fetchProfile } from '@/features/profile';

export type InitialLoadStatus = 'idle' | 'loading' | 'success' | 'error';

/** The app-wide modals the header and screens open; ModalRoot renders the one that is open. */
export type ModalName = 'rates' | 'settings' | 'contacts';

export interface ShellState {
  /** Specification §4: profile, contacts and currencies load before any screen is ready. */
  initialLoad: InitialLoadStatus;
  cookieConsent: boolean | null;
  sideMenuOpen: boolean;
  modal: ModalName | null;
  /** The last events path visited, so the Events link returns to the same event and tab. */
  lastEventsPath: string;
}

const initialState = (): ShellState => ({
  initialLoad: 'idle',
  cookieConsent: consentStorage.get(),
  sideMenuOpen: false,
  modal: null,
  lastEventsPath: '/events',
});

export const loadInitialData = createAsyncThunk<void, void, { rejectValue: ApiError }>('shell/initialLoad', async (_, { dispatch, rejectWithValue }) => {
  // Each feature's first load, side by side.
  const results = await Promise.all([dispatch(fetchProfile()), dispatch(fetchContacts()), dispatch(fetchCurrencies())]);
  const failed = results.find((r) => typeof r === 'object' && r !== null && 'error' in r && (r as { error?: unknown }).error);
  if (failed) {
    const payload = (failed as { payload?: ApiError }).payload;
    // A 401 means the stored token is dead: the client already logged out, which is not a server error.
    if (payload?.status === 401) return;
    return rejectWithValue(payload ?? { message: 'initial load failed', code: 'internal', status: 0 });
  }
});

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    cookieConsentSet(state, action: PayloadAction<boolean>) {
      consentStorage.set(action.payload);
      state.cookieConsent = action.payload;
    },
    sideMenuToggled(state, action: PayloadAction<boolean | undefined>) {
      state.sideMenuOpen = action.payload ?? !state.sideMenuOpen;
    },
    modalOpened(state, action: PayloadAction<ModalName>) {
      state.modal = action.payload;
      state.sideMenuOpen = false;
    },
    modalClosed(state) {
      state.modal = null;
    },
    eventsPathVisited(state, action: PayloadAction<string>) {
      state.lastEventsPath = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadInitialData.pending, (state) => {
        state.initialLoad = 'loading';
      })
      .addCase(loadInitialData.fulfilled, (state) => {
        state.initialLoad = 'success';
      })
      .addCase(loadInitialData.rejected, (state) => {
        state.initialLoad = 'error';
      })
      .addCase(loggedOut, (state) => {
        state.initialLoad = 'idle';
        state.sideMenuOpen = false;
        state.modal = null;
        state.lastEventsPath = '/events';
      });
  },
});

export const { cookieConsentSet, sideMenuToggled, modalOpened, modalClosed, eventsPathVisited } = shellSlice.actions;
