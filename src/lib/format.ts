import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type FormatMoneyOptions, type Locale } from '@common/money';

/** The number format of the interface language: en-US for English, ru-RU for Russian (§9). */
export function localeOf(language: string | undefined): Locale {
  return language?.startsWith('ru') ? 'ru' : 'en';
}

export function useLocale(): Locale {
  return localeOf(useTranslation().i18n.language);
}

const rateFormatters = new Map<Locale, Intl.NumberFormat>();

/** An exchange rate for the screen: exactly 2 decimals (§9), grouped, in the reader's number format. */
export function formatRate(value: number, locale: Locale): string {
  let formatter = rateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    rateFormatters.set(locale, formatter);
  }
  return formatter.format(value);
}

/** A whole count for the screen ('100,000' / '100 000'): the units an exchange rate is quoted for. */
export function formatUnits(units: number, locale: Locale): string {
  return units.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 0 });
}

/** formatMoney (common/money.ts) bound to the interface language, for components. */
export function useFormatMoney(): (minor: number, currency: string, opts?: FormatMoneyOptions) => string {
  const locale = useLocale();
  return useCallback((minor, currency, opts) => formatMoney(minor, currency, locale, opts), [locale]);
}
