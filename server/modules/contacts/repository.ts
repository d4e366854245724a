import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf, idArray } from '../../db/built-once';
import type { Queryable } from '../../db/client';
import { jsonRows, jsonRowsBuiltOnce } from '../../db/json-rows';
import { contacts, eventParticipants, familyInvitations, images, operationEntries, operations, users } from '../../db/schema';

export interface PersonRow {
  id: number;
  phone: string;
  fullName: string;
  gender: string | null;
  currency: string;
  avatarKey: string | null;
  registered: boolean;
  familyId: number | null;
  /** The viewer's name for them, '' when they are not in the viewer's contacts. */
  contactName: string;
  isContact: boolean;
}

/**
 * A person's columns; the caller joins the viewer's contact row for them (contactName, isContact)
 * and their avatar (`AVATAR`).
 */
const personColumns = {
  id: users.id,
  phone: users.phone,
  fullName: users.fullName,
  gender: users.gender,
  currency: users.currency,
  avatarKey: images.key,
  registered: sql<boolean>`${users.passwordHash} is not null`,
  familyId: users.familyId,
  contactName: sql<string>`coalesce(${contacts.name}, '')`,
  isContact: sql<boolean>`${contacts.ownerId} is not null`,
};

/** The viewer's (placeholder `viewer`) contact row for a user, if any: the one join that gives people their names. */
const VIEWERS_CONTACT = and(eq(contacts.ownerId, sql.placeholder('viewer')), eq(contacts.contactId, users.id));

/**
 * A person's avatar, joined once for all the rows: a look-up in each row scanned the images
 * table again for every person (decision 0053).
 */
const AVATAR = eq(images.id, users.avatarImageId);

const peopleWithContactNames = jsonRowsBuiltOnce(personColumns, undefined, (db, rows) =>
  db.select({ rows }).from(users).leftJoin(contacts, VIEWERS_CONTACT).leftJoin(images, AVATAR).where(anyOf(users.id, 'uids')),
);

/** People as one JSON array (json-rows.ts), for a statement that reads them beside something else. */
export const peopleJson = jsonRows(personColumns);

/** Where `peopleJson` reads from: users with the viewer's (placeholder `viewer`) contact row and the avatar of each. */
export const PEOPLE_WITH_CONTACT_NAMES = sql`${users} left join ${contacts} on ${VIEWERS_CONTACT} left join ${images} on ${AVATAR}`;

/** People by uid, with the viewer's contact names for them. */
export async function peopleByIds(db: Queryable, viewer: number, uids: readonly number[]): Promise<PersonRow[]> {
  if (uids.length === 0) return [];
  return peopleWithContactNames(db, { viewer, uids: idArray(uids) });
}

/** The viewer's contact book, oldest first (the viewer is added by the service). */
export async function contactRows(db: Queryable, owner: number): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.contactId))
    .leftJoin(images, AVATAR)
    .where(eq(contacts.ownerId, owner))
    .orderBy(asc(contacts.createdAt), asc(users.id));
}

export async function contactIdsOf(db: Queryable, owner: number): Promise<number[]> {
  const rows = await db.select({ id: contacts.contactId }).from(contacts).where(eq(contacts.ownerId, owner));
  return rows.map((r) => r.id);
}

export async function usersByPhones(db: Queryable, phones: readonly string[]): Promise<{ id: number; phone: string }[]> {
  if (phones.length === 0) return [];
  return db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, [...phones]));
}

/** Placeholder people: a phone with no account yet (DESIGN §4); signing up takes the row over. */
export async function insertPlaceholders(db: Queryable, phones: readonly string[]): Promise<void> {
  if (phones.length === 0) return;
  await db
    .insert(users)
    .values(phones.map((phone) => ({ phone, passwordHash: null })))
    .onConflictDoNothing({ target: users.phone });
}

export async function upsertContacts(db: Queryable, owner: number, entries: readonly { contactId: number; name: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(contacts)
    .values(entries.map((e) => ({ ownerId: owner, contactId: e.contactId, name: e.name })))
    .onConflictDoUpdate({ target: [contacts.ownerId, contacts.contactId], set: { name: sql`excluded.name` } });
}

export async function deleteContacts(db: Queryable, owner: number, contactIds: readonly number[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db.delete(contacts).where(and(eq(contacts.ownerId, owner), inArray(contacts.contactId, [...contactIds])));
}

/**
 * Of `uids`, those the viewer has met: who share an event (dialogues included) or a family with
 * the viewer, or have the viewer in their own contacts.
 */
export async function metAmong(db: Queryable, viewer: number, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const mine = alias(eventParticipants, 'mine');
  const theirs = alias(eventParticipants, 'theirs');
  const shared = await db
    .selectDistinct({ id: theirs.userId })
    .from(mine)
    .innerJoin(theirs, eq(theirs.eventId, mine.eventId))
    .where(and(eq(mine.userId, viewer), inArray(theirs.userId, [...uids])));
  const reverse = await db
    .select({ id: contacts.ownerId })
    .from(contacts)
    .where(and(eq(contacts.contactId, viewer), inArray(contacts.ownerId, [...uids])));
  const [me] = await db.select({ familyId: users.familyId }).from(users).where(eq(users.id, viewer));
  const family =
    me?.familyId != null
      ? await db.select({ id: users.id }).from(users).where(and(eq(users.familyId, me.familyId), inArray(users.id, [...uids])))
      : [];
  return new Set([...shared, ...reverse, ...family].map((r) => r.id));
}

/**
 * Deletes those of `uids` that are placeholders (a phone with no account, never an account that
 * was deleted) nobody refers to any more: in no contact book, event, operation, family or family invitation. A
 * contact upload of unknown phones would otherwise leave rows behind for good.
 */
export async function prunePlaceholders(db: Queryable, uids: readonly number[]): Promise<number> {
  if (uids.length === 0) return 0;
  const rows = await db
    .delete(users)
    .where(
      and(
        inArray(users.id, [...uids]),
        isNull(users.passwordHash),
        isNull(users.deletedAt),
        isNull(users.familyId),
        sql`not exists (select 1 from ${contacts} where ${contacts.contactId} = ${users.id})`,
        sql`not exists (select 1 from ${eventParticipants} where ${eventParticipants.userId} = ${users.id})`,
        sql`not exists (select 1 from ${operationEntries} where ${operationEntries.userId} = ${users.id})`,
        sql`not exists (select 1 from ${operations} where ${operations.authorId} = ${users.id})`,
        sql`not exists (select 1 from ${familyInvitations} where ${familyInvitations.inviteeId} = ${users.id})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}
