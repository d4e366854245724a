import { z } from 'zod';
import { currencyCode } from './common';

/** GET /v1/currency/ `?lang=en|ru` picks the name language (else Accept-Language, else English). */
export const currencyListQuery = z.object({ lang: z.enum(['en', 'ru']).optional() });

export const currencyObject = z.object({
  id: z.number().int(),
  currency: currencyCode,
  cur_description: z.string(),
  /** `[units, value]`: `units` of this currency are worth `value` of the caller's currency. */
  exchange_rate: z.tuple([z.number(), z.number()]),
  /** The date of the rate used, YYYY-MM-DD. */
  last_updated: z.string(),
});
export type CurrencyObject = z.infer<typeof currencyObject>;

export const currencyListResponse = z.object({
  last_updated: z.string().nullable(),
  /** The caller's currency, in which every exchange_rate value is given. */
  base: currencyCode,
  objects: z.array(currencyObject),
});
export type CurrencyListResponse = z.infer<typeof currencyListResponse>;

/** GET /v1/currency/rate/?from=USD&to=JPY&date=2026-04-11: the rate an operation of that day would use. */
export const crossRateQuery = z.object({
  from: currencyCode,
  to: currencyCode,
  /** YYYY-MM-DD; today (UTC) when left out. */
  date: z.iso.date().optional(),
});

export const crossRateResponse = z.object({
  from: currencyCode,
  to: currencyCode,
  date: z.iso.date(),
  /** Units of `to` per 1 `from`, a decimal string (exact as stored on an operation). */
  rate: z.string(),
  /** The date of the rates used: the day asked, the latest earlier one, or the earliest later one before a history starts; null for a currency against itself. */
  rate_date: z.iso.date().nullable(),
});
export type CrossRateResponse = z.infer<typeof crossRateResponse>;
