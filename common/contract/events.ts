import { z } from 'zod';
import { amount, currencyCode, id, userText } from './common';
import { contact } from './contacts';

export const EVENT_NAME_MAX = 100;
export const EVENT_PARTICIPANTS_MAX = 200;

/** A participant of an event: the contact shape with the balance in this event (a number, not a list). */
export const eventParticipant = contact.omit({ balance: true }).extend({
  /** paid - share over the event's live operations: positive is owed to them. */
  balance: amount,
  /** The event family (settle-up group) they belong to. */
  family: z.number().int(),
  position: z.number().int(),
  is_owner: z.boolean(),
});
export type EventParticipant = z.infer<typeof eventParticipant>;

export const eventFamily = z.object({
  id: z.number().int(),
  members: z.array(z.number().int()),
  /** The 'Whole family' balance: the sum of its members'. */
  balance: amount,
});
export type EventFamily = z.infer<typeof eventFamily>;

export const event = z.object({
  id: z.number().int(),
  event_name: z.string(),
  /** Set only on a dialogue: the other person's name as the caller sees it. */
  quasi_event_name: z.string().nullable(),
  eventCurrency: currencyCode,
  /** The currency every amount of this answer is in: eventCurrency, or the `?currency=` asked for. */
  currency: currencyCode,
  /** True when amounts were converted at the latest rate for display (never stored). */
  approximate: z.boolean(),
  original: z.boolean(),
  del_date: z.string().nullable(),
  image_url: z.string().nullable(),
  owner: z.number().int(),
  isUserOwner: z.boolean(),
  /** Live operations by others the caller has not marked seen; never below 0. */
  unread_cnt: z.number().int().nonnegative(),
  /** The caller's own balance in the event. */
  payout: amount,
  /** The caller's event family's balance. */
  family_payout: amount,
  created: z.string(),
  last_activity: z.string(),
  contacts: z.array(eventParticipant),
  families: z.array(eventFamily),
  /** Set when this event's figures could not be computed: its amounts are then 0 and not to be shown. */
  unavailable: z.boolean().optional(),
});
export type Event = z.infer<typeof event>;

export const eventListQuery = z.object({
  currency: currencyCode.optional(),
  /** `1`: list the caller's deleted events instead (to restore them). */
  deleted: z.enum(['0', '1']).optional(),
});

export const eventListResponse = z.array(event);

export const createEventBody = z.object({
  event_name: userText(EVENT_NAME_MAX).optional(),
  /** Participants besides the caller, as uids of people in the caller's contacts or events. */
  contacts: z.array(id).max(EVENT_PARTICIPANTS_MAX).default([]),
  /**
   * The event's picture as base64 (png, jpeg or webp, a data: prefix tolerated; square, 70 to
   * 10000 px, at most 1,000,000 characters), or null for none. The answer carries its /app/img URL.
   * No length limit here: a longer text answers picture_too_big rather than a bare validation error.
   */
  image_url: z.string().nullable().optional(),
  /** Add every person of the caller's contact book as well. */
  invite_all: z.boolean().optional(),
  /** A dialogue with the one person in `contacts` (no name needed). */
  quasi: z.boolean().optional(),
  eventCurrency: currencyCode.optional(),
});
export type CreateEventBody = z.infer<typeof createEventBody>;

export const updateEventBody = z
  .object({
    data: z
      .object({
        event_name: userText(EVENT_NAME_MAX).optional(),
        eventCurrency: currencyCode.optional(),
        /** Owner only: base64 as on creation stores a new picture, null removes it, the current URL keeps it. */
        image_url: z.string().nullable().optional(),
        /** The whole grouping: lists of uids, every participant exactly once (owner only). */
        families: z.array(z.array(id).min(1).max(EVENT_PARTICIPANTS_MAX)).min(1).max(EVENT_PARTICIPANTS_MAX).optional(),
        /** The whole participant list: new uids join, missing ones are removed (removal: owner only). */
        contacts: z.array(id).min(1).max(EVENT_PARTICIPANTS_MAX).optional(),
      })
      .optional(),
    /**
     * Soft delete and restore. `null`, `true` or a date-time delete the event now (the
     * specification's client deletes by sending null); `false` restores it.
     */
    del_date: z.union([z.null(), z.boolean(), z.iso.datetime({ offset: true })]).optional(),
  })
  .refine((b) => b.data !== undefined || b.del_date !== undefined, { message: 'data or del_date required' });
export type UpdateEventBody = z.infer<typeof updateEventBody>;

export const payoutTransfer = z.object({
  /** The paying person: the member of the paying family with the largest debt. */
  from: z.number().int(),
  /** The receiving person: the member of the receiving family with the largest credit. */
  to: z.number().int(),
  from_family: z.number().int(),
  to_family: z.number().int(),
  amount: amount,
  currency: currencyCode,
});

export const payoutResponse = z.object({
  userId: z.number().int(),
  event_id: z.number().int(),
  currency: currencyCode,
  approximate: z.boolean(),
  users: z.array(z.object({ uid: z.number().int(), phone: z.string(), name: z.string() })),
  families: z.array(eventFamily),
  transfers: z.array(payoutTransfer),
});
export type PayoutResponse = z.infer<typeof payoutResponse>;
