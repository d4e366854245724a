export { currenciesSlice, fetchCurrencies, displayCurrencySet, selectDisplayCurrency, type CurrenciesState, type CurrenciesStatus } from './currencies-slice';
export { useDisplayCurrency, useLatestRateDay, type DisplayCurrency } from './display';
export { CurrencySelect, currencyLabel, filterCurrencies, type CurrencyOption, type CurrencySelectProps } from './components/CurrencySelect';
