import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { anyOf, builtOnce, idArray, sqlBuiltOnce, type StatementBuilder } from '../../db/speed/built-once';
import type { Queryable } from '../../db/client';
import { jsonRows, jsonRowsBuiltOnce } from '../../db/speed/json-rows';
import { contacts, eventParticipants, events, operationEntries, operations, users } from '../../db/schema';
import { holdPeople, PEOPLE_WITH_CONTACT_NAMES, peopleJson, type PersonRow } from '../contacts/repository';
import { DomainError } from '../../../common/errors';
import { rowsOf } from '../../db/rows';
import { unreadOf } from '../operations/unread';

export type EventRow = typeof events.$inferSelect;

export interface ParticipantRow {
  eventId: number;
  userId: number;
  familyGroup: number;
  position: number;
  balance: number;
  /** What this participant's unread count is derived from, with the event's live count (operations/unread.ts). */
  writtenLive: number;
  seenLive: number;
  /** Their shares of the event's spending (schema eventParticipants.spent). */
  spent: number;
}

/** The event, only when `viewer` takes part in it: everything event-scoped goes through this. */
export async function eventForParticipant(db: Queryable, eventId: number, viewer: number, forUpdate = false): Promise<EventRow | null> {
  const rows = await (forUpdate ? eventLockedForParticipant : eventOfParticipant)(db, { eventId, viewer });
  return rows[0]?.event ?? null;
}

function eventOfParticipantQuery(db: StatementBuilder) {
  return db
    .select({ event: events })
    .from(events)
    .innerJoin(eventParticipants, and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, sql.placeholder('viewer'))))
    .where(eq(events.id, sql.placeholder('eventId')));
}

// Every event-scoped request and every write asks one of these: built once (server/db/speed/built-once.ts).
const eventOfParticipant = builtOnce(eventOfParticipantQuery);
const eventLockedForParticipant = builtOnce((db) => eventOfParticipantQuery(db).for('update', { of: events }));

/** Which of `uids` take part in the event: only their rows are read, however large the event. */
export async function participantsAmong(db: Queryable, eventId: number, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), inArray(eventParticipants.userId, [...uids])));
  return new Set(rows.map((r) => r.userId));
}

export async function eventsOfUser(db: Queryable, viewer: number, deleted: boolean): Promise<EventRow[]> {
  const rows = await db
    .select({ event: events })
    .from(events)
    .innerJoin(eventParticipants, and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, viewer)))
    .where(deleted ? and(isNotNull(events.deletedAt), isNull(events.importingSince)) : isNull(events.deletedAt))
    .orderBy(desc(events.lastActivityAt), desc(events.id));
  return rows.map((r) => r.event);
}

const PARTICIPANT_FIELDS = {
  eventId: eventParticipants.eventId,
  userId: eventParticipants.userId,
  familyGroup: eventParticipants.familyGroup,
  position: eventParticipants.position,
  balance: eventParticipants.balance,
  writtenLive: eventParticipants.writtenLive,
  seenLive: eventParticipants.seenLive,
  // Decision 0010's bounds keep it a safe integer.
  spent: sql<number>`${eventParticipants.spent}::text`.mapWith(Number),
};
const PARTICIPANT_ORDER = sql`${eventParticipants.eventId}, ${eventParticipants.position}, ${eventParticipants.userId}`;

const participantsOfEvents = jsonRowsBuiltOnce(PARTICIPANT_FIELDS, PARTICIPANT_ORDER, (db, rows) =>
  db.select({ rows }).from(eventParticipants).where(anyOf(eventParticipants.eventId, 'events')),
);

export async function participantsOf(db: Queryable, eventIds: readonly number[]): Promise<ParticipantRow[]> {
  if (eventIds.length === 0) return [];
  return participantsOfEvents(db, { events: idArray(eventIds) });
}

const participantsJson = jsonRows(PARTICIPANT_FIELDS, PARTICIPANT_ORDER);

/**
 * Both in one statement: every view of an event reads them, and on PostgreSQL each statement
 * costs a round trip and CPU in the socket (json-rows.ts, decision 0046).
 */
const participantsAndPeople = sqlBuiltOnce<{ viewer: number; events: string }>(
  () => sql`select
    (select ${participantsJson.aggregate} from ${eventParticipants} where ${anyOf(eventParticipants.eventId, 'events')}) as participants,
    (select ${peopleJson.aggregate} from ${PEOPLE_WITH_CONTACT_NAMES}
      where ${users.id} in (select ${eventParticipants.userId} from ${eventParticipants} where ${anyOf(eventParticipants.eventId, 'events')})) as people`,
);

/** The events' participants, and those people with the viewer's contact names for them. */
export async function participantsWithPeople(
  db: Queryable,
  viewer: number,
  eventIds: readonly number[],
): Promise<{ participants: ParticipantRow[]; people: PersonRow[] }> {
  if (eventIds.length === 0) return { participants: [], people: [] };
  const [row] = rowsOf<{ participants: unknown; people: unknown }>(await participantsAndPeople(db, { viewer, events: idArray(eventIds) }));
  return { participants: participantsJson.decode(row?.participants), people: peopleJson.decode(row?.people) };
}

