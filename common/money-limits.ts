/**
 * The bounds that keep every figure the API answers exact (docs/decisions/0010-money-bounds.md).
 * Amounts travel as JSON numbers in major units; a double prints back the exact decimal only up
 * to 15 significant digits, so every figure must stay below 10^15 minor units. Three write-time
 * limits make that hold over any number of operations and events:
 *  - one operation's amount, as entered and in the event currency: at most MAX_OPERATION_MINOR;
 *  - an event's live operations together: at most MAX_EVENT_VOLUME_MINOR (bounds every figure
 *    inside the event: balances, family balances, shares, debts, the settle-up plan);
 *  - one person's live entries in all events together (paid plus share, as magnitudes): at most
 *    MAX_PERSON_VOLUME_MINOR (bounds every figure summed across events for that person: the
 *    events list, the People page, and a family's balance of at most five people).
 */

/** 10,000,000,000.00 in a two-decimal currency. */
export const MAX_OPERATION_MINOR = 10 ** 12;

/** A hundred operations of the largest size. */
export const MAX_EVENT_VOLUME_MINOR = 10 ** 14;

/** The same for one person across all events; five of them (a family) stay below 10^15. */
export const MAX_PERSON_VOLUME_MINOR = 10 ** 14;

/** Below this many minor units a JSON number in major units prints back as the exact decimal. */
export const EXACT_FIGURE_LIMIT_MINOR = 10 ** 15;
