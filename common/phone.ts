import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * Phones identify people (sign-in, contacts, unregistered participants), so every phone is stored
 * and compared in E.164 ('+79161234567'). libphonenumber-js's default (min) metadata checks the
 * length and the leading digits per country, which is what an SMS code confirms anyway, and keeps
 * the web bundle about 65 kB smaller than the strict digit patterns would.
 */

/** '+' and 8 digits: the shortest subscriber numbers with their country code. */
const MIN_E164_LENGTH = 9;

/**
 * A phone as typed ('8 (916) 123-45-67', '+7 916 1234567', '9161234567') in E.164, or null when it
 * is not a possible number. A number without a country code is read as `defaultCountry`'s, so
 * Russia's trunk '8' works. A number with an extension is refused: it cannot receive a code.
 */
export function normalizePhone(input: string, defaultCountry: CountryCode = 'RU'): string | null {
  if (typeof input !== 'string') return null;
  const phone = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!phone || phone.ext || !phone.isValid()) return null;
  // The min metadata takes some countries' short service numbers ('+989109', six digits) as valid;
  // no phone that can receive a code is shorter than 8 digits with its country code.
  if (phone.number.length < MIN_E164_LENGTH) return null;
  return phone.number;
}

/** True when normalizePhone would accept the text: the phone input's validity flag. */
export function isPhoneValid(input: string, defaultCountry: CountryCode = 'RU'): boolean {
  return normalizePhone(input, defaultCountry) !== null;
}

/**
 * What a phone input keeps while typing (specification §5): digits and a '+', and the '+' only in
 * front, where it means "an international number follows".
 */
export function keepPhoneChars(text: string): string {
  const kept = text.replace(/[^\d+]/g, '');
  return kept.startsWith('+') ? `+${kept.slice(1).replace(/\+/g, '')}` : kept.replace(/\+/g, '');
}

/** Optional 1-3 digit country code followed by 3+3+2+2 digits. */
const SEARCHABLE_PHONE = /^\d{0,3}\d{3}\d{3}\d{2}\d{2}$/;

/**
 * The digits to search people by (specification §5): everything but digits is stripped, and the
 * search runs only when the rest looks like a whole phone number, 10 to 13 digits; null otherwise,
 * so half-typed numbers do not query the server.
 */
export function phoneSearchDigits(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return SEARCHABLE_PHONE.test(digits) ? digits : null;
}

/** '+79161234567' → '+7 916 123 45 67'; text that is not a phone is returned as it was. */
export function formatPhoneInternational(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  return phone ? phone.formatInternational() : e164;
}

/**
 * A phone as it is being typed, grouped the way its country writes it ('+7 916 123 45', '8 (916)
 * 123-45'): what a phone field shows, while the value it keeps stays '+' and digits (§5).
 */
export function formatPhoneAsTyped(kept: string, defaultCountry: CountryCode = 'RU'): string {
  if (kept === '' || kept === '+') return kept;
  return new AsYouType(defaultCountry).input(kept);
}
