import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstOccurrenceAfter,
  isCalendarDay,
  localDay,
  MAX_REPEAT_COUNT,
  nextOccurrence,
  occurrenceAt,
  occurrenceDay,
  REPEAT_FREQUENCIES,
  type RepeatRule,
} from './recurrence';

const monthly = { frequency: 'monthly', interval: 1 } as const;

describe('occurrenceDay', () => {
  it('keeps the 31st a month end through short months, and back to the 31st after them', () => {
    const days = [0, 1, 2, 3, 4, 12, 13].map((k) => occurrenceDay('2027-01-31', monthly, k));
    expect(days).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2028-01-31', '2028-02-29']);
  });

  it('puts 29 February on the 28th in other years and on the 29th in leap years', () => {
    const yearly = { frequency: 'yearly', interval: 1 } as const;
    expect([0, 1, 2, 3, 4].map((k) => occurrenceDay('2028-02-29', yearly, k))).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    // 2100 is not a leap year.
    expect(occurrenceDay('2096-02-29', { frequency: 'yearly', interval: 4 }, 1)).toBe('2100-02-28');
  });

  it('counts days and weeks across a leap day and a year end', () => {
    expect(occurrenceDay('2028-02-28', { frequency: 'daily', interval: 1 }, 1)).toBe('2028-02-29');
    expect(occurrenceDay('2028-02-28', { frequency: 'daily', interval: 1 }, 2)).toBe('2028-03-01');
    expect(occurrenceDay('2026-12-25', { frequency: 'weekly', interval: 2 }, 1)).toBe('2027-01-08');
    expect(occurrenceDay('2026-11-30', { frequency: 'monthly', interval: 3 }, 1)).toBe('2027-02-28');
  });

  it('never goes back, and a monthly day is the first one or its month end', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        fc.constantFrom(...REPEAT_FREQUENCIES),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 40 }),
        (date, frequency, interval, k) => {
          const first = date.toISOString().slice(0, 10);
          const rule = { frequency, interval };
          const day = occurrenceDay(first, rule, k);
          const after = occurrenceDay(first, rule, k + 1);
          expect(after > day).toBe(true);
          if (frequency === 'monthly' || frequency === 'yearly') {
            const wanted = Number(first.slice(8));
            const got = Number(day.slice(8));
            const [y, m] = day.split('-').map(Number) as [number, number];
            const monthEnd = new Date(Date.UTC(y, m, 0)).getUTCDate();
            expect(got === wanted || (got === monthEnd && monthEnd < wanted)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('isCalendarDay', () => {
  it('knows the days that exist', () => {
    expect(['2027-02-28', '2028-02-29', '2027-12-31'].map(isCalendarDay)).toEqual([true, true, true]);
    expect(['2027-02-29', '2027-02-30', '2027-04-31', '2100-02-29', '', '2027-02-30x', 'day'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('occurrenceAt', () => {
  it('keeps the local time of day in the client time zone, whatever the UTC date', () => {
    // 23:30 on 31 January in UTC+3 is 20:30 UTC.
    const first = new Date('2027-01-31T20:30:00Z');
    const next = occurrenceAt(first, 180, monthly, 1);
    expect(next).toEqual({ day: '2027-02-28', at: new Date('2027-02-28T20:30:00Z') });
    // 00:30 on 1 March in UTC+3 is still 28 February in UTC: the local day decides.
    const early = occurrenceAt(new Date('2027-02-28T21:30:00Z'), 180, monthly, 1);
    expect(early).toEqual({ day: '2027-04-01', at: new Date('2027-03-31T21:30:00Z') });
    // West of UTC.
    expect(occurrenceAt(new Date('2027-01-01T03:00:00Z'), -300, { frequency: 'daily', interval: 1 }, 1).day).toBe('2027-01-01');
    expect(localDay(new Date('2027-01-01T03:00:00Z'), -300)).toBe('2026-12-31');
  });
});

describe('nextOccurrence', () => {
  const first = new Date('2027-01-31T12:00:00Z');
  const rule: RepeatRule = { frequency: 'monthly', interval: 1, until: '2027-04-30', count: null };

  it('ends after the last day given, that day included', () => {
    expect(nextOccurrence(first, 0, rule, 3, 3)?.day).toBe('2027-04-30');
    expect(nextOccurrence(first, 0, rule, 4, 4)).toBeNull();
  });

  it('ends once the count of occurrences is made', () => {
    const counted: RepeatRule = { ...rule, until: null, count: 3 };
    expect(nextOccurrence(first, 0, counted, 2, 2)?.day).toBe('2027-03-31');
    expect(nextOccurrence(first, 0, counted, 3, 3)).toBeNull();
  });

  it('ends a rule without an end or a count after MAX_REPEAT_COUNT occurrences', () => {
    const endless: RepeatRule = { frequency: 'daily', interval: 1, until: null, count: null };
    expect(nextOccurrence(first, 0, endless, MAX_REPEAT_COUNT - 1, MAX_REPEAT_COUNT - 1)).not.toBeNull();
    expect(nextOccurrence(first, 0, endless, MAX_REPEAT_COUNT, MAX_REPEAT_COUNT)).toBeNull();
    // Nor does a later end date make it longer.
    expect(nextOccurrence(first, 0, { ...endless, until: '2099-12-31' }, MAX_REPEAT_COUNT, MAX_REPEAT_COUNT)).toBeNull();
  });

  it('finds the first occurrence after a day', () => {
    const open: RepeatRule = { ...rule, until: null };
    expect(firstOccurrenceAfter(first, 0, open, '2027-03-31', 3)).toEqual({ k: 3, day: '2027-04-30', at: new Date('2027-04-30T12:00:00Z') });
    expect(firstOccurrenceAfter(first, 0, open, '2027-03-30', 3)?.day).toBe('2027-03-31');
  });
});
