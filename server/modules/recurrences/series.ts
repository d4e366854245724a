import type { RepeatBody } from '../../../common/contract/recurrences';
import { DomainError } from '../../../common/errors';
import { firstOccurrenceAfter, localDay, nextOccurrence, type RepeatRule } from '../../../common/recurrence';
import type { Queryable } from '../../db/client';
import type { EnteredColumns } from '../operations/repository';
import { insertRecurrence, ruleOf, type NewRecurrence, type RecurrenceRow } from './repository';

/**
 * How far back a series may start. Its missed occurrences are made at once, each priced at its own
 * day's rate: a year of daily rent is 365 writes, a decade would hold the request for minutes.
 */
export const MAX_REPEAT_LOOKBACK_DAYS = 366;

export function ruleFrom(repeat: RepeatBody): RepeatRule {
  return { frequency: repeat.frequency, interval: repeat.interval, until: repeat.until ?? null, count: repeat.count ?? null };
}

/**
 * Refuses a rule that could never make a second occurrence, and a new series that starts too long
 * ago (a changed one makes only what comes after its latest occurrence).
 */
export function requireSensible(firstAt: Date, repeat: RepeatBody, now: Date, isNew: boolean): void {
  const firstDay = localDay(firstAt, repeat.utc_offset);
  if (repeat.until && repeat.until <= firstDay) throw new DomainError('repeat_until_before_start', 'repeat');
  if (isNew && now.getTime() - firstAt.getTime() > MAX_REPEAT_LOOKBACK_DAYS * 86_400_000) throw new DomainError('repeat_start_too_old', 'repeat');
}

/** The schedule columns of a series whose occurrence 0 is at `firstAt`, the next after `after` (a local day) to make. */
export function schedule(
  firstAt: Date,
  repeat: RepeatBody,
  made: number,
  after: string,
): Pick<NewRecurrence, 'frequency' | 'interval' | 'until' | 'count' | 'utcOffset' | 'firstAt' | 'nextK' | 'nextAt'> {
  const rule = ruleFrom(repeat);
  const next = firstOccurrenceAfter(firstAt, repeat.utc_offset, rule, after, made);
  return { ...rule, utcOffset: repeat.utc_offset, firstAt, nextK: next?.k ?? 0, nextAt: next?.at ?? null };
}

/** A new series whose first occurrence is the operation being recorded at `firstAt`. */
export async function startSeries(
  tx: Queryable,
  pattern: EnteredColumns,
  firstAt: Date,
  repeat: RepeatBody,
  now: Date,
): Promise<{ series: RecurrenceRow; day: string }> {
  requireSensible(firstAt, repeat, now, true);
  const day = localDay(firstAt, repeat.utc_offset);
  const series = await insertRecurrence(tx, { ...pattern, ...schedule(firstAt, repeat, 1, day), made: 1 });
  return { series, day };
}

/** After occurrence `k` of `series` was made: the one after it, or the end. */
export function advance(series: RecurrenceRow, k: number): Pick<NewRecurrence, 'nextK' | 'nextAt' | 'made'> {
  const made = series.made + 1;
  const next = nextOccurrence(series.firstAt, series.utcOffset, ruleOf(series), k + 1, made);
  return { made, nextK: next?.k ?? 0, nextAt: next?.at ?? null };
}
