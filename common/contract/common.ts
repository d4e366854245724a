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
/**
 * Characters no one types into a name, description or comment: control characters other than tab
 * and line breaks (NUL cannot even be stored, and answered 500), lone UTF-16 surrogates (they
 * cannot be encoded), and the bidirectional overrides and isolates that make '‮txt.exe' show as
 * 'exe.txt' or turn an amount round in someone else's list.
 */
const FORBIDDEN_IN_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !FORBIDDEN_IN_TEXT.test(text);
}

/** Text from a file rather than a keyboard (an import) with what no one types taken out, as userText would refuse it. */
export function safeText(text: string): string {
  return text.replace(new RegExp(FORBIDDEN_IN_TEXT.source, 'g'), '');
}

/** Text a person typed (a name, a description, a comment), at most `max` characters: refused as validation_failed when it holds what no one types. */
export const userText = (max: number) => z.string().max(max).refine(isSafeText, { message: 'text holds control or direction-override characters' });

/** A calendar day, YYYY-MM-DD, 1990 to 2100 as operation dates are. */
export const dayParam = z.string().regex(/^(199\d|20\d\d|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** A date-time or a calendar date (midnight UTC), ISO 8601. */
export const isoDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const eventIdParams = z.object({ id: idParam });
export type EventIdParams = z.infer<typeof eventIdParams>;

/** `?currency=XXX`: show money converted into that currency at the latest rate (approximate). */
export const displayQuery = z.object({ currency: currencyCode.optional() });
