import { describe, expect, it } from 'vitest';
import { NO_REPEAT, repeatBodyOf, repeatDraftOf, secondDayOf, validateRepeat } from './repeat-model';

const monthly = { ...NO_REPEAT, frequency: 'monthly' as const };

describe('the repeat fields', () => {
  it('send nothing when the operation does not repeat', () => {
    expect(validateRepeat(NO_REPEAT, '2026-11-26', '2026-11-26')).toBeNull();
    expect(repeatBodyOf(NO_REPEAT, 180)).toBeUndefined();
  });

  it('send the rule with its end and the time zone', () => {
    expect(repeatBodyOf(monthly, 180)).toEqual({ frequency: 'monthly', interval: 1, until: null, count: null, utc_offset: 180 });
    expect(repeatBodyOf({ ...monthly, interval: '2', end: 'until', until: '2027-06-30' }, 0)).toMatchObject({ interval: 2, until: '2027-06-30', count: null });
    expect(repeatBodyOf({ ...monthly, end: 'count', count: '6' }, -300)).toMatchObject({ until: null, count: 6, utc_offset: -300 });
  });

  it('refuse what the server would refuse, before sending', () => {
    const day = '2026-11-26';
    expect(validateRepeat({ ...monthly, interval: '0' }, day, day)).toBe('repeat.intervalInvalid');
    expect(validateRepeat({ ...monthly, interval: '1.5' }, day, day)).toBe('repeat.intervalInvalid');
    expect(validateRepeat({ ...monthly, interval: '100' }, day, day)).toBe('repeat.intervalInvalid');
    expect(validateRepeat({ ...monthly, end: 'count', count: '1' }, day, day)).toBe('repeat.countInvalid');
    expect(validateRepeat({ ...monthly, end: 'count', count: 'many' }, day, day)).toBe('repeat.countInvalid');
    expect(validateRepeat({ ...monthly, end: 'until', until: '' }, day, day)).toBe('repeat.untilRequired');
    expect(validateRepeat({ ...monthly, end: 'until', until: day }, day, day)).toBe('errors:repeat_until_before_start');
    expect(validateRepeat(monthly, '2025-11-01', day)).toBe('errors:repeat_start_too_old');
    expect(validateRepeat({ ...monthly, interval: ' 3 ', end: 'until', until: '2026-12-01' }, day, day)).toBeNull();
  });

  it('show the next day as the rule makes it, month ends included', () => {
    expect(secondDayOf(monthly, '2027-01-31')).toBe('2027-02-28');
    expect(secondDayOf({ ...monthly, frequency: 'weekly', interval: '2' }, '2026-12-25')).toBe('2027-01-08');
    expect(secondDayOf({ ...monthly, interval: 'x' }, '2027-01-31')).toBeNull();
    expect(secondDayOf(NO_REPEAT, '2027-01-31')).toBeNull();
  });

  it('start a change from the series as it is', () => {
    const series = {
      id: 1,
      event_id: 2,
      frequency: 'weekly' as const,
      interval: 2,
      until: null,
      count: 10,
      utc_offset: 0,
      first: '2026-11-01T12:00:00.000Z',
      next: '2026-11-29T12:00:00.000Z',
      made: 3,
      stopped: false,
      stop_reason: null,
      pattern: { kind: 'even_purchase', amount: 100, currency: 'RUB', description: '' },
    };
    expect(repeatDraftOf(series)).toEqual({ frequency: 'weekly', interval: '2', end: 'count', until: '', count: '10' });
  });
});
