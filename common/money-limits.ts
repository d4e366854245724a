/**
 * The bounds that keep every figure the API answers exact (docs/decisions/0010-money-bounds.md).
 * Amounts travel as JSON numbers in major units; a double prints back the exact decimal only up
 * to 15 significant digits, so every figure must stay below 10^15 minor units. Three write-time
 * limits make that hold over any number of operations and events:
 *  - one operation's amount, as entered and in the event currency: at most MAX_OPERATION_MINOR;
 *  - an event's live operations together: at most MAX_EVENT_VOLUME_MINOR (bounds every figure
 *    inside the event: balances, family balances, shares, debts, the settle-up plan);
 *  - what one person has written in all events together (the amounts of the live operations they
 *    last wrote): at most MAX_WRITER_VOLUME_MINOR. A bound on what a person writes, not on what is
 *    written about them, so that nobody's writes can use up another person's room (decision 0062).
 */

/** 10,000,000,000.00 in a two-decimal currency. */
export const MAX_OPERATION_MINOR = 10 ** 12;

/** A hundred operations of the largest size. */
export const MAX_EVENT_VOLUME_MINOR = 10 ** 14;

/** The same for what one person has written across all events. */
export const MAX_WRITER_VOLUME_MINOR = 10 ** 14;

/** Below this many minor units a JSON number in major units prints back as the exact decimal. */
export const EXACT_FIGURE_LIMIT_MINOR = 10 ** 15;

/**
 * A rate an importer types for a currency the app has no rate for: units of the event currency for
 * 1 unit of it. Positive, at most 12 decimals (the scale rates are frozen at) and below a million,
 * so no converted row can pass the bounds above. Here, not in the contract, so that the import
 * form checks it without loading zod.
 */
const IMPORT_RATE_MAX = 1_000_000;
const IMPORT_RATE_TEXT = /^\d{1,7}(\.\d{1,12})?$/;

export function isImportRate(text: string): boolean {
  return IMPORT_RATE_TEXT.test(text) && Number(text) > 0 && Number(text) < IMPORT_RATE_MAX;
}
