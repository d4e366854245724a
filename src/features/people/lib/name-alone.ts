import type { Person } from '@common/contract/people';

/**
 * A person known by name alone (decision 0067) has no phone: nobody can add them as a contact,
 * call them, or send them a payback request, until someone gives them a phone.
 */
export function knownByNameAlone(person: Pick<Person, 'phone'>): boolean {
  return person.phone === '';
}

/** Offered as a contact to add: someone with a phone who is not in the book yet. */
export function addableAsContact(person: Pick<Person, 'phone' | 'is_contact_exists'>): boolean {
  return !person.is_contact_exists && !knownByNameAlone(person);
}
