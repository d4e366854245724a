import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  convertMinor,
  crossRate,
  divideHalfAwayFromZero,
  formatMoney,
  fromMinor,
  invertRate,
  minorToDecimalString,
  moneyMessageType,
  parseMoneyInput,
  parseRate,
  rateToString,
  sanitizeMoneyInput,
  ungroupedDigits,
  toMinor,
} from './money';

const code = (c: string) => expect.objectContaining({ code: c });
const NBSP = '\u00a0';

describe('toMinor / fromMinor', () => {
  it('converts major units to minor units exactly', () => {
    expect(toMinor(1234.5, 'RUB')).toBe(123450);
    expect(toMinor(0.8, 'RUB')).toBe(80);
    expect(toMinor(19.99, 'RUB')).toBe(1999);
    expect(toMinor(1.1, 'RUB')).toBe(110);
    expect(toMinor(-12.34, 'EUR')).toBe(-1234);
    expect(toMinor(0, 'RUB')).toBe(0);
    expect(Object.is(toMinor(-0, 'RUB'), 0)).toBe(true);
  });

  it('refuses more decimals than the currency has', () => {
    // Float arithmetic residue is more decimals, not a kopeck: the client must send what it means.
    expect(() => toMinor(0.1 + 0.2, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(0.1 + 0.7, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(1.005, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(1.5, 'JPY')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(1.2345, 'KWD')).toThrowError(code('amount_invalid'));
  });

  it('refuses what is not a finite safe amount', () => {
    expect(() => toMinor(Number.NaN, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(Infinity, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(1e21, 'JPY')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(Number.MAX_SAFE_INTEGER, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor('12' as unknown as number, 'RUB')).toThrowError(code('amount_invalid'));
    expect(() => toMinor(1, 'XXX')).toThrowError(code('currency_unknown'));
  });

  it('handles JPY (no decimals) and KWD (three)', () => {
    expect(toMinor(1234, 'JPY')).toBe(1234);
    expect(fromMinor(1234, 'JPY')).toBe(1234);
    expect(toMinor(1.234, 'KWD')).toBe(1234);
    expect(toMinor(0.001, 'KWD')).toBe(1);
    expect(fromMinor(1234, 'KWD')).toBe(1.234);
    expect(fromMinor(5, 'KWD')).toBe(0.005);
  });

  it('gives back the major amount', () => {
    expect(fromMinor(123450, 'RUB')).toBe(1234.5);
    expect(fromMinor(-5, 'RUB')).toBe(-0.05);
    expect(Object.is(fromMinor(0, 'RUB'), 0)).toBe(true);
    expect(minorToDecimalString(-5, 'RUB')).toBe('-0.05');
    expect(minorToDecimalString(123450, 'RUB')).toBe('1234.50');
    expect(minorToDecimalString(7, 'JPY')).toBe('7');
    expect(minorToDecimalString(7, 'KWD')).toBe('0.007');
    expect(() => fromMinor(0.5, 'RUB')).toThrowError(code('amount_invalid'));
  });

  it('round-trips every amount a JSON number carries exactly', () => {
    for (const currency of ['RUB', 'JPY', 'KWD']) {
      fc.assert(
        fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (minor) => {
          expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
        }),
      );
    }
  });
});

describe('parseMoneyInput', () => {
  it('accepts digits with a dot or a comma', () => {
    expect(parseMoneyInput('1234.5', 'RUB')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('1234,56', 'RUB')).toEqual({ ok: true, minor: 123456 });
    expect(parseMoneyInput('0,01', 'RUB')).toEqual({ ok: true, minor: 1 });
    expect(parseMoneyInput('12.', 'RUB')).toEqual({ ok: true, minor: 1200 });
    expect(parseMoneyInput(',5', 'RUB')).toEqual({ ok: true, minor: 50 });
    expect(parseMoneyInput(' 1 234,50 ', 'RUB')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput(`1${NBSP}234,50`, 'RUB')).toEqual({ ok: true, minor: 123450 });
  });

  it('allows at most the currency decimals', () => {
    expect(parseMoneyInput('1.2345', 'RUB')).toEqual({ ok: false, code: 'amount_decimals' });
    expect(parseMoneyInput('1.5', 'JPY')).toEqual({ ok: false, code: 'amount_decimals' });
    expect(parseMoneyInput('1500', 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(parseMoneyInput('1,234', 'KWD')).toEqual({ ok: true, minor: 1234 });
    expect(parseMoneyInput('1,2345', 'KWD')).toEqual({ ok: false, code: 'amount_decimals' });
  });

  it('asks about a comma or dot before groups of three digits instead of reading it as decimals', () => {
    expect(parseMoneyInput('3,000', 'RUB')).toEqual({ ok: false, code: 'amount_thousands' });
    expect(parseMoneyInput('1.234', 'RUB')).toEqual({ ok: false, code: 'amount_thousands' });
    expect(parseMoneyInput('12,500', 'EUR')).toEqual({ ok: false, code: 'amount_thousands' });
    expect(parseMoneyInput('1,000,000', 'RUB')).toEqual({ ok: false, code: 'amount_thousands' });
    expect(parseMoneyInput('1.000.000', 'KWD')).toEqual({ ok: false, code: 'amount_thousands' });
    expect(parseMoneyInput('3,000', 'JPY')).toEqual({ ok: false, code: 'amount_thousands' });
    // Not thousands: a group of other than three digits, or four digits before the separator.
    expect(parseMoneyInput('3,00', 'RUB')).toEqual({ ok: true, minor: 300 });
    expect(parseMoneyInput('1234,567', 'RUB')).toEqual({ ok: false, code: 'amount_decimals' });
    expect(ungroupedDigits('1,000,000')).toBe('1000000');
    expect(ungroupedDigits('0.500')).toBe('500');
  });

  it('allows at most 16 characters', () => {
    expect(parseMoneyInput('1234567890123.45', 'RUB')).toEqual({ ok: true, minor: 123456789012345 });
    expect(parseMoneyInput('12345678901234.56', 'RUB')).toEqual({ ok: false, code: 'amount_invalid' });
    expect(parseMoneyInput('9999999999999999', 'JPY')).toEqual({ ok: false, code: 'amount_invalid' });
  });

  it('refuses anything else', () => {
    for (const text of ['abc', '1.2.3', '1,2,3', '1e5', '0x10', '+5', '-5', '.', ',', '1.-', '١٢']) {
      expect(parseMoneyInput(text, 'RUB'), text).toEqual({ ok: false, code: 'amount_invalid' });
    }
    expect(parseMoneyInput('', 'RUB')).toEqual({ ok: false, code: 'required_field' });
    expect(parseMoneyInput('   ', 'RUB')).toEqual({ ok: false, code: 'required_field' });
    expect(parseMoneyInput('0', 'RUB')).toEqual({ ok: false, code: 'amount_too_small' });
    expect(parseMoneyInput('0,00', 'RUB')).toEqual({ ok: false, code: 'amount_too_small' });
  });

  it('takes zero and negatives only when asked', () => {
    expect(parseMoneyInput('0', 'RUB', { allowZero: true })).toEqual({ ok: true, minor: 0 });
    expect(parseMoneyInput('-12,5', 'RUB', { allowNegative: true })).toEqual({ ok: true, minor: -1250 });
    expect(parseMoneyInput('−3', 'RUB', { allowNegative: true })).toEqual({ ok: true, minor: -300 });
  });

  it('reads back every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 13 }), fc.constantFrom('RUB', 'JPY', 'KWD'), fc.constantFrom('en', 'ru'), (minor, currency, locale) => {
        const shown = formatMoney(minor, currency, locale as 'en' | 'ru');
        expect(parseMoneyInput(shown, currency)).toEqual({ ok: true, minor });
      }),
    );
  });
});

describe('sanitizeMoneyInput', () => {
  it('keeps what a money field may hold while typing', () => {
    expect(sanitizeMoneyInput('12a3,456')).toBe('123,456');
    expect(sanitizeMoneyInput('3,000')).toBe('3,000');
    expect(sanitizeMoneyInput('1.2.3')).toBe('1.2.3');
    expect(sanitizeMoneyInput('007')).toBe('7');
    expect(sanitizeMoneyInput('0')).toBe('0');
    expect(sanitizeMoneyInput('0,5')).toBe('0,5');
    expect(sanitizeMoneyInput(',5')).toBe('0,5');
    expect(sanitizeMoneyInput('-1 234')).toBe('1234');
    expect(sanitizeMoneyInput('12,5')).toBe('12,5');
    expect(sanitizeMoneyInput('12345678901234567890')).toBe('12345678901234567890');
    expect(sanitizeMoneyInput('')).toBe('');
  });

  it('never drops a typed digit, and what it keeps is either an amount or refused with a reason', () => {
    const currencies = ['RUB', 'JPY', 'KWD'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', '.', ',', 'a', ' ', '-') }), fc.constantFrom(...currencies), (text, currency) => {
        const kept = sanitizeMoneyInput(text);
        const digits = (s: string) => s.replace(/\D/g, '').replace(/^0+/, '');
        expect(digits(kept)).toBe(digits(text));
        expect(sanitizeMoneyInput(kept)).toBe(kept);
        if (kept !== '') {
          const result = parseMoneyInput(kept, currency, { allowZero: true });
          if (!result.ok) expect(['amount_invalid', 'amount_decimals', 'amount_thousands']).toContain(result.code);
        }
      }),
    );
  });
});

describe('formatMoney', () => {
  it('uses the ru-RU number format in both languages (§9: 1 093,29), with the currency decimals', () => {
    expect(formatMoney(109329, 'RUB', 'ru')).toBe(`1${NBSP}093,29`);
    expect(formatMoney(109329, 'RUB', 'en')).toBe(`1${NBSP}093,29`);
    expect(formatMoney(-5, 'RUB', 'en')).toBe('-0,05');
    expect(formatMoney(0, 'RUB', 'ru')).toBe('0,00');
    expect(formatMoney(1234, 'JPY', 'en')).toBe(`1${NBSP}234`);
    expect(formatMoney(1234, 'KWD', 'en')).toBe('1,234');
    // IDR has two decimals in ISO 4217 even though CLDR shows none: the ledger's view wins.
    expect(formatMoney(150, 'IDR', 'en')).toBe('1,50');
  });

  it('shows a sign and the code on request', () => {
    expect(formatMoney(123450, 'RUB', 'ru', { sign: true })).toBe(`+1${NBSP}234,50`);
    expect(formatMoney(-123450, 'RUB', 'ru', { sign: true })).toBe(`-1${NBSP}234,50`);
    expect(formatMoney(0, 'RUB', 'en', { sign: true })).toBe('0,00');
    expect(formatMoney(123450, 'RUB', 'ru', { code: true })).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formatMoney(123450, 'USD', 'en', { code: true })).toBe(`1${NBSP}234,50${NBSP}$`);
    expect(formatMoney(-100, 'EUR', 'en', { code: true, sign: true })).toBe(`-1,00${NBSP}€`);
    // The same in both languages (§9); a currency without a sign of its own, or sharing one, keeps its code.
    expect(formatMoney(123450, 'RUB', 'en', { code: true })).toBe(formatMoney(123450, 'RUB', 'ru', { code: true }));
    expect(formatMoney(5000, 'CHF', 'en', { code: true })).toBe(`50,00${NBSP}CHF`);
    expect(formatMoney(5000, 'CAD', 'ru', { code: true })).toBe(`50,00${NBSP}CAD`);
    expect(formatMoney(1234, 'KWD', 'ru', { code: true })).toBe(`1,234${NBSP}KWD`);
  });

  it('prints every digit of the largest amounts', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'RUB', 'en').replace(/\u00a0/g, ' ')).toBe('90 071 992 547 409,91');
    expect(formatMoney(Number.MIN_SAFE_INTEGER, 'JPY', 'en').replace(/\u00a0/g, ' ')).toBe('-9 007 199 254 740 991');
  });
});

