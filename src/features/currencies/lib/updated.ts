import dayjs, { type Dayjs } from 'dayjs';
import calendar from 'dayjs/plugin/calendar';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import 'dayjs/locale/ru';

dayjs.extend(utc);
dayjs.extend(calendar);
dayjs.extend(localizedFormat);

/** '31 декабря 2025 г.' / 'December 31, 2025', of a date taken in UTC. */
export function longDate(date: string, language: string): string {
  return dayjs
    .utc(date)
    .locale(language.startsWith('ru') ? 'ru' : 'en')
    .format('LL');
}

/**
 * A currency whose own rate is this much older than the newest one is one the banks stopped
 * quoting (the Bulgarian lev since the euro): its rate is shown with its date.
 */
export const STALE_RATE_DAYS = 30;

export function isStaleRate(rateDate: string, newest: string | null): boolean {
  return newest !== null && dayjs.utc(newest).diff(dayjs.utc(rateDate), 'day') > STALE_RATE_DAYS;
}

/**
 * The rates window's 'updated' line (specification §9): a rate date 6 days old or less in the
 * relative calendar form ('Updated today', 'Updated yesterday', 'Updated on Friday'), an older one
 * as a long date ('Updated on April 10, 2026'). Both the date and today are taken in UTC, so a
 * reader west or east of Greenwich sees the same day the banks published. A date after today
 * (the Bank of Russia dates its rates by the day they take effect, often tomorrow) reads as today.
 */
export function updatedText(t: TFunction, lastUpdated: string, language: string, now: Dayjs = dayjs.utc()): string {
  const date = dayjs.utc(lastUpdated);
  if (!date.isValid()) return '';
  const lang = language.startsWith('ru') ? 'ru' : 'en';
  const today = () => t('currencies:updated.today');
  return date.locale(lang).calendar(now, {
    sameDay: today,
    nextDay: today,
    nextWeek: today,
    lastDay: () => t('currencies:updated.yesterday'),
    lastWeek: () => t(`currencies:updated.weekday${date.day()}`),
    sameElse: () => t('currencies:updated.date', { date: date.locale(lang).format('LL') }),
  } as Record<string, unknown>);
}
