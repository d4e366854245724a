import type { AddContactsBody, Contact, DeleteContactsBody } from '../../../common/contract/contacts';
import { DomainError } from '../../../common/errors';
import { displayName, normalizeName } from '../../../common/names';
import { normalizePhone } from '../../../common/phone';
import type { Db, Queryable } from '../../db/client';
import { pictureUrl } from '../images/service';
import { countLookups } from './lookup-limits';
import { isUniqueViolation } from '../../db/errors';
import {
  contactRows,
  deleteContacts,
  givePhoneTo,
  nameOnlyInEventOf,
  peopleByIds,
  prunePlaceholders,
  upsertContacts,
  placePhones,
  usersByPhones,
  type PersonRow,
} from './repository';

/** A contact without its per-currency balances: what events, families and the People page add their own figures to. */
export type PersonView = Omit<Contact, 'balance'>;

/**
 * A person as the viewer sees them (specification §3 Contact); the viewer is 'me'. Callers add
 * their figures with `Object.assign` on this fresh object: V8 builds `{ ...view, balance }`
 * slowly when the spread object lacks the added property, about 50 times the cost of this
 * literal (decision 0050).
 */
export function personView(row: PersonRow, viewer: number): PersonView {
  const me = row.id === viewer;
  return {
    uid: row.id,
    user: row.id,
    name: me ? 'me' : displayName({ contact_name: row.contactName, full_name: row.fullName, phone: row.phone }),
    phone: row.phone,
    full_name: row.fullName,
    contact_name: me ? 'me' : row.contactName,
    avatar_url: pictureUrl(row.avatarKey),
    is_contact_exists: me || row.isContact,
    is_registered: row.registered,
    amount: null,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
    currency: row.currency.trim(),
    is_me: me,
  };
}

/** A person as a contact book lists them: no balances (the people module fills its own). */
export function toContact(row: PersonRow, viewer: number): Contact {
  return Object.assign(personView(row, viewer), { balance: [] });
}

/** The viewer's contact book, the viewer first (specification §3). */
export async function listContacts(db: Queryable, viewer: number): Promise<Contact[]> {
  const [me] = await peopleByIds(db, viewer, [viewer]);
  const rows = await contactRows(db, viewer);
  return [...(me ? [me] : []), ...rows.filter((r) => r.id !== viewer)].map((r) => toContact(r, viewer));
}

function phoneOrFail(text: string): string {
  const phone = normalizePhone(text);
  if (!phone) throw new DomainError('phone_incorrect', 'phone');
  return phone;
}

/**
 * Adds people by phone. A phone nobody has signed up with becomes a placeholder person, so that
 * events and operations can name them before they join. Adding an existing contact renames it;
 * the caller's own phone is ignored (they are always first as 'me').
 */
export async function addContacts(db: Db, viewer: number, body: AddContactsBody, now: Date): Promise<Contact[]> {
  const byPhone = new Map<string, string>();
  for (const c of body.contacts) byPhone.set(phoneOrFail(c.phone), normalizeName(c.name));
  const known = new Set((await contactRows(db, viewer)).map((r) => r.phone));
  await countLookups(db, viewer, [...byPhone.keys()].filter((p) => !known.has(p)).length, now);
  await db.transaction(async (tx) => {
    const found = await placePhones(tx, [...byPhone.keys()]);
    await upsertContacts(
      tx,
      viewer,
      found.filter((u) => u.id !== viewer).map((u) => ({ contactId: u.id, name: byPhone.get(u.phone) ?? '' })),
    );
  });
  return listContacts(db, viewer);
}

/**
 * Gives a person known by name alone (decision 0067), in an event the caller owns, a phone nobody
 * has yet: they become a placeholder like any phone added, the caller's contact under the name they
 * had, and whoever signs up with the phone takes the row over with its history. Only for a person
 * nobody but the caller knows (people/merge.ts decides). A phone someone already has is refused.
 * Counted as a lookup, since the answer says whether the phone is taken.
 */
export async function givePhone(db: Db, viewer: number, uid: number, text: string, now: Date): Promise<Contact> {
  const phone = phoneOrFail(text);
  if (!(await nameOnlyInEventOf(db, viewer, uid))) throw new DomainError('user_not_found');
  await countLookups(db, viewer, 1, now);
  try {
    await db.transaction(async (tx) => {
      if ((await usersByPhones(tx, [phone])).length > 0) throw new DomainError('phone_in_use', 'phone');
      const name = await givePhoneTo(tx, uid, phone);
      if (name === null) throw new DomainError('user_not_found');
      await upsertContacts(tx, viewer, [{ contactId: uid, name }]);
    });
  } catch (err) {
    // The same phone given at the same moment by another request.
    if (isUniqueViolation(err)) throw new DomainError('phone_in_use', 'phone');
    throw err;
  }
  const contact = (await listContacts(db, viewer)).find((c) => c.uid === uid);
  if (!contact) throw new DomainError('user_not_found');
  return contact;
}

export async function removeContacts(db: Db, viewer: number, body: DeleteContactsBody): Promise<Contact[]> {
  const phones = body.phones.map(phoneOrFail);
  const found = await usersByPhones(db, phones);
  const ids = found.map((u) => u.id).filter((id) => id !== viewer);
  await db.transaction(async (tx) => {
    await deleteContacts(tx, viewer, ids);
    await prunePlaceholders(tx, ids);
  });
  return listContacts(db, viewer);
}