describe('moneyMessageType', () => {
  it('follows the sign', () => {
    expect(moneyMessageType(1)).toBe('accrual');
    expect(moneyMessageType(-1)).toBe('debit');
    expect(moneyMessageType(0)).toBe('neutral');
  });
});

describe('rates and conversion', () => {
  it('reads decimal rates and fractions exactly', () => {
    expect(parseRate('94.6663')).toEqual({ num: 946663n, den: 10000n });
    expect(parseRate('1.50')).toEqual({ num: 3n, den: 2n });
    expect(parseRate({ num: 163172n, den: 1000000n })).toEqual({ num: 40793n, den: 250000n });
    expect(parseRate({ num: -2n, den: -4n })).toEqual({ num: 1n, den: 2n });
    for (const bad of ['0', '-1', 'abc', '', { num: 1n, den: 0n }, { num: -1n, den: 2n }, 94.6 as unknown as string]) {
      expect(() => parseRate(bad), String(bad)).toThrowError(code('rate_unavailable'));
    }
  });

  it('converts with the rate as quote units per base unit', () => {
    // 100.00 USD at 94.6663 RUB per USD.
    expect(convertMinor(10000, 'USD', 'RUB', '94.6663')).toBe(946663);
    expect(convertMinor(1, 'USD', 'RUB', '94.6663')).toBe(95);
    // 100 KZT = 16.3172 RUB (the Bank of Russia quotes per 100).
    expect(convertMinor(100000, 'KZT', 'RUB', { num: 163172n, den: 100n * 10000n })).toBe(16317);
    // Exponents differ: 1000 JPY at 0.52 RUB per yen, and 1.000 KWD at 260 RUB.
    expect(convertMinor(1000, 'JPY', 'RUB', '0.52')).toBe(52000);
    expect(convertMinor(52000, 'RUB', 'JPY', invertRate('0.52'))).toBe(1000);
    expect(convertMinor(1000, 'KWD', 'RUB', '260')).toBe(26000);
    expect(convertMinor(26000, 'RUB', 'KWD', invertRate('260'))).toBe(1000);
    expect(convertMinor(12345, 'RUB', 'RUB', '2')).toBe(12345);
  });

  it('rounds once, halves away from zero, symmetrically', () => {
    expect(convertMinor(1, 'USD', 'RUB', '0.5')).toBe(1);
    expect(convertMinor(-1, 'USD', 'RUB', '0.5')).toBe(-1);
    expect(convertMinor(3, 'USD', 'RUB', '0.5')).toBe(2);
    expect(convertMinor(1, 'USD', 'RUB', '0.49999')).toBe(0);
    expect(divideHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideHalfAwayFromZero(5n, -2n)).toBe(-3n);
    expect(divideHalfAwayFromZero(7n, 3n)).toBe(2n);
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        (minor, num, den) => {
          expect(convertMinor(-minor, 'USD', 'RUB', { num, den })).toBe(-convertMinor(minor, 'USD', 'RUB', { num, den }) || 0);
          const exact = (Number(minor) * Number(num)) / Number(den);
          expect(Math.abs(convertMinor(minor, 'USD', 'RUB', { num, den }) - exact)).toBeLessThanOrEqual(0.5 + Math.abs(exact) * 1e-12);
        },
      ),
    );
  });

  it('refuses a result beyond the safe range', () => {
    expect(() => convertMinor(Number.MAX_SAFE_INTEGER, 'USD', 'RUB', '94.6663')).toThrowError(code('amount_invalid'));
  });

  it('builds cross rates through a common base', () => {
    // EUR/USD through RUB on 2026-03-19: 94.6663 / 83.1259.
    const usdPerEur = crossRate('83.1259', '94.6663');
    expect(rateToString(usdPerEur, 4)).toBe('1.1388');
    expect(rateToString('94.66630')).toBe('94.6663');
    expect(rateToString({ num: 1n, den: 3n }, 4)).toBe('0.3333');
    expect(rateToString({ num: 2n, den: 3n }, 4)).toBe('0.6667');
  });
});
