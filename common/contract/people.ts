import { z } from 'zod';
import { amount, currencyCode, idParam } from './common';
import { contact } from './contacts';

/** Specification §9: lists of people come 20 at a time. */
export const PEOPLE_PAGE_SIZE = 20;

/** Money kept apart per currency: exact, never converted. */
export const moneyByCurrency = z.array(z.object({ balance: amount, currency: currencyCode }));
export type MoneyByCurrency = z.infer<typeof moneyByCurrency>;

/**
 * My net balance with someone (docs/decisions/0006-people-and-families.md): per currency, or one
 * number in the display currency when `?currency=` was asked for. Positive: they owe me.
 */
export const netBalance = z.union([amount, moneyByCurrency]);

export const peopleQuery = z.object({
  currency: currencyCode.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export const personQuery = z.object({ currency: currencyCode.optional() });
export const personParams = z.object({ uid: idParam });

/** The user-level family a person belongs to, as far as the caller can see it. */
export const personFamily = z.object({
  id: z.number().int(),
  head: z.number().int(),
  /** The caller's own family. */
  is_mine: z.boolean(),
});

/** A row of the People page: the Contact shape with my net balance with them. */
export const person = contact.omit({ balance: true }).extend({
  balance: netBalance,
  /** Always the exact per-currency list, also when `balance` is converted. */
  balances: moneyByCurrency,
  family: personFamily.nullable(),
});
export type Person = z.infer<typeof person>;

/** The 'Whole family' row: the sum of my balances with the members I know. */
export const peopleFamily = personFamily.extend({
  /** Members that are among my people, in list order (the head first). */
  members: z.array(z.number().int()),
  balance: netBalance,
  balances: moneyByCurrency,
});
export type PeopleFamily = z.infer<typeof peopleFamily>;

export const peopleListResponse = z.object({
  count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** The display currency asked for, or null when balances are per currency. */
  currency: currencyCode.nullable(),
  approximate: z.boolean(),
  objects: z.array(person),
  /** The families of the people on this page, with balances over all their members (any page). */
  families: z.array(peopleFamily),
});
export type PeopleListResponse = z.infer<typeof peopleListResponse>;

/** An event or dialogue the caller shares with the person, and what the two owe each other in it. */
export const sharedEvent = z.object({
  id: z.number().int(),
  event_name: z.string(),
  is_dialogue: z.boolean(),
  eventCurrency: currencyCode,
  /** Pairwise: positive when they owe me, in `currency`. */
  balance: amount,
  currency: currencyCode,
  approximate: z.boolean(),
});
export type SharedEvent = z.infer<typeof sharedEvent>;

export const moneyAmounts = z.array(z.object({ amount: amount, currency: currencyCode }));

/** A payback request (DESIGN §4): a comment in the dialogue that states what was owed. */
export const paybackRequest = z.object({
  /** The comment operation carrying it. */
  id: z.number().int(),
  event_id: z.number().int(),
  /** Who asked (the creditor) and who is asked (the debtor). */
  from: z.number().int(),
  to: z.number().int(),
  /** What the debtor owed the creditor per currency when asked. */
  amounts: moneyAmounts,
  /** Paybacks from the debtor to the creditor recorded after the request, per currency asked for. */
  paid: moneyAmounts,
  settled: z.boolean(),
  created: z.string(),
});
export type PaybackRequest = z.infer<typeof paybackRequest>;

export const personResponse = z.object({
  person: person,
  currency: currencyCode.nullable(),
  approximate: z.boolean(),
  /** My family row for this person's user-level family, when they are in one. */
  family: peopleFamily.nullable(),
  /** Live events and dialogues we are both in, most recently active first. */
  events: z.array(sharedEvent),
  /** Our dialogue, if it exists. */
  dialogue_id: z.number().int().nullable(),
  /** Requests either of us sent the other, newest first. */
  payback_requests: z.array(paybackRequest),
  /**
   * The person is known by name alone and is in an event I own: I may give them a phone
   * (POST /v1/event/people/{uid}/phone/), so that they take the row over when they sign up.
   */
  phone_givable: z.boolean(),
});
export type PersonResponse = z.infer<typeof personResponse>;

/**
 * POST /v1/event/people/{uid}/phone/: a phone for a person known by name alone (`phone_givable`).
 * With `merge`, when someone has the phone already the person becomes them (decision 0070) instead
 * of the answer `phone_in_use`.
 */
export const givePhoneBody = z.object({ phone: z.string().min(1).max(40), merge: z.boolean().optional() });

/** POST /v1/event/people/{uid}/ */
export const paybackRequestBody = z.object({ details: z.literal('Payback') });
export const paybackRequestResponse = paybackRequest.extend({ dialogue_created: z.boolean() });
export type PaybackRequestResponse = z.infer<typeof paybackRequestResponse>;

/** GET /v1/user/search/?phone=&search_all= */
export const userSearchQuery = z.object({
  phone: z.string().max(64),
  search_all: z.enum(['true', 'false', '1', '0']).optional(),
});

export const userSearchResponse = z.discriminatedUnion('status', [
  /** A person with an account. */
  contact.extend({ status: z.literal('registered') }),
  /** With `search_all`: a placeholder in my contact book (a phone with no account yet). */
  contact.extend({ status: z.literal('contact') }),
  /** Nobody with an account has this phone; `phone` is it in E.164, to add as a new contact. */
  z.object({ status: z.literal('unregistered'), phone: z.string() }),
]);
export type UserSearchResponse = z.infer<typeof userSearchResponse>;
