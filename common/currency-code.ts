/**
 * The shape of a currency code: three capital letters (ISO 4217). Whether a code is a known
 * currency is `isCurrencyCode` in currencies.ts, which carries the whole table; this module stays
 * tiny so the web app can check the shape without loading it.
 */
export const CURRENCY_CODE = /^[A-Z]{3}$/;
