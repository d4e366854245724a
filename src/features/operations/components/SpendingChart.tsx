import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@common/money';
import { moneyMinor } from '../lib/money';
import styles from './MyShare.module.css';

export interface DayPoint {
  day: string;
  total: number;
  mine: number;
}

const MIN_SLOTS = 14;
const WEEKLY_AFTER_DAYS = 60;

/** Days summed into weeks starting on Monday, each labelled by its Monday (YYYY-MM-DD). */
export function byWeek(days: readonly DayPoint[]): DayPoint[] {
  const weeks = new Map<string, DayPoint>();
  for (const d of days) {
    const date = new Date(`${d.day}T00:00:00Z`);
    const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    const w = weeks.get(monday) ?? { day: monday, total: 0, mine: 0 };
    w.total += d.total;
    w.mine += d.mine;
    weeks.set(monday, w);
  }
  return [...weeks.values()];
}

const dayFormat = new Map<Locale, Intl.DateTimeFormat>();
function shortDay(day: string, locale: Locale): string {
  let f = dayFormat.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormat.set(locale, f);
  }
  return f.format(new Date(`${day}T00:00:00Z`));
}

/**
 * Spending by day as bars: everyone's spending behind, the viewer's part in front. Hand-written
 * SVG (stretched to the width, no text inside so nothing distorts) with HTML labels around it; a
 * chart library would cost more than this whole tab.
 */
export function SpendingChart({ days: daily, currency, locale, family = false }: { days: DayPoint[]; currency: string; locale: Locale; family?: boolean }) {
  const { t } = useTranslation('operations');
  if (daily.length === 0) return null;
  // A long history reads better by week: a year of days would be hair-thin bars.
  const weekly = daily.length > WEEKLY_AFTER_DAYS;
  const days = weekly ? byWeek(daily) : daily;
  const max = Math.max(1, ...days.map((d) => Math.max(d.total, d.mine)));
  const step = 10;
  // At least two weeks of room, so a few days read as bars rather than blocks; the latest day is
  // always at the right edge, as on a timeline.
  const slots = Math.max(days.length, MIN_SLOTS);
  const offset = slots - days.length;
  // Half a slot of air at each end, so the latest day's bar does not touch the chart's edge.
  const pad = step / 2;
  const width = slots * step + 2 * pad;
  const h = (v: number) => (Math.max(0, v) / max) * 100;
  const top = daily.reduce((a, b) => (b.total > a.total ? b : a), daily[0]!);
  const summary = t('share.chartSummary', { days: daily.length, max: moneyMinor(top.total, currency, locale), day: shortDay(top.day, locale) });
  const picks = days.length <= 2 ? days.map((_, i) => i) : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  const labels = [...new Set(picks)].map((i) => ({ day: days[i]!.day, pct: ((pad + (offset + i) * step + step / 2) / width) * 100 }));

  return (
    <figure className={styles.chart} data-testid="spending-chart">
      <figcaption className={styles.chartHead}>
        <span className={styles.chartTitle}>{weekly ? t('share.byWeek') : t('share.byDay')}</span>
        <span className={styles.legend}>
          <span className={styles.legendTotal}>{t('share.legendTotal')}</span>
          <span className={styles.legendMine}>{family ? t('share.legendFamily') : t('share.legendMine')}</span>
        </span>
      </figcaption>
      <div className={styles.plot}>
        <span className={`${styles.yMax} amount`}>{moneyMinor(max, currency, locale, { code: false })}</span>
        <svg className={styles.svg} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-label={summary}>
          <line x1="0" x2={width} y1="100" y2="100" className={styles.axis} vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={width} y1="0" y2="0" className={styles.grid} vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={width} y1="50" y2="50" className={styles.grid} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const x = pad + (offset + i) * step + step * 0.15;
            const w = step * 0.7;
            return (
              <g key={d.day}>
                <title>
                  {t(family ? 'share.dayTotalFamily' : 'share.dayTotal', {
                    day: shortDay(d.day, locale),
                    total: moneyMinor(d.total, currency, locale),
                    mine: moneyMinor(d.mine, currency, locale),
                  })}
                </title>
                <rect x={x} width={w} y={100 - h(d.total)} height={h(d.total)} className={styles.barTotal} />
                <rect x={x + w * 0.2} width={w * 0.6} y={100 - h(d.mine)} height={h(d.mine)} className={styles.barMine} />
              </g>
            );
          })}
        </svg>
        <div className={styles.xLabels} aria-hidden="true">
          {labels.map((l) => (
            <span key={l.day} style={{ left: `${l.pct}%` }} data-edge={l.pct > 85 ? 'end' : l.pct < 15 ? 'start' : undefined}>
              {shortDay(l.day, locale)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}

export interface PersonBar {
  uid: number;
  name: string;
  share: number;
  highlighted: boolean;
  avatar: ReactNode;
}

/** Everyone's share of the spending as a ranked bar list, the viewer (or their family) highlighted. */
export function PersonBars({ people, currency, locale }: { people: PersonBar[]; currency: string; locale: Locale }) {
  const { t } = useTranslation('operations');
  const max = Math.max(1, ...people.map((p) => p.share));
  return (
    <figure className={styles.chart} data-testid="person-bars">
      <figcaption className={styles.chartHead}>
        <span className={styles.chartTitle}>{t('share.byPerson')}</span>
      </figcaption>
      <ul className={styles.bars}>
        {people.map((p) => (
          <li key={p.uid} className={styles.barRow} data-highlighted={p.highlighted || undefined} data-testid="person-bar">
            {p.avatar}
            <span className={styles.barName} data-part="name">
              {p.name}
            </span>
            <span className={`${styles.barAmount} amount`} data-part="amount">
              {moneyMinor(p.share, currency, locale)}
            </span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.barFill} style={{ width: `${(Math.max(0, p.share) / max) * 100}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
