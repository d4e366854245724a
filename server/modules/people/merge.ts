import type { Contact } from '../../../common/contract/contacts';
import { DomainError } from '../../../common/errors';
import { normalizePhone } from '../../../common/phone';
import type { Db, Queryable } from '../../db/client';
import { countLookups } from '../contacts/lookup-limits';
import {
  addMissingContacts,
  deleteContacts,
  insertPlaceholders,
  lockNameOnly,
  lockUserByPhone,
  nameOnlyInEventOf,
  onlyKnownTo,
  prunePlaceholders,
  usersByPhones,
} from '../contacts/repository';
import { givePhone, listContacts } from '../contacts/service';
import { dialogueByKey, eventForParticipant, updateEvent, type EventRow } from '../events/repository';
import { dialogueKey } from '../events/service';
import { mergePersonIn } from '../operations/ledger-writer';
import { hadPlaceIn } from '../operations/person-repository';

/**
 * POST /event/people/{uid}/phone/: a person known by name alone (decision 0067), in an event the
 * caller owns, is given a phone (decision 0070). When only the caller knows them and nobody has
 * the phone, the phone becomes theirs, and whoever signs up with it takes their place everywhere.
 * When somebody has it, the caller is told so (`phone_in_use`) unless they asked to merge: then,
 * in the caller's own events, the person becomes whoever has the phone. When others know the
 * person too, the phone is not theirs to give: the caller's events go to a placeholder of the
 * phone instead, and the others' stay as they are. Counted as one lookup either way.
 */
export async function givePhoneOrMerge(db: Db, viewer: number, uid: number, text: string, merge: boolean, now: Date): Promise<Contact> {
  const phone = normalizePhone(text);
  if (!phone) throw new DomainError('phone_incorrect', 'phone');
  if (!(await nameOnlyInEventOf(db, viewer, uid))) throw new DomainError('user_not_found');
  const [taken] = await usersByPhones(db, [phone]);
  if (!taken && (await onlyKnownTo(db, viewer, uid))) return givePhone(db, viewer, uid, phone, now);
  await countLookups(db, viewer, 1, now);
  if (taken && !merge) throw new DomainError('phone_in_use', 'phone');
  const target = await db.transaction(async (tx) => {
    const person = await lockNameOnly(tx, uid);
    if (!person) throw new DomainError('user_not_found');
    // A phone nobody has: a placeholder, as any phone added to the contact book is.
    if (!taken) await insertPlaceholders(tx, [phone]);
    const target = await lockUserByPhone(tx, phone);
    if (!target) throw new DomainError('user_not_found');
    // Only the caller's own events: what others wrote about the person stays theirs (events
    // are locked in id order, as every writer locks them).
    const mine: EventRow[] = [];
    for (const eventId of person.eventIds) {
      const event = await eventForParticipant(tx, eventId, viewer, true);
      if (!event || event.ownerId !== viewer || event.importingSince) continue;
      if (await hadPlaceIn(tx, eventId, target.id)) throw new DomainError('person_already_in_event', 'phone');
      if (event.dialogueKey && (await dialogueByKey(tx, dialogueKey(viewer, target.id)))) throw new DomainError('person_already_in_event', 'phone');
      mine.push(event);
    }
    if (mine.length === 0) throw new DomainError('user_not_found');
    for (const event of mine) await mergeIn(tx, event, viewer, uid, target.id);
    await addMissingContacts(tx, viewer, [{ contactId: target.id, name: person.name }]);
    await deleteContacts(tx, viewer, [uid]);
    // Gone unless others' events still name them.
    await prunePlaceholders(tx, [uid]);
    return target;
  });
  const contact = (await listContacts(db, viewer)).find((c) => c.uid === target.id);
  if (!contact) throw new DomainError('user_not_found');
  return contact;
}

async function mergeIn(tx: Queryable, event: EventRow, viewer: number, from: number, to: number): Promise<void> {
  await mergePersonIn(tx, event.id, from, to);
  // A dialogue is found by its two people (events/service.ts getOrCreateDialogue).
  if (event.dialogueKey) await updateEvent(tx, event.id, { dialogueKey: dialogueKey(viewer, to) });
}
