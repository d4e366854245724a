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
