import { and, asc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { anyOf, idArray } from '../../db/speed/built-once';
import { DomainError } from '../../../common/errors';
import type { Queryable } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { jsonRows, jsonRowsBuiltOnce } from '../../db/speed/json-rows';
import { contacts, eventParticipants, events, familyInvitations, images, operationEntries, operations, users } from '../../db/schema';

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
 * Whether the person in the row has shown themselves to `viewer` (decision 0026): they are the
 * viewer, have the viewer in their contacts or invited them into their family, share a family
 * with them, or took part in an event the viewer is in: own it, last wrote an operation there, or
 * have read one. Being put into an event by someone else is none of these, so nobody learns a
 * stranger's name or picture by adding their phone to an event.
 */
function shownTo(viewer: SQLWrapper) {
  // A person known by name alone has no account to keep private: the name is all there is of them.
  return sql<boolean>`(${users.id} = ${viewer} or ${users.phone} is null
    or exists (select 1 from ${contacts} their_book where their_book.owner_id = ${users.id} and their_book.contact_id = ${viewer})
    or exists (select 1 from ${familyInvitations} invited where invited.inviter_id = ${users.id} and invited.invitee_id = ${viewer})
    or exists (select 1 from ${users} me where me.id = ${viewer} and me.family_id = ${users.familyId})
    or exists (select 1 from ${eventParticipants} theirs
      join ${eventParticipants} mine on mine.event_id = theirs.event_id and mine.user_id = ${viewer}
      join ${events} shared on shared.id = theirs.event_id
      where theirs.user_id = ${users.id} and (shared.owner_id = ${users.id} or theirs.written_live > 0 or theirs.seen_live > 0)))`;
}

/**
 * A person's columns, with whether they have shown themselves to `viewer` (`shownTo`), which
 * `asShown` applies. The caller joins the viewer's contact row for them (contactName, isContact)
 * and their avatar (`AVATAR`). `shown` is one column, not a condition on each masked column: the
 * database would run its subqueries once per column.
 */
function personColumnsFor(viewer: SQLWrapper, shown: SQLWrapper = shownTo(viewer)) {
  return {
    id: users.id,
    // A person known by name alone has no phone: '' is what every screen already shows for none.
    phone: sql<string>`coalesce(${users.phone}, '')`,
    fullName: users.fullName,
    gender: users.gender,
    currency: users.currency,
    avatarKey: images.key,
    registered: sql<boolean>`${users.passwordHash} is not null`,
    familyId: users.familyId,
    contactName: sql<string>`coalesce(${contacts.name}, '')`,
    isContact: sql<boolean>`${contacts.ownerId} is not null`,
    shown: sql<boolean>`${shown}`,
  };
}

/**
 * A person as the viewer may see them: the name, picture and gender they gave themselves only
 * once they have shown themselves (`shownTo`), otherwise the viewer's own name for them and the
 * phone.
 */
export function asShown({ shown, ...row }: PersonRow & { shown: boolean }): PersonRow {
  return shown ? row : { ...row, fullName: '', avatarKey: null, gender: null };
}

const personColumns = personColumnsFor(sql.placeholder('viewer'));

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
const peopleJsonRaw = jsonRows(personColumns);
export const peopleJson = {
  aggregate: peopleJsonRaw.aggregate,
  decode: (value: unknown): PersonRow[] => peopleJsonRaw.decode(value).map(asShown),
};

/** Where `peopleJson` reads from: users with the viewer's (placeholder `viewer`) contact row and the avatar of each. */
export const PEOPLE_WITH_CONTACT_NAMES = sql`${users} left join ${contacts} on ${VIEWERS_CONTACT} left join ${images} on ${AVATAR}`;

/** People by uid, with the viewer's contact names for them. */
export async function peopleByIds(db: Queryable, viewer: number, uids: readonly number[]): Promise<PersonRow[]> {
  if (uids.length === 0) return [];
  return (await peopleWithContactNames(db, { viewer, uids: idArray(uids) })).map(asShown);
}

/**
 * A person found by a phone search, shown whole: the search is the product's one way to find
 * someone by phone, shows who the phone belongs to before adding them (specification §3), and is
 * counted against the viewer's phone lookups, unlike being put into an event.
 */
export async function foundPerson(db: Queryable, viewer: number, uid: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .select(personColumnsFor(sql`${viewer}::int`, sql`true`))
    .from(users)
    .leftJoin(contacts, and(eq(contacts.ownerId, viewer), eq(contacts.contactId, users.id)))
    .leftJoin(images, AVATAR)
    .where(eq(users.id, uid));
  return row && asShown(row);
}

/** The viewer's contact book, oldest first (the viewer is added by the service). */
export async function contactRows(db: Queryable, owner: number): Promise<PersonRow[]> {
  const rows = await db
    .select(personColumnsFor(sql`${owner}::int`))
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.contactId))
    .leftJoin(images, AVATAR)
    .where(eq(contacts.ownerId, owner))
    .orderBy(asc(contacts.createdAt), asc(users.id));
  return rows.map(asShown);
}

