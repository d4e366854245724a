import { describe, expect, it } from 'vitest';
import { byWeek } from './SpendingChart';

describe('spending by week', () => {
  it('sums days into weeks that start on Monday', () => {
    // 2026-11-16 is a Monday; the 22nd a Sunday; the 23rd the next Monday.
    expect(
      byWeek([
        { day: '2026-11-16', total: 100, mine: 10 },
        { day: '2026-11-22', total: 50, mine: 5 },
        { day: '2026-11-23', total: 7, mine: 0 },
      ]),
    ).toEqual([
      { day: '2026-11-16', total: 150, mine: 15 },
      { day: '2026-11-23', total: 7, mine: 0 },
    ]);
  });
});
