import type { Contact } from '../../../common/contract/contacts';
import { DomainError } from '../../../common/errors';
import { normalizePhone } from '../../../common/phone';
import type { Db } from '../../db/client';
import { countLookups } from '../contacts/lookup-limits';
import { addMissingContacts, lockNameOnly, nameOnlyInEventOf, prunePlaceholders, usersByPhones } from '../contacts/repository';
import { givePhone, listContacts } from '../contacts/service';
import { requireEvent } from '../events/access';
import { eventForParticipant } from '../events/repository';
import { mergePersonIn } from '../operations/ledger-writer';

/**
 * A person known by name alone (decision 0067) becomes whoever has `phone` in Dolya, an account or
 * a placeholder (decision 0070): in every event of the caller's they are in, their operations,
 * debts, history and balance become that person's, who then takes part in those events and is the
 * caller's contact (under the name the file gave, unless the caller has them already). Refused when
 * that person is in one of those events already: two people of one event cannot become one. A
 * phone nobody has is simply given, as `givePhone` does. Counted as one lookup, like giving a phone.
 */
export async function mergeNameOnly(db: Db, viewer: number, uid: number, text: string, now: Date): Promise<Contact> {
  const phone = normalizePhone(text);
  if (!phone) throw new DomainError('phone_incorrect', 'phone');
  if (!(await nameOnlyInEventOf(db, viewer, uid))) throw new DomainError('user_not_found');
  const [target] = await usersByPhones(db, [phone]);
  if (!target) return givePhone(db, viewer, uid, phone, now);
  await countLookups(db, viewer, 1, now);
  await db.transaction(async (tx) => {
    const person = await lockNameOnly(tx, uid);
    if (!person) throw new DomainError('user_not_found');
    for (const eventId of person.eventIds) {
      // Only the owner of every event they are in decides who they are, as only the owner gives a phone.
      const event = await requireEvent(tx, eventId, viewer, true);
      if (event.ownerId !== viewer || event.deletedAt) throw new DomainError('user_not_found');
      if (await eventForParticipant(tx, eventId, target.id)) throw new DomainError('person_already_in_event', 'phone');
    }
    for (const eventId of person.eventIds) await mergePersonIn(tx, eventId, uid, target.id);
    await addMissingContacts(tx, viewer, [{ contactId: target.id, name: person.name }]);
    await prunePlaceholders(tx, [uid]);
  });
  const contact = (await listContacts(db, viewer)).find((c) => c.uid === target.id);
  if (!contact) throw new DomainError('user_not_found');
  return contact;
}
