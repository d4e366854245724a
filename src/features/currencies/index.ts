export { currenciesSlice, fetchCurrencies, type CurrenciesState, type CurrenciesStatus } from './currencies-slice';
export { CurrencySelect, currencyLabel, filterCurrencies, type CurrencyOption, type CurrencySelectProps } from './components/CurrencySelect';
