import type { TFunction } from 'i18next';
import type { Recurrence } from '@common/contract/recurrences';
import { dayText } from '../details/history-text';
import type { Locale } from '@common/money';

/** A local day (YYYY-MM-DD) as the language writes it, whatever this browser's time zone. */
export function localDayText(day: string, locale: Locale): string {
  return dayText(`${day}T12:00:00`, locale);
}

/** 'Every 2 months, until 31 December 2027' / 'Каждый месяц, 12 раз'. */
export function ruleText(t: TFunction<'operations'>, series: Pick<Recurrence, 'frequency' | 'interval' | 'until' | 'count'>, locale: Locale): string {
  const every = series.interval === 1 ? t(`repeat.rules.${series.frequency}`) : t(`repeat.rulesEvery.${series.frequency}`, { count: series.interval });
  if (series.until) return `${every}, ${t('repeat.untilDay', { date: localDayText(series.until, locale) })}`;
  if (series.count) return `${every}, ${t('repeat.countTotal', { count: series.count })}`;
  return every;
}
