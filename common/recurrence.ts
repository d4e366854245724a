/**
 * When a repeating operation happens (DESIGN §3, recurring operations). Every date is worked out
 * from the series' first one, never from the previous occurrence, so a month end stays a month
 * end (31 Jan, 28/29 Feb, 31 Mar) instead of drifting to the 28th after February.
 */
export const REPEAT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** At most every 99 days, weeks, months or years: wider than any real rent or subscription. */
export const MAX_REPEAT_INTERVAL = 99;
/** The most occurrences a series makes, its own count or none given (a daily rule without an end stops after about 2.7 years). */
export const MAX_REPEAT_COUNT = 1000;

export interface RepeatRule {
  frequency: RepeatFrequency;
  /** Every `interval` days, weeks, months or years. */
  interval: number;
  /** The last local day an occurrence may fall on (YYYY-MM-DD), or none. */
  until: string | null;
  /** How many occurrences in all, the first included, or none. */
  count: number | null;
}

const DAY_MS = 86_400_000;
const LAST_DAY = '2100-12-31';

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Whether YYYY-MM-DD names a day that exists (not 30 February). */
export function isCalendarDay(day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** The local day (YYYY-MM-DD) of occurrence `k` of a series whose first falls on `firstDay`. */
export function occurrenceDay(firstDay: string, rule: Pick<RepeatRule, 'frequency' | 'interval'>, k: number): string {
  const [year, month, day] = firstDay.split('-').map(Number) as [number, number, number];
  const first = Date.UTC(year, month - 1, day);
  if (rule.frequency === 'daily' || rule.frequency === 'weekly') {
    const step = rule.frequency === 'daily' ? 1 : 7;
    return new Date(first + k * rule.interval * step * DAY_MS).toISOString().slice(0, 10);
  }
  const months = month - 1 + k * rule.interval * (rule.frequency === 'yearly' ? 12 : 1);
  const y = year + Math.floor(months / 12);
  const m = months % 12;
  // The 31st in a 30-day month, 29 February in another year: the month's last day.
  return new Date(Date.UTC(y, m, Math.min(day, daysInMonth(y, m)))).toISOString().slice(0, 10);
}

/**
 * The moment of occurrence `k`: its local day at the local time of day of the first, in a time zone
 * `utcOffset` minutes ahead of UTC (the client's, as the statistics take it).
 */
export function occurrenceAt(firstAt: Date, utcOffset: number, rule: Pick<RepeatRule, 'frequency' | 'interval'>, k: number): { day: string; at: Date } {
  const local = firstAt.getTime() + utcOffset * 60_000;
  const firstDay = new Date(local).toISOString().slice(0, 10);
  const timeOfDay = local - Date.parse(`${firstDay}T00:00:00Z`);
  const day = occurrenceDay(firstDay, rule, k);
  return { day, at: new Date(Date.parse(`${day}T00:00:00Z`) + timeOfDay - utcOffset * 60_000) };
}

/** The local day of a moment in a time zone `utcOffset` minutes ahead of UTC. */
export function localDay(at: Date, utcOffset: number): string {
  return new Date(at.getTime() + utcOffset * 60_000).toISOString().slice(0, 10);
}

/**
 * Occurrence `k` when the series still has it: null past `until` or once `made` occurrences reach
 * `count`.
 */
export function nextOccurrence(firstAt: Date, utcOffset: number, rule: RepeatRule, k: number, made: number): { k: number; day: string; at: Date } | null {
  if (rule.count !== null && made >= rule.count) return null;
  // A series without an end still ends: no rule makes more than MAX_REPEAT_COUNT operations.
  if (made >= MAX_REPEAT_COUNT) return null;
  const next = occurrenceAt(firstAt, utcOffset, rule, k);
  if (rule.until !== null && next.day > rule.until) return null;
  // Operation dates end with 2100.
  if (next.day > LAST_DAY) return null;
  return { k, ...next };
}

/** The first occurrence after local day `after` (k counted from 1), as nextOccurrence gives it. */
export function firstOccurrenceAfter(
  firstAt: Date,
  utcOffset: number,
  rule: RepeatRule,
  after: string,
  made: number,
): { k: number; day: string; at: Date } | null {
  // Days only grow with k, so a search from 1 ends; a daily rule after years of pause is the longest.
  let k = 1;
  while (occurrenceAt(firstAt, utcOffset, rule, k).day <= after) k++;
  return nextOccurrence(firstAt, utcOffset, rule, k, made);
}
