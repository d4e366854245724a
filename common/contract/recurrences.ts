import { z } from 'zod';
import { isCalendarDay, MAX_REPEAT_COUNT, MAX_REPEAT_INTERVAL, REPEAT_FREQUENCIES } from '../recurrence';
import { amount, currencyCode, dayParam, idParam } from './common';

export const repeatFrequency = z.enum(REPEAT_FREQUENCIES);

/**
 * How an operation repeats: every `interval` days, weeks, months or years from its own date, until
 * a local day or for `count` occurrences in all (its own included), in the time zone `utc_offset`
 * minutes ahead of UTC (the client's, as for the statistics).
 */
export const repeatBody = z.object({
  frequency: repeatFrequency,
  interval: z.number().int().min(1).max(MAX_REPEAT_INTERVAL).default(1),
  until: dayParam.refine(isCalendarDay, { message: 'no such day' }).nullable().optional(),
  count: z.number().int().min(2).max(MAX_REPEAT_COUNT).nullable().optional(),
  utc_offset: z.number().int().min(-840).max(840).default(0),
});
export type RepeatBody = z.infer<typeof repeatBody>;

export const recurrenceParams = z.object({ id: idParam });

/** GET/PUT/DELETE /operation/{id}/recurrence/: the series an operation belongs to. */
export const recurrence = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  frequency: repeatFrequency,
  interval: z.number().int(),
  until: z.string().nullable(),
  count: z.number().int().nullable(),
  utc_offset: z.number().int(),
  /** The first occurrence, from which every date is worked out. */
  first: z.string(),
  /** When the next occurrence will be recorded, or null once the series has ended or stopped. */
  next: z.string().nullable(),
  /** Occurrences recorded so far, the first included. */
  made: z.number().int(),
  stopped: z.boolean(),
  /** Why the series stopped by itself (an error code: a person left the event, it was deleted), or null. */
  stop_reason: z.string().nullable(),
  /** What each occurrence records, as entered. */
  pattern: z.object({ kind: z.string(), amount: amount, currency: currencyCode, description: z.string() }),
});
export type Recurrence = z.infer<typeof recurrence>;
