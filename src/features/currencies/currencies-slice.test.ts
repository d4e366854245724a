import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { currenciesSlice, displayCurrencySet, fetchCurrencies } from './currencies-slice';

const reduce = currenciesSlice.reducer;
const list = (...codes: string[]) => ({ objects: codes.map((currency) => ({ currency, cur_description: currency, rate: '1' })), last_updated: '2026-11-20' });

describe('the display currency', () => {
  afterEach(() => localStorage.clear());

  it('starts from a stored code, and ignores a stored value that is no code at all', () => {
    storage.set(STORAGE_KEYS.displayCurrency, 'USD');
    expect(reduce(undefined, { type: 'init' }).display).toBe('USD');
    for (const junk of ['usd', 'US', '<script>', '']) {
      storage.set(STORAGE_KEYS.displayCurrency, junk);
      expect(reduce(undefined, { type: 'init' }).display, junk).toBeNull();
    }
  });

  it('refuses a malformed code, and drops a code the server has no rate for once its list arrives', () => {
    let state = reduce(undefined, displayCurrencySet('eur'));
    expect(state.display).toBeNull();
    state = reduce(state, displayCurrencySet('XAU'));
    expect(state.display).toBe('XAU');
    state = reduce(state, fetchCurrencies.fulfilled(list('RUB', 'EUR') as never, 'req'));
    expect(state.display).toBeNull();
    expect(storage.get(STORAGE_KEYS.displayCurrency)).toBeNull();
  });
});
