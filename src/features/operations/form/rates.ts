import type { CurrencyObject } from '@common/contract/currency';
import { convertMinor, parseRate, type Rational } from '@common/money';

/**
 * Units of `to` per 1 `from`, from the currency list (each exchange_rate says `units` of a currency
 * are worth `value` of the user's currency). Exact fractions all the way; null when either
 * currency has no rate.
 */
export function crossRateOf(items: readonly CurrencyObject[], base: string | null, from: string, to: string): Rational | null {
  const perUnit = (code: string): Rational | null => {
    if (code === base) return { num: 1n, den: 1n };
    const item = items.find((c) => c.currency === code);
    if (!item) return null;
    const [units, value] = item.exchange_rate;
    try {
      const v = parseRate(String(value));
      return { num: v.num, den: v.den * BigInt(units) };
    } catch {
      return null;
    }
  };
  const f = perUnit(from);
  const t = perUnit(to);
  if (!f || !t) return null;
  return { num: f.num * t.den, den: f.den * t.num };
}

/** An approximate conversion for a hint beside the amount; the server prices the operation itself. */
export function approximateMinor(minor: number, from: string, to: string, rate: Rational | null): number | null {
  if (!rate) return null;
  try {
    return convertMinor(minor, from, to, rate);
  } catch {
    return null;
  }
}
