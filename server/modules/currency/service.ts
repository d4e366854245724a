import { CURRENCIES, currencyName, isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { convertMinor, crossRate, fromMinor, rateToString, type Rational } from '../../../common/money';
import type { Queryable } from '../../db/client';
import { getMeta } from '../../db/meta';
import { latestRates, rateNear, ratedCurrencies, RATES_LAST_UPDATED, type DatedRate } from './repository';

/** Decimal places of a frozen operation rate: the `operations.rate` column's scale. */
export const FROZEN_RATE_DECIMALS = 12;

const EUR_RATE: DatedRate = { perEur: '1', date: '' };

export interface FrozenRate {
  /** Units of `to` per 1 `from`, as stored on the operation. */
  rate: string;
  /** The older of the two rate dates used; null when no conversion was needed. */
  rateDate: string | null;
}

async function perEurNear(db: Queryable, currency: string, date: string): Promise<DatedRate> {
  if (currency === 'EUR') return EUR_RATE;
  const found = await rateNear(db, currency, date);
  if (!found) throw new DomainError('rate_unavailable', 'currency');
  return found;
}

function olderDate(a: string, b: string): string | null {
  if (!a) return b || null;
  if (!b) return a;
  return a < b ? a : b;
}

/**
 * The rate to freeze on an operation dated `date` (YYYY-MM-DD): each currency's latest rate on
 * or before that day (or its earliest one after, when its history starts later), crossed through
 * EUR. The rate is rounded to the stored scale first and the amount converted with that stored
 * value, so an operation can always be recomputed from what it keeps.
 */
export async function rateForDate(db: Queryable, from: string, to: string, date: string): Promise<FrozenRate> {
  if (from === to) return { rate: '1', rateDate: null };
  const [f, t] = await Promise.all([perEurNear(db, from, date), perEurNear(db, to, date)]);
  return { rate: rateToString(crossRate(f.perEur, t.perEur), FROZEN_RATE_DECIMALS), rateDate: olderDate(f.date, t.date) };
}

export interface CrossRate {
  from: string;
  to: string;
  /** The day asked for. */
  date: string;
  /** Units of `to` per 1 `from`, 12 decimals at most. */
  rate: string;
  /** The older of the two rate dates used: the asked day, an earlier one (weekend, holiday), or a later one before a history starts. */
  rate_date: string | null;
}

/** GET /currency/rate/: the rate an operation dated `date` would be converted at, and the date it comes from. */
export async function crossRateOn(db: Queryable, from: string, to: string, date: string): Promise<CrossRate> {
  for (const code of [from, to]) if (!isCurrencyCode(code)) throw new DomainError('currency_unknown', code === from ? 'from' : 'to');
  const frozen = await rateForDate(db, from, to, date);
  return { from, to, date, rate: frozen.rate, rate_date: frozen.rateDate };
}

/** Amounts shown as they are kept, in their own currency. */
const asKept = (currency: string): DisplayConversion => ({ currency, approximate: false, major: (m) => fromMinor(m, currency), minor: (m) => m });

export interface DisplayConversion {
  currency: string;
  approximate: boolean;
  /** Minor units of the source currency to a JSON number in the display currency. */
  major(minor: number): number;
  /** Minor units of the source currency to minor units of the display currency. */
  minor(minor: number): number;
}

/**
 * Amounts of `from` shown in `to` at the latest rates (DESIGN §3: display only, never stored,
 * marked approximate). Without a `to`, or with the same currency, amounts are shown as they are.
 */
export async function displayConversion(db: Queryable, from: string, to: string | undefined): Promise<DisplayConversion> {
  if (!to || to === from) return asKept(from);
  if (!isCurrencyCode(to)) throw new DomainError('currency_unknown', 'currency');
  const latest = await latestRates(
    db,
    [from, to].filter((c) => c !== 'EUR'),
  );
  const fromPerEur = from === 'EUR' ? '1' : latest.get(from)?.perEur;
  const toPerEur = to === 'EUR' ? '1' : latest.get(to)?.perEur;
  if (!fromPerEur || !toPerEur) throw new DomainError('rate_unavailable', 'currency');
  const rate: Rational = crossRate(fromPerEur, toPerEur);
  const minor = (m: number) => convertMinor(m, from, to, rate);
  return { currency: to, approximate: true, minor, major: (m) => fromMinor(minor(m), to) };
}

/**
 * An answer built in the display currency asked for, or, when one of its figures cannot be shown
 * there (past what a number holds exactly once converted), in `from` as the figures are kept: one
 * large operation anyone in an event may write must not fail everyone's screen in some currencies.
 * The answer says which currency it is in.
 */
export async function shownIn<T>(db: Queryable, from: string, to: string | undefined, answer: (conv: DisplayConversion) => T | Promise<T>): Promise<T> {
  return shownOrKept(await displayConversion(db, from, to), from, answer);
}

/** `answer` in `conv`, or in `kept`, the currency the figures are kept in, when one cannot be shown in `conv` (shownIn). */
export async function shownOrKept<T>(conv: DisplayConversion, kept: string, answer: (conv: DisplayConversion) => T | Promise<T>): Promise<T> {
  try {
    return await answer(conv);
  } catch (err) {
    if (!conv.approximate || !(err instanceof DomainError) || err.code !== 'amount_invalid') throw err;
    return answer(asKept(kept));
  }
}

/**
 * The fewest of 1, 10, 100 or 1000 units worth at least 1 of the base, so that 2 decimals show
 * the rate to at least 3 figures. The few currencies where even 1000 units are worth less (1000
 * VND or IRR against EUR or USD) go on by tens: '1000 VND = 0.03 EUR' would be off by a sixth.
 */
export function displayUnits(rate: Rational): number {
  let units = 1n;
  while (rate.num * units < rate.den && units < 10n ** 9n) units *= 10n;
  return Number(units);
}

export interface CurrencyList {
  last_updated: string | null;
  base: string;
  objects: { id: number; currency: string; cur_description: string; exchange_rate: [number, number]; last_updated: string }[];
}

/**
 * GET /currency/: every currency the ledger can convert (those with a rate, and EUR), with
 * `[units, value]` in the caller's currency at the latest rates.
 */
export async function listCurrencies(db: Queryable, userCurrency: string, locale: 'en' | 'ru'): Promise<CurrencyList> {
  const codes = await ratedCurrencies(db);
  const latest = await latestRates(db, codes);
  const lastUpdated = await getMeta(db, RATES_LAST_UPDATED);
  // A caller whose currency has no rate (one chosen before its source stopped) still gets every
  // currency, in euros, rather than an empty list; `base` says which.
  const base = userCurrency === 'EUR' || latest.has(userCurrency) ? userCurrency : 'EUR';
  const basePerEur = base === 'EUR' ? EUR_RATE : latest.get(base);
  const known = new Set(['EUR', ...codes]);
  const objects: CurrencyList['objects'] = [];
  CURRENCIES.forEach((c, index) => {
    if (!known.has(c.code)) return;
    const own = c.code === 'EUR' ? EUR_RATE : latest.get(c.code);
    if (!own) return;
    let exchange: [number, number] = [1, 1];
    let date = olderDate(own.date, basePerEur?.date ?? '') ?? lastUpdated ?? '';
    if (c.code !== base) {
      if (!basePerEur) {
        // The caller's currency has no rate: nothing can be expressed in it.
        return;
      }
      const rate = crossRate(own.perEur, basePerEur.perEur);
      const units = displayUnits(rate);
      const value = Number(rateToString({ num: rate.num * BigInt(units), den: rate.den }, 4));
      exchange = [units, value];
    } else {
      date = own.date || lastUpdated || '';
    }
    // The position in the ISO list: stable for a given release; clients key by `currency`.
    objects.push({ id: index + 1, currency: c.code, cur_description: currencyName(c.code, locale), exchange_rate: exchange, last_updated: date });
  });
  return { last_updated: lastUpdated, base, objects };
}
