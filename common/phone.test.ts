import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatPhoneInternational, isPhoneValid, keepPhoneChars, normalizePhone, phoneSearchDigits } from './phone';

describe('normalizePhone', () => {
  it('gives E.164 for the ways people type a Russian number', () => {
    for (const input of ['+7 (916) 123-45-67', '89161234567', '8 916 123 45 67', '9161234567', '79161234567', ' +79161234567 ']) {
      expect(normalizePhone(input), input).toBe('+79161234567');
    }
  });

  it('keeps other countries as dialled', () => {
    expect(normalizePhone('+1 415 555 2671')).toBe('+14155552671');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+380 50 123 4567')).toBe('+380501234567');
    expect(normalizePhone('+7 700 123 4567')).toBe('+77001234567');
    expect(normalizePhone('(415) 555-2671', 'US')).toBe('+14155552671');
  });

  it('returns null for what is not a phone', () => {
    for (const input of ['', '123', 'abc', '+7916123456789', '+7 916 123 45 67 доб. 12', '+7916abc1234567']) {
      expect(normalizePhone(input), input).toBeNull();
    }
    expect(normalizePhone(undefined as unknown as string)).toBeNull();
    expect(isPhoneValid('+79161234567')).toBe(true);
    expect(isPhoneValid('+7916')).toBe(false);
  });

  it('refuses a short service number the phone library calls valid', () => {
    expect(normalizePhone('+989109')).toBeNull();
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('+', '7', '8', '9', '1', '0', ' ', '-', '(', ')') }), (text) => {
        const phone = normalizePhone(text);
        if (phone !== null) {
          expect(phone).toMatch(/^\+\d{8,15}$/);
          expect(normalizePhone(phone)).toBe(phone);
        }
      }),
    );
  });
});

describe('keepPhoneChars', () => {
  it('keeps digits and a leading plus', () => {
    expect(keepPhoneChars('+7 (916) 123-45-67')).toBe('+79161234567');
    expect(keepPhoneChars('8 916 abc')).toBe('8916');
    expect(keepPhoneChars('7+9+1')).toBe('791');
    expect(keepPhoneChars('++7')).toBe('+7');
    expect(keepPhoneChars('')).toBe('');
  });
});

describe('phoneSearchDigits', () => {
  it('searches only by a whole number: optional country code and 3+3+2+2 digits', () => {
    expect(phoneSearchDigits('+7 (916) 123-45-67')).toBe('79161234567');
    expect(phoneSearchDigits('916 123 45 67')).toBe('9161234567');
    expect(phoneSearchDigits('+380 50 123 45 67')).toBe('380501234567');
    expect(phoneSearchDigits('+1234 916 123 45 67')).toBeNull();
    expect(phoneSearchDigits('916 123 45 6')).toBeNull();
    expect(phoneSearchDigits('Anna')).toBeNull();
    expect(phoneSearchDigits('')).toBeNull();
  });

  it('accepts exactly 10 to 13 digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '5', '9', ' ', '-', '+', 'a') }), (text) => {
        const digits = text.replace(/\D/g, '');
        expect(phoneSearchDigits(text)).toBe(digits.length >= 10 && digits.length <= 13 ? digits : null);
      }),
    );
  });
});

describe('formatPhoneInternational', () => {
  it('formats E.164 for people to read', () => {
    expect(formatPhoneInternational('+79161234567')).toBe('+7 916 123 45 67');
    expect(formatPhoneInternational('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhoneInternational('not a phone')).toBe('not a phone');
  });
});
