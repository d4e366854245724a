import type { Contact } from '@common/contract/contacts';
import { nameMatches } from '@common/names';
import { phoneSearchDigits } from '@common/phone';

export { SEARCH_DEBOUNCE_MS } from '@/lib/search-timing';

const PHONE_CHARS = /^[\d\s()+\-.]+$/;
/** A national number is the last ten digits in the countries the app serves (+7, 8 and 7 prefixes alike). */
const NATIONAL = 10;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Whether a contact matches what was typed in the picker: by name in any script or spelling
 * (common/names nameMatches: 'Anna' finds 'Анна'), or by phone digits. A whole number
 * (phoneSearchDigits: country code optional) matches by its national part, so '8 916 123-45-67'
 * finds '+79161234567'; a shorter run of digits matches anywhere in the phone.
 */
export function contactMatches(query: string, contact: Pick<Contact, 'name' | 'full_name' | 'contact_name' | 'phone'>): boolean {
  const q = query.trim();
  if (!q) return true;
  if (PHONE_CHARS.test(q)) {
    const phone = digitsOf(contact.phone);
    const whole = phoneSearchDigits(q);
    if (whole) return phone.endsWith(whole.slice(-NATIONAL));
    const digits = digitsOf(q);
    return digits.length > 0 && phone.includes(digits);
  }
  return nameMatches(q, contact.name) || nameMatches(q, contact.full_name) || nameMatches(q, contact.contact_name);
}

/** The people the picker offers: my contacts, not me, not already taken or selected. */
export function pickerCandidates(contacts: readonly Contact[], taken: ReadonlySet<number>, query: string): Contact[] {
  return contacts.filter((c) => !c.is_me && !taken.has(c.uid) && contactMatches(query, c));
}