export async function contactIdsOf(db: Queryable, owner: number): Promise<number[]> {
  const rows = await db.select({ id: contacts.contactId }).from(contacts).where(eq(contacts.ownerId, owner));
  return rows.map((r) => r.id);
}

/**
 * Whoever has each of `phones`. With `hold`, each is locked against deletion until the transaction
 * ends (a placeholder whose last contact goes is deleted by prunePlaceholders), in id order.
 */
export async function usersByPhones(db: Queryable, phones: readonly string[], hold = false): Promise<{ id: number; phone: string }[]> {
  if (phones.length === 0) return [];
  const query = db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [...phones]))
    .orderBy(asc(users.id));
  const rows = hold ? await query.for('key share') : await query;
  return rows.map((r) => ({ id: r.id, phone: r.phone ?? '' }));
}

/**
 * Locks `uids` against deletion until the transaction ends, as a writer about to name them must
 * (see prunePlaceholders); the ones that no longer exist are left out of the answer.
 */
export async function holdPeople(db: Queryable, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...uids]))
    .orderBy(asc(users.id))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

/** Placeholder people: a phone with no account yet (DESIGN §4); signing up takes the row over. */
export async function insertPlaceholders(db: Queryable, phones: readonly string[]): Promise<void> {
  if (phones.length === 0) return;
  // In one order, so that two uploads of the same new phones cannot deadlock on the phone index.
  await db
    .insert(users)
    .values([...phones].sort().map((phone) => ({ phone, passwordHash: null })))
    .onConflictDoNothing({ target: users.phone });
}

/**
 * Whoever has each phone, a placeholder made for a phone nobody has, each held until the
 * transaction ends. A placeholder can be pruned between its insert (skipped, as it was there) and
 * the lookup by someone else's removal of their last contact of it: then it is made again.
 */
export async function placePhones(tx: Queryable, phones: readonly string[]): Promise<{ id: number; phone: string }[]> {
  const found: { id: number; phone: string }[] = [];
  let missing = [...phones];
  for (let round = 0; round < PLACING_ROUNDS && missing.length > 0; round++) {
    await insertPlaceholders(tx, missing);
    found.push(...(await usersByPhones(tx, missing, true)));
    const placed = new Set(found.map((u) => u.phone));
    missing = missing.filter((p) => !placed.has(p));
  }
  if (missing.length > 0) throw new DomainError('conflict');
  return found;
}

/** Each round loses only to a prune that committed during it: three in a row do not happen. */
const PLACING_ROUNDS = 3;

/**
 * People known by name alone (an import's 'just a name'): no phone, so no account can take them
 * over, and shown to everyone by the name given (`shownTo`). Their ids in the order of `names`.
 */
export async function insertNameOnlyPeople(db: Queryable, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .insert(users)
    .values(names.map((fullName) => ({ phone: null, passwordHash: null, fullName })))
    .returning({ id: users.id });
  // One statement draws the serial ids in the order of its values.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Whether `uid` is known by name alone and takes part in a live event `owner` owns. */
export async function nameOnlyInEventOf(db: Queryable, owner: number, uid: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, uid),
        isNull(users.phone),
        isNull(users.passwordHash),
        sql`exists (select 1 from ${eventParticipants} p join ${events} e on e.id = p.event_id
          where p.user_id = ${users.id} and e.owner_id = ${owner} and e.deleted_at is null)`,
      ),
    );
  return rows.length > 0;
}

