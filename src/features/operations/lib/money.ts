import { formatMoney, moneyMessageType, toMinor, type Locale, type MoneyMessageType } from '@common/money';

export { localeOf } from '@/lib/format';

/** An API amount (major units) in minor units; null for a malformed one rather than a wrong number. */
export function minorOf(amount: number, currency: string): number | null {
  try {
    return toMinor(amount, currency);
  } catch {
    return null;
  }
}

export interface MoneyText {
  text: string;
  type: MoneyMessageType;
  minor: number;
}

/** An API amount for the screen, exact through minor units ('RUB 1,234.50', '1 234,50 RUB'). */
export function money(amount: number, currency: string, locale: Locale, opts: { sign?: boolean; code?: boolean } = {}): MoneyText | null {
  const minor = minorOf(amount, currency);
  if (minor === null) return null;
  return { text: formatMoney(minor, currency, locale, { code: opts.code ?? true, sign: opts.sign ?? false }), type: moneyMessageType(minor), minor };
}

/** Minor units for the screen. */
export function moneyMinor(minor: number, currency: string, locale: Locale, opts: { sign?: boolean; code?: boolean } = {}): string {
  return formatMoney(minor, currency, locale, { code: opts.code ?? true, sign: opts.sign ?? false });
}
