import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { byWeek, SpendingChart } from './SpendingChart';

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

describe('the spending chart', () => {
  it('keeps a single day’s bar a bar’s width and clear of the chart’s edge', () => {
    const { container } = render(
      <I18nextProvider i18n={createI18n('en')}>
        <SpendingChart days={[{ day: '2026-11-24', total: 120000, mine: 40000 }]} currency="RUB" locale="en" />
      </I18nextProvider>,
    );
    const svg = container.querySelector('svg')!;
    const width = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const bar = container.querySelector('rect')!;
    const [x, w] = [Number(bar.getAttribute('x')), Number(bar.getAttribute('width'))];
    // A slot is a fourteenth of the chart or less: the bar stays slim, not a block.
    expect(w / width).toBeLessThan(0.06);
    // At least half a slot of air after it.
    expect(width - (x + w)).toBeGreaterThanOrEqual(w * 0.5 + 0.15 * 10);
  });
});
