import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { CurrencyListResponse, CurrencyObject } from '@common/contract/currency';
import { api, type ApiError, toApiError } from '@/lib/api-client';
import { loggedOut } from '../auth';

export type CurrenciesStatus = 'idle' | 'loading' | 'success' | 'error';

export interface CurrenciesState {
  items: CurrencyObject[];
  /** The newest rate date of the list (specification §9 shows it as 'updated'). */
  lastUpdated: string | null;
  /** The currency every exchange_rate value is given in: the user's own. */
  base: string | null;
  status: CurrenciesStatus;
  error: ApiError | null;
}

const initialState: CurrenciesState = { items: [], lastUpdated: null, base: null, status: 'idle', error: null };

/** GET /currency/ (specification §7); `lang` picks the language of cur_description. */
export const fetchCurrencies = createAsyncThunk<CurrencyListResponse, { lang?: 'en' | 'ru' } | void, { rejectValue: ApiError }>(
  'currencies/fetch',
  async (arg, { rejectWithValue }) => {
    try {
      return await api.get<CurrencyListResponse>('/currency/', arg?.lang ? { lang: arg.lang } : undefined);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const currenciesSlice = createSlice({
  name: 'currencies',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCurrencies.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchCurrencies.fulfilled, (state, action) => {
        state.status = 'success';
        state.items = action.payload.objects;
        state.lastUpdated = action.payload.last_updated;
        state.base = action.payload.base ?? null;
      })
      .addCase(fetchCurrencies.rejected, (state, action) => {
        state.status = 'error';
        state.error = action.payload ?? toApiError(action.error);
      })
      .addCase(loggedOut, () => initialState);
  },
});
