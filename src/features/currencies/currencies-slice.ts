import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrencyListResponse, CurrencyObject } from '@common/contract/currency';
import { CURRENCY_CODE } from '@common/currency-code';
import { api, type ApiError, toApiError } from '@/lib/api-client';
import { initialLanguage } from '@/lib/i18n';
import { STORAGE_KEYS, storage } from '@/lib/storage';
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
  /**
   * The display currency the user picked (rates window): events, people, my share and debts show
   * amounts converted into it (`?currency=`, approximate). Null: each amount in its own currency.
   * Kept in local storage, so it survives a reload; cleared at logout with the rest.
   */
  display: string | null;
}

/**
 * The shape of a code only: the table of every currency would put 4 KB gzip on the sign-in
 * screen. Whether it is a currency with a rate is decided by the server's list when it arrives.
 */
const looksLikeCurrency = (code: unknown): code is string => typeof code === 'string' && CURRENCY_CODE.test(code);

function storedDisplay(): string | null {
  const code = storage.get(STORAGE_KEYS.displayCurrency);
  return looksLikeCurrency(code) ? code : null;
}

const initialState = (): CurrenciesState => ({ items: [], lastUpdated: null, base: null, status: 'idle', error: null, display: storedDisplay() });

/**
 * GET /currency/ (specification §7); `lang` picks the language of cur_description, by default the
 * interface language as stored (§9), since the server keeps no language of its own.
 */
export const fetchCurrencies = createAsyncThunk<CurrencyListResponse, { lang?: 'en' | 'ru' } | void, { rejectValue: ApiError }>(
  'currencies/fetch',
  async (arg, { rejectWithValue }) => {
    try {
      return await api.get<CurrencyListResponse>('/currency/', { lang: arg?.lang ?? initialLanguage() });
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const currenciesSlice = createSlice({
  name: 'currencies',
  initialState,
  reducers: {
    displayCurrencySet(state, action: PayloadAction<string | null>) {
      const code = looksLikeCurrency(action.payload) ? action.payload : null;
      if (code) storage.set(STORAGE_KEYS.displayCurrency, code);
      else storage.remove(STORAGE_KEYS.displayCurrency);
      state.display = code;
    },
  },
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
        // Only a currency with a rate can be converted into; one that lost its rate is dropped.
        if (state.display && !action.payload.objects.some((o) => o.currency === state.display)) {
          storage.remove(STORAGE_KEYS.displayCurrency);
          state.display = null;
        }
      })
      .addCase(fetchCurrencies.rejected, (state, action) => {
        state.status = 'error';
        state.error = action.payload ?? toApiError(action.error);
      })
      .addCase(loggedOut, () => {
        storage.remove(STORAGE_KEYS.displayCurrency);
        return { ...initialState(), display: null };
      });
  },
});

export const { displayCurrencySet } = currenciesSlice.actions;

export function selectDisplayCurrency(state: { currencies: CurrenciesState }): string | null {
  return state.currencies.display;
}
