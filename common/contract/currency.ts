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