/** Gives a person known by name alone a phone; their name, or null when they have one by now. */
export async function givePhoneTo(db: Queryable, uid: number, phone: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ phone })
    .where(and(eq(users.id, uid), isNull(users.phone)))
    .returning({ name: users.fullName });
  return row?.name ?? null;
}

export async function upsertContacts(db: Queryable, owner: number, entries: readonly { contactId: number; name: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(contacts)
    .values(entries.map((e) => ({ ownerId: owner, contactId: e.contactId, name: e.name })))
    .onConflictDoUpdate({ target: [contacts.ownerId, contacts.contactId], set: { name: sql`excluded.name` } });
}

/** Adds those of `entries` the owner does not have yet; a contact they have keeps its name. */
export async function addMissingContacts(db: Queryable, owner: number, entries: readonly { contactId: number; name: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(contacts)
    .values(entries.map((e) => ({ ownerId: owner, contactId: e.contactId, name: e.name })))
    .onConflictDoNothing({ target: [contacts.ownerId, contacts.contactId] });
}

/**
 * A person known by name alone, locked until the transaction ends, with the events they are in (in
 * id order, the order writers lock events in); null when `uid` is not such a person (any more).
 */
export async function lockNameOnly(db: Queryable, uid: number): Promise<{ name: string; eventIds: number[] } | null> {
  const [row] = await db
    .select({ name: users.fullName })
    .from(users)
    .where(and(eq(users.id, uid), isNull(users.phone), isNull(users.passwordHash)))
    .for('update');
  if (!row) return null;
  const events = await db
    .select({ id: eventParticipants.eventId })
    .from(eventParticipants)
    .where(eq(eventParticipants.userId, uid))
    .orderBy(asc(eventParticipants.eventId));
  return { name: row.name, eventIds: events.map((e) => e.id) };
}

/**
 * Whoever has `phone`, locked against deletion until the transaction ends (a placeholder whose last
 * contact goes is deleted by prunePlaceholders); null when nobody has it.
 */
export async function lockUserByPhone(db: Queryable, phone: string): Promise<{ id: number } | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).for('key share');
  return row ?? null;
}

/**
 * Whether only `owner` knows person `uid`: every event they are in is `owner`'s, and nobody else
 * keeps them as a contact. Only then may `owner` give them a phone of their own, since whoever
 * signs up with it takes every place of theirs over.
 */
export async function onlyKnownTo(db: Queryable, owner: number, uid: number): Promise<boolean> {
  const rows = await db.execute(sql`select
    not exists (select 1 from ${eventParticipants} p join ${events} e on e.id = p.event_id where p.user_id = ${uid}::int and e.owner_id <> ${owner}::int)
    and not exists (select 1 from ${contacts} c where c.contact_id = ${uid}::int and c.owner_id <> ${owner}::int) as only`);
  return rowsOf<{ only: boolean }>(rows)[0]?.only === true;
}

export async function deleteContacts(db: Queryable, owner: number, contactIds: readonly number[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db.delete(contacts).where(and(eq(contacts.ownerId, owner), inArray(contacts.contactId, [...contactIds])));
}

/** Of `uids`, those who have shown themselves to the viewer (`shownTo`). */
export async function metAmong(db: Queryable, viewer: number, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...uids]), shownTo(sql`${viewer}::int`)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes those of `uids` that are placeholders (a phone with no account, never an account that
 * was deleted) nobody refers to any more: in no contact book, event, operation, family or family invitation. A
 * contact upload of unknown phones would otherwise leave rows behind for good.
 */
export async function prunePlaceholders(db: Queryable, uids: readonly number[]): Promise<number> {
  if (uids.length === 0) return 0;
  // Locked first: a writer about to name one of them holds it (`usersByPhones` with `hold`,
  // `holdPeople`) until it commits, and one held is skipped, not waited for (waiting could
  // deadlock with a writer holding several): it stays, a placeholder nobody names, as harmless as
  // any phone not yet signed up with. The delete, a statement of its own, sees what has committed.
  const free = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...uids]), isNull(users.passwordHash)))
    .orderBy(asc(users.id))
    .for('update', { skipLocked: true });
  if (free.length === 0) return 0;
  const rows = await db
    .delete(users)
    .where(
      and(
        inArray(
          users.id,
          free.map((u) => u.id),
        ),
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
