import { z } from 'zod';
import { CURRENCY_CODE } from '../currency-code';

/**
 * Pieces every ledger contract shares. Ids are PostgreSQL `integer`s, so anything above 2^31 - 1
 * is refused here rather than reaching the database as an out-of-range error.
 */
export const MAX_ID = 2_147_483_647;

export const id = z.number().int().positive().max(MAX_ID);
/** An id taken from a path or a query string. */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);
export const currencyCode = z.string().regex(CURRENCY_CODE);
/** Money in the API: a JSON number in major units, at most the currency's decimals (checked on the server). */
export const amount = z.number();
/** A date-time or a calendar date (midnight UTC), ISO 8601. */
export const isoDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const eventIdParams = z.object({ id: idParam });
export type EventIdParams = z.infer<typeof eventIdParams>;

/** `?currency=XXX`: show money converted into that currency at the latest rate (approximate). */
export const displayQuery = z.object({ currency: currencyCode.optional() });
