import { currencyExponent } from './currencies';
import { DomainError, type ErrorCode } from './errors';

/**
 * Money is an integer count of the currency's minor units (DESIGN §3): kopecks, cents, yen.
 * Every function here works on exact decimal digits (strings and BigInt), never on the binary
 * fraction a JS number would hold, so 0.1 + 0.2 never turns into a wrong kopeck.
 */

export type Locale = 'en' | 'ru';

/** Longest text a money field accepts (specification §5). */
export const MONEY_INPUT_MAX_LENGTH = 16;

const POW10: readonly bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

interface Decimal {
  /** The value is `units / 10^scale`. */
  units: bigint;
  scale: number;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Exact value of a decimal literal, including the exponent form `String(1e21)` produces. */
function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  if (int === '' && frac === '') return null;
  let scale = frac.length - Number(exp);
  let units = BigInt(`${int}${frac}` || '0');
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  // Trailing zeros say nothing about precision here: '1.50' is as good as '1.5' for cents.
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units: sign === '-' ? -units : units, scale };
}

function toSafeNumber(value: bigint): number | null {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(value);
}

/**
 * A JSON amount in major units (`1234.5`) to minor units. The number's shortest decimal form is
 * taken as what the sender meant, so `0.1 + 0.2` (0.30000000000000004) is refused rather than
 * silently rounded: the API promises at most the currency's decimals.
 */
export function toMinor(major: number, currency: string): number {
  const exponent = currencyExponent(currency);
  if (typeof major !== 'number' || !Number.isFinite(major)) throw new DomainError('amount_invalid', 'amount');
  const decimal = parseDecimal(String(major));
  if (!decimal || decimal.scale > exponent) throw new DomainError('amount_invalid', 'amount');
  const minor = toSafeNumber(decimal.units * pow10(exponent - decimal.scale));
  if (minor === null) throw new DomainError('amount_invalid', 'amount');
  return minor === 0 ? 0 : minor;
}