/** The viewer's unread counts in the given events, from the kept counts (operations/unread.ts). */
export async function unreadCounts(db: Queryable, viewer: number, eventIds: readonly number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: eventParticipants.eventId, unread: unreadOf(sql`${events}`, sql`${eventParticipants}`).mapWith(Number) })
    .from(eventParticipants)
    .innerJoin(events, eq(events.id, eventParticipants.eventId))
    .where(and(eq(eventParticipants.userId, viewer), inArray(eventParticipants.eventId, [...eventIds])));
  return new Map(rows.map((r) => [r.eventId, r.unread]));
}

export async function insertEvent(db: Queryable, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

/** A dialogue row, or null when the pair already has one (its key is unique). */
export async function insertDialogue(db: Queryable, values: typeof events.$inferInsert): Promise<EventRow | null> {
  const [row] = await db.insert(events).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Puts people in an event, each held until the transaction ends so that none is pruned meanwhile (a placeholder). */
export async function insertParticipants(db: Queryable, rows: (typeof eventParticipants.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const held = await holdPeople(
    db,
    rows.map((r) => r.userId),
  );
  if (rows.some((r) => !held.has(r.userId))) throw new DomainError('user_not_found', 'contacts');
  await db.insert(eventParticipants).values(rows);
}

export async function removeParticipants(db: Queryable, eventId: number, uids: readonly number[]): Promise<void> {
  if (uids.length === 0) return;
  await db.delete(eventParticipants).where(and(eq(eventParticipants.eventId, eventId), inArray(eventParticipants.userId, [...uids])));
}

/**
 * Someone who has just joined a family settles with it in the events they share with its members
 * (decision 0026): in each live event, not a dialogue, where they are alone in their event family
 * and a member is there, they join the head's event family, else the first member's. An event
 * family its owner made of them and someone else is the owner's choice, and stays.
 */
export async function joinFamilyInSharedEvents(db: Queryable, uid: number, familyId: number, headId: number): Promise<void> {
  await db.execute(sql`
    update ${eventParticipants} mine set family_group = target.grp
    from (
      select ep.event_id,
        coalesce(min(ep.family_group) filter (where ep.user_id = ${headId}::int), min(ep.family_group)) as grp
      from ${eventParticipants} ep
      join ${users} u on u.id = ep.user_id and u.family_id = ${familyId}::int
      join ${events} e on e.id = ep.event_id and e.deleted_at is null and e.dialogue_key is null
      where ep.user_id <> ${uid}::int
      group by ep.event_id
    ) target
    where mine.event_id = target.event_id and mine.user_id = ${uid}::int and mine.family_group <> target.grp
      and not exists (select 1 from ${eventParticipants} other
        where other.event_id = mine.event_id and other.family_group = mine.family_group and other.user_id <> mine.user_id)`);
}

/** Regroups and reorders participants in one statement. */
export async function setFamilies(db: Queryable, eventId: number, rows: readonly { uid: number; family: number; position: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${eventParticipants} ep set family_group = v.family, position = v.position
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(uid int, family int, position int)
    where ep.event_id = ${eventId} and ep.user_id = v.uid`);
}

export async function updateEvent(db: Queryable, eventId: number, set: Partial<typeof events.$inferInsert>): Promise<void> {
  await db.update(events).set(set).where(eq(events.id, eventId));
}

export async function dialogueByKey(db: Queryable, key: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.dialogueKey, key));
  return row ?? null;
}

/** People the viewer may put in an event: their contacts and everyone they already share an event with. */
export async function knownPeople(db: Queryable, viewer: number, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const list = [...uids];
  const fromContacts = await db
    .select({ id: contacts.contactId })
    .from(contacts)
    .where(and(eq(contacts.ownerId, viewer), inArray(contacts.contactId, list)));
  const mine = db.select({ eventId: eventParticipants.eventId }).from(eventParticipants).where(eq(eventParticipants.userId, viewer));
  const fromEvents = await db
    .selectDistinct({ id: eventParticipants.userId })
    .from(eventParticipants)
    .where(and(inArray(eventParticipants.eventId, mine), inArray(eventParticipants.userId, list)));
  return new Set([...fromContacts, ...fromEvents].map((r) => r.id));
}

/** Of `uids`, those with entries in live operations of the event or authoring one there. */
export async function peopleWithHistory(db: Queryable, eventId: number, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const list = [...uids];
  const withEntries = await db
    .selectDistinct({ id: operationEntries.userId })
    .from(operationEntries)
    .innerJoin(operations, eq(operations.id, operationEntries.operationId))
    .where(and(eq(operations.eventId, eventId), isNull(operations.deletedAt), inArray(operationEntries.userId, list)));
  const authors = await db
    .selectDistinct({ id: operations.authorId })
    .from(operations)
    .where(and(eq(operations.eventId, eventId), isNull(operations.deletedAt), inArray(operations.authorId, list)));
  return new Set([...withEntries, ...authors].map((r) => r.id));
}

/** Whether the event holds an operation, live or deleted, that someone other than `uid` wrote. */
export async function anyOperationByOthers(db: Queryable, eventId: number, uid: number): Promise<boolean> {
  const [row] = await db
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.eventId, eventId), sql`${operations.authorId} <> ${uid}`))
    .limit(1);
  return row !== undefined;
}

export async function operationCount(db: Queryable, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operations)
    .where(eq(operations.eventId, eventId));
  return Number(row?.n ?? 0);
}
