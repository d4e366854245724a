import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { displayCurrencySet, selectDisplayCurrency } from './currencies-slice';

export interface DisplayCurrency {
  /** The currency amounts are shown in, or null for each amount in its own currency. */
  currency: string | null;
  /** The query for calls that take `?currency=` (people, events): empty when there is none. */
  params: { currency?: string };
  setCurrency: (code: string | null) => void;
}

/**
 * The display currency the user picked in the rates window (kept in local storage). Screens that
 * show balances ask the server with `params` and mark converted amounts approximate.
 */
export function useDisplayCurrency(): DisplayCurrency {
  const currency = useAppSelector(selectDisplayCurrency);
  const dispatch = useAppDispatch();
  const setCurrency = useCallback((code: string | null) => void dispatch(displayCurrencySet(code)), [dispatch]);
  const params = useMemo(() => (currency ? { currency } : {}), [currency]);
  return { currency, params, setCurrency };
}

/**
 * The day of the latest rates, as the reader writes dates ('21 Nov 2026', '21 нояб. 2026 г.'), or
 * null when it is today or not known. Converted amounts use these rates, and the banks publish one a
 * working day: 'at today's rate' on a Monday morning would name a rate from Friday.
 */
export function useLatestRateDay(language: string): string | null {
  const lastUpdated = useAppSelector((s) => s.currencies?.lastUpdated ?? null);
  return useMemo(() => {
    if (!lastUpdated) return null;
    const day = new Date(`${lastUpdated.slice(0, 10)}T00:00:00`);
    if (Number.isNaN(day.getTime())) return null;
    const today = new Date();
    if (day.getFullYear() === today.getFullYear() && day.getMonth() === today.getMonth() && day.getDate() === today.getDate()) return null;
    return new Intl.DateTimeFormat(language.startsWith('ru') ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(day);
  }, [lastUpdated, language]);
}