/** Exact decimal text of a minor amount, e.g. 123450 RUB → '1234.50', -5 RUB → '-0.05'. */
export function minorToDecimalString(minor: number, currency: string): string {
  assertMinor(minor);
  const exponent = currencyExponent(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const int = digits.slice(0, digits.length - exponent);
  const frac = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${int}${exponent > 0 ? `.${frac}` : ''}`;
}

/**
 * Minor units back to a JSON number in major units. The result is the double nearest the exact
 * decimal, which prints as that decimal for every amount below 10^15 minor units (the precision a
 * double carries); beyond that a JSON number cannot hold the exact amount anyway.
 */
export function fromMinor(minor: number, currency: string): number {
  const value = Number(minorToDecimalString(minor, currency));
  return value === 0 ? 0 : value;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new DomainError('amount_invalid', 'amount');
}

export type MoneyParseResult = { ok: true; minor: number } | { ok: false; code: ErrorCode };

export interface MoneyParseOptions {
  /** Accept a leading minus (deposits are entered positive; this is for corrections). */
  allowNegative?: boolean;
  /** Accept 0 (a comment carries no money); otherwise 0 is 'amount_too_small'. */
  allowZero?: boolean;
  /** Defaults to the specification's 16 characters. */
  maxLength?: number;
}

/** Space characters a pasted, formatted amount may carry as group separators ('1 234,50'). */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * What the user typed in a money field, to minor units (specification §5): digits with a dot or a
 * comma as the decimal separator, at most the currency's decimals, at most 16 characters. A
 * trailing separator ('12.') and a bare fraction (',5') are accepted, as people type them.
 */
export function parseMoneyInput(text: string, currency: string, opts: MoneyParseOptions = {}): MoneyParseResult {
  const exponent = currencyExponent(currency);
  const maxLength = opts.maxLength ?? MONEY_INPUT_MAX_LENGTH;
  let cleaned = text.replace(GROUP_SPACES, '');
  if (cleaned === '') return { ok: false, code: 'required_field' };
  let negative = false;
  if (cleaned.startsWith('-') || cleaned.startsWith('\u2212')) {
    if (!opts.allowNegative) return { ok: false, code: 'amount_invalid' };
    negative = true;
    cleaned = cleaned.slice(1);
  }
  if (looksGroupedByThousands(cleaned, exponent)) return { ok: false, code: 'amount_thousands' };
  if (cleaned.length > maxLength) return { ok: false, code: 'amount_invalid' };
  const m = /^(\d*)(?:[.,](\d*))?$/.exec(cleaned);
  if (!m) return { ok: false, code: 'amount_invalid' };
  const [, int = '', frac = ''] = m;
  if (int === '' && frac === '') return { ok: false, code: 'amount_invalid' };
  if (frac.length > exponent) return { ok: false, code: 'amount_decimals' };
  const units = BigInt(`${int || '0'}${frac.padEnd(exponent, '0')}`);
  const minor = toSafeNumber(negative ? -units : units);
  if (minor === null) return { ok: false, code: 'amount_invalid' };
  if (minor === 0 && !opts.allowZero) return { ok: false, code: 'amount_too_small' };
  return { ok: true, minor: minor === 0 ? 0 : minor };
}

/**
 * '3,000' or '1.000.000': digits in groups of three after a separator, the way thousands are written
 * in English or German. With a currency of two decimals it cannot be an amount as typed, and
 * reading the comma as decimal would make it a thousand times smaller, so it is refused with its
 * own question instead. A currency of three decimals (KWD) takes '3,000' as three; two groups
 * ('1,000,000') are thousands in any currency.
 */
export function looksGroupedByThousands(text: string, exponent: number): boolean {
  const m = /^\d{1,3}((?:[.,]\d{3})+)$/.exec(text);
  if (!m) return false;
  const groups = (m[1] ?? '').length / 4;
  return groups > 1 || exponent !== 3;
}

/** '3,000' → '3000': what a thousands-grouped text means, for the question that refuses it. */
export function ungroupedDigits(text: string): string {
  return text.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
}

/**
 * What a money text field keeps while the user types: digits, dots and commas, in the order typed;
 * anything else (letters, a minus, group spaces) is dropped. No typed digit is ever dropped, even
 * past the currency's decimals or a second separator: '3,000' must stay '3,000' so that the form
 * can ask whether three thousand was meant, never quietly become '3,00'. Leading zeros collapse
 * ('007' → '7') and a separator typed first becomes '0,'. parseMoneyInput says what is wrong with
 * what is kept.
 */
export function sanitizeMoneyInput(text: string): string {
  let kept = text.replace(/[^\d.,]/g, '');
  kept = kept.replace(/^0+(?=\d)/, '');
  if (/^[.,]/.test(kept)) kept = `0${kept}`;
  return kept;
}

export interface FormatMoneyOptions {
  /** Show '+' on positive amounts (balances), '-' always shows on negative ones. */
  sign?: boolean;
  /** Add the currency's sign, or its ISO code where it has no sign of its own ('1 234,50 ₽', '1 234,50 KZT'). */
  code?: boolean;
}

/** Specification §9: amounts are written the ru-RU way in both languages: '1 093,29'. */
const NUMBER_LOCALE = 'ru-RU';
const formatters = new Map<number, Intl.NumberFormat>();

/**
 * Currencies whose sign people read at a glance and that no other currency in the list shares:
 * '$' is only the US dollar's and '¥' only the yen's here; the Canadian dollar or the yuan keep
 * their codes rather than pass for them.
 */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  RUB: '₽',
  EUR: '€',
  USD: '$',
  GBP: '£',
  JPY: '¥',
  UAH: '₴',
  KZT: '₸',
  TRY: '₺',
  INR: '₹',
  ILS: '₪',
  KRW: '₩',
  GEL: '₾',
};

/** The currency as amounts show it: its sign where it has a common one, else its code. */
export function currencyMark(currency: string): string {
  return CURRENCY_SIGNS[currency] ?? currency;
}

/**
 * An amount for the screen: digits grouped by a no-break space (so an amount never wraps), a
 * decimal comma and exactly the currency's decimals, in both languages (§9: '1 093,29'), then the
 * currency's sign or code the ru-RU way ('1 093,29 ₽', '50,00 €', '1 000,00 KZT'). The exact decimal
 * string goes to Intl, not a double, so even the largest safe amount prints every digit. The
 * language does not change how an amount is written (§9); it stays a parameter for the callers.
 */
export function formatMoney(minor: number, currency: string, _locale: Locale, opts: FormatMoneyOptions = {}): string {
  const exponent = currencyExponent(currency);
  let formatter = formatters.get(exponent);
  if (!formatter) {
    formatter = new Intl.NumberFormat(NUMBER_LOCALE, {
      style: 'decimal',
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      signDisplay: 'never',
    });
    formatters.set(exponent, formatter);
  }
  const digits = formatter.format(minorToDecimalString(Math.abs(minor), currency) as Intl.StringNumericLiteral);
  const sign = minor < 0 ? '-' : opts.sign && minor > 0 ? '+' : '';
  if (!opts.code) return `${sign}${digits}`;
  return `${sign}${digits}\u00a0${currencyMark(currency)}`;
}

export type MoneyMessageType = 'accrual' | 'debit' | 'neutral';

/** Specification §3: positive is money owed to the viewer, negative is money the viewer owes. */
export function moneyMessageType(minor: number): MoneyMessageType {
  if (minor > 0) return 'accrual';
  if (minor < 0) return 'debit';
  return 'neutral';
}

/** An exact positive rational number. */
export interface Rational {
  num: bigint;
  den: bigint;
}

/**
 * An exchange rate: how many units of the quote currency one unit of the base currency is worth,
 * as a decimal string ('94.6663', the form the server stores) or an exact fraction (the Bank of
 * Russia quotes `value` per `nominal` units, e.g. { num: 163172n, den: 1000000n } for 100 KZT =
 * 16.3172 RUB). Both are exact; a JS number is refused because it is not.
 */
export type Rate = string | Rational;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

function reduce(num: bigint, den: bigint): Rational {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** A rate in lowest terms; throws 'rate_unavailable' unless it is a finite positive number. */
export function parseRate(rate: Rate): Rational {
  if (typeof rate === 'string') {
    const decimal = parseDecimal(rate.trim());
    if (!decimal || decimal.units <= 0n) throw new DomainError('rate_unavailable', 'rate');
    return reduce(decimal.units, pow10(decimal.scale));
  }
  if (typeof rate !== 'object' || rate === null || typeof rate.num !== 'bigint' || typeof rate.den !== 'bigint') {
    throw new DomainError('rate_unavailable', 'rate');
  }
  if (rate.den === 0n || rate.num === 0n || rate.num < 0n !== rate.den < 0n) {
    throw new DomainError('rate_unavailable', 'rate');
  }
  return reduce(rate.num, rate.den);
}

/** The reverse rate: quote per base becomes base per quote. */
export function invertRate(rate: Rate): Rational {
  const { num, den } = parseRate(rate);
  return { num: den, den: num };
}

/**
 * The rate between two currencies both quoted against a third (EUR for the ECB, RUB for the Bank
 * of Russia): given X per base and Y per base, the result is Y per X.
 */
export function crossRate(xPerBase: Rate, yPerBase: Rate): Rational {
  const x = parseRate(xPerBase);
  const y = parseRate(yPerBase);
  return reduce(y.num * x.den, y.den * x.num);
}

/** Shortest exact decimal of a rate when it has one, else rounded half away from zero. */
export function rateToString(rate: Rate, maxDecimals = 10): string {
  const { num, den } = parseRate(rate);
  for (let scale = 0; scale <= maxDecimals; scale++) {
    const scaled = num * pow10(scale);
    if (scaled % den === 0n) return decimalText(scaled / den, scale);
  }
  return decimalText(divideHalfAwayFromZero(num * pow10(maxDecimals), den), maxDecimals).replace(/\.?0+$/, '');
}

function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/** n / d rounded to the nearest integer, halves away from zero (1.5 → 2, -1.5 → -2). */
export function divideHalfAwayFromZero(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (2n * an + ad) / (2n * ad);
  return negative ? -q : q;
}

/** `minor` of `fromCurrency` in minor units of `toCurrency` at `rate`, exactly: minor × rate × 10^(to exponent − from exponent). */
export function convertedExactly(minor: number, fromCurrency: string, toCurrency: string, rate: Rate): Rational {
  const shift = currencyExponent(toCurrency) - currencyExponent(fromCurrency);
  const { num, den } = parseRate(rate);
  const n = BigInt(minor) * num;
  return shift >= 0 ? { num: n * pow10(shift), den } : { num: n, den: den * pow10(-shift) };
}

/**
 * An amount from one currency into another at `rate` (units of `toCurrency` per 1 `fromCurrency`).
 * Computed exactly as minor × rate × 10^(to exponent − from exponent) and rounded once, to the
 * nearest minor unit of the target, halves away from zero so that a refund converts to exactly the
 * negative of the payment it undoes.
 */
export function convertMinor(minor: number, fromCurrency: string, toCurrency: string, rate: Rate): number {
  assertMinor(minor);
  // An unknown currency is refused even against itself.
  currencyExponent(toCurrency);
  // A currency against itself is 1 by definition, whatever rate a caller happened to pass.
  if (fromCurrency === toCurrency) return minor;
  const { num, den } = convertedExactly(minor, fromCurrency, toCurrency, rate);
  const converted = toSafeNumber(divideHalfAwayFromZero(num, den));
  if (converted === null) throw new DomainError('amount_invalid', 'amount');
  return converted === 0 ? 0 : converted;
}
