import { formatMoney, moneyMessageType, toMinor, type Locale, type MoneyMessageType } from '@common/money';

export function localeOf(language: string | undefined): Locale {
  return language?.startsWith('ru') ? 'ru' : 'en';
}

/**
 * An API amount (major units, DESIGN §3) for the screen: exact through minor units, never float
 * arithmetic. A malformed amount shows as a dash rather than a wrong number.
 */
export function moneyView(amount: number, currency: string, locale: Locale): { text: string; type: MoneyMessageType; minor: number } | null {
  try {
    const minor = toMinor(amount, currency);
    return { text: formatMoney(minor, currency, locale, { sign: true, code: true }), type: moneyMessageType(minor), minor };
  } catch {
    return null;
  }
}
