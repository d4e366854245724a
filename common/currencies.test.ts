import { describe, it, expect } from 'vitest';
import { CURRENCIES, currencyExponent, currencyName, getCurrency, isCurrencyCode } from './currencies';
import { DomainError } from './errors';

// Every currency the bundled ECB and Bank of Russia rate files quote (XDR aside), plus KWD.
const RATE_SOURCE_CODES =
  'USD JPY CZK DKK GBP HUF PLN RON SEK CHF ISK NOK TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR EUR RUB BGN KZT BYN UAH GEL AMD AED AZN BDT BHD BOB CUP DZD EGP ETB IRR KGS MDL MMK MNT NGN OMR QAR RSD SAR TJS TMT UZS VND KWD'.split(
    ' ',
  );

describe('currencies', () => {
  it('covers every currency the rate sources quote', () => {
    for (const code of RATE_SOURCE_CODES) expect(isCurrencyCode(code), code).toBe(true);
  });

  it('leaves out codes nobody spends', () => {
    for (const code of ['XDR', 'XAU', 'XTS', 'XXX', 'CLF', 'USN', 'HRK', 'RUR']) expect(isCurrencyCode(code), code).toBe(false);
    expect(isCurrencyCode('rub')).toBe(false);
    expect(isCurrencyCode(643)).toBe(false);
  });

  it('is sorted, unique and complete in every field', () => {
    const codes = CURRENCIES.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    expect(CURRENCIES.length).toBeGreaterThan(150);
    for (const c of CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(c.exponent);
      expect(c.en.length).toBeGreaterThan(2);
      expect(c.ru).toMatch(/[А-Яа-яЁё]/);
    }
  });

  it('knows the minor units of ISO 4217', () => {
    expect(currencyExponent('RUB')).toBe(2);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KRW')).toBe(0);
    expect(currencyExponent('ISK')).toBe(0);
    expect(currencyExponent('VND')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('BHD')).toBe(3);
    expect(currencyExponent('OMR')).toBe(3);
    expect(currencyExponent('HUF')).toBe(2);
    expect(currencyExponent('IDR')).toBe(2);
  });

  it('names currencies in both languages', () => {
    expect(getCurrency('RUB')).toMatchObject({ code: 'RUB', exponent: 2, en: 'Russian ruble', ru: 'Российский рубль', symbol: '₽' });
    expect(currencyName('USD', 'en')).toBe('US dollar');
    expect(currencyName('USD', 'ru')).toBe('Доллар США');
    expect(currencyName('JPY', 'ru')).toBe('Японская иена');
    expect(currencyName('KZT', 'ru')).toBe('Казахстанский тенге');
    expect(getCurrency('XDR')).toBeUndefined();
  });

  it('refuses an unknown code with the shared error code', () => {
    expect(() => currencyExponent('XDR')).toThrowError(DomainError);
    expect(() => currencyExponent('ABC')).toThrowError(expect.objectContaining({ code: 'currency_unknown' }));
  });
});
