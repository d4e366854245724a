import type { Recurrence, RepeatBody } from '@common/contract/recurrences';
import { MAX_REPEAT_COUNT, MAX_REPEAT_INTERVAL, occurrenceDay, type RepeatFrequency } from '@common/recurrence';

/** How a repeat ends: never, after a day, or after a number of occurrences in all. */
export type RepeatEnd = 'never' | 'until' | 'count';

/** The repeat fields as typed. */
export interface RepeatDraft {
  frequency: RepeatFrequency | 'none';
  interval: string;
  end: RepeatEnd;
  /** YYYY-MM-DD. */
  until: string;
  count: string;
}

export const NO_REPEAT: RepeatDraft = { frequency: 'none', interval: '1', end: 'never', until: '', count: '12' };

/** The locale key (operations namespace, or errors: for the server's codes) of what is wrong, or null. */
export type RepeatError =
  'repeat.intervalInvalid' | 'repeat.countInvalid' | 'repeat.untilRequired' | 'errors:repeat_until_before_start' | 'errors:repeat_start_too_old';

/** As the server counts it: a first day more than this long ago is refused. */
const LOOKBACK_DAYS = 366;

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** What is wrong with a repeat whose first occurrence is on `firstDay`, as the server would refuse it. */
export function validateRepeat(repeat: RepeatDraft, firstDay: string, today: string): RepeatError | null {
  if (repeat.frequency === 'none') return null;
  if (wholeNumber(repeat.interval, 1, MAX_REPEAT_INTERVAL) === null) return 'repeat.intervalInvalid';
  if (repeat.end === 'count' && wholeNumber(repeat.count, 2, MAX_REPEAT_COUNT) === null) return 'repeat.countInvalid';
  if (repeat.end === 'until' && !repeat.until) return 'repeat.untilRequired';
  if (repeat.end === 'until' && repeat.until <= firstDay) return 'errors:repeat_until_before_start';
  if (Date.parse(today) - Date.parse(firstDay) > LOOKBACK_DAYS * 86_400_000) return 'errors:repeat_start_too_old';
  return null;
}

/** The request's repeat, or nothing for an operation that does not repeat; only for a draft that validates. */
export function repeatBodyOf(repeat: RepeatDraft, utcOffset: number): RepeatBody | undefined {
  if (repeat.frequency === 'none') return undefined;
  return {
    frequency: repeat.frequency,
    interval: Number(repeat.interval),
    until: repeat.end === 'until' ? repeat.until : null,
    count: repeat.end === 'count' ? Number(repeat.count) : null,
    utc_offset: utcOffset,
  };
}

/** A series as the fields show it, to change it. */
export function repeatDraftOf(series: Recurrence): RepeatDraft {
  return {
    frequency: series.frequency,
    interval: String(series.interval),
    end: series.until ? 'until' : series.count ? 'count' : 'never',
    until: series.until ?? '',
    count: String(series.count ?? NO_REPEAT.count),
  };
}

/** The day after `firstDay` the repeat would record next, for the form to show; null when it does not repeat or is not valid. */
export function secondDayOf(repeat: RepeatDraft, firstDay: string): string | null {
  if (repeat.frequency === 'none' || !/^\d{4}-\d{2}-\d{2}$/.test(firstDay)) return null;
  const interval = wholeNumber(repeat.interval, 1, MAX_REPEAT_INTERVAL);
  return interval === null ? null : occurrenceDay(firstDay, { frequency: repeat.frequency, interval }, 1);
}
