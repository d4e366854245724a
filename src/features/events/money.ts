import { formatMoney, moneyMessageType, toMinor, type Locale, type MoneyMessageType } from '@common/money';

export { localeOf } from '@/lib/format';

/**
 * An API amount (major units, DESIGN §3) for the screen: exact through minor units, never float
 * arithmetic. A malformed amount shows as a dash rather than a wrong number. With `magnitude` the
 * text has no sign: for a balance beside words that already say which way it goes ('owes',
 * 'is owed'), where a minus would make 'owes -300' read as its opposite.
 */
export function moneyView(
  amount: number,
  currency: string,
  locale: Locale,
  { magnitude = false }: { magnitude?: boolean } = {},
): { text: string; type: MoneyMessageType; minor: number } | null {
  try {
    const minor = toMinor(amount, currency);
    const text = magnitude ? formatMoney(Math.abs(minor), currency, locale, { code: true }) : formatMoney(minor, currency, locale, { sign: true, code: true });
    return { text, type: moneyMessageType(minor), minor };
  } catch {
    return null;
  }
}
