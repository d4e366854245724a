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
export function SpendingChart({ days, currency, locale, mineLabel }: { days: DayPoint[]; currency: string; locale: Locale; mineLabel: string }) {
  const { t } = useTranslation('operations');
  if (days.length === 0) return null;
  const max = Math.max(1, ...days.map((d) => Math.max(d.total, d.mine)));
  const step = 10;
  const width = days.length * step;
  const h = (v: number) => (Math.max(0, v) / max) * 100;
  const top = days.reduce((a, b) => (b.total > a.total ? b : a), days[0]!);
  const summary = t('share.chartSummary', { days: days.length, max: moneyMinor(top.total, currency, locale), day: shortDay(top.day, locale) });
  const labels = days.length <= 2 ? days : [days[0]!, days[Math.floor((days.length - 1) / 2)]!, days[days.length - 1]!];
  const unique = labels.filter((d, i) => labels.findIndex((x) => x.day === d.day) === i);

  return (
    <figure className={styles.chart} data-testid="spending-chart">
      <figcaption className={styles.chartHead}>
        <span className={styles.chartTitle}>{t('share.byDay')}</span>
        <span className={styles.legend}>
          <span className={styles.legendTotal}>{t('share.legendTotal')}</span>
          <span className={styles.legendMine}>{mineLabel}</span>
        </span>
      </figcaption>
      <div className={styles.plot}>
        <span className={`${styles.yMax} amount`}>{moneyMinor(max, currency, locale, { code: false })}</span>
        <svg className={styles.svg} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-label={summary}>
          <line x1="0" x2={width} y1="100" y2="100" className={styles.axis} vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={width} y1="0" y2="0" className={styles.grid} vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={width} y1="50" y2="50" className={styles.grid} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const x = i * step + step * 0.15;
            const w = step * 0.7;
            return (
              <g key={d.day}>
                <title>
                  {t('share.dayTotal', { day: shortDay(d.day, locale), total: moneyMinor(d.total, currency, locale), mine: moneyMinor(d.mine, currency, locale) })}
                </title>
                <rect x={x} width={w} y={100 - h(d.total)} height={h(d.total)} className={styles.barTotal} />
                <rect x={x + w * 0.2} width={w * 0.6} y={100 - h(d.mine)} height={h(d.mine)} className={styles.barMine} />
              </g>
            );
          })}
        </svg>
        <div className={styles.xLabels} aria-hidden="true">
          {unique.map((d) => (
            <span key={d.day}>{shortDay(d.day, locale)}</span>
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
