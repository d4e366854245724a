import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { contacts, eventParticipants, events, families, operationEntries, operationSeen, operations, pairBalances, users } from '../../db/schema';

/**
 * Everyone the viewer has as a contact or shares a live event or dialogue with, the viewer
 * excluded. People met only in deleted events are not listed: those events' balances are out of
 * view too until the event is restored.
 */
export async function peopleIdsOf(db: Queryable, viewer: number): Promise<number[]> {
  const fromContacts = await db.select({ id: contacts.contactId }).from(contacts).where(eq(contacts.ownerId, viewer));
  const mine = alias(eventParticipants, 'mine');
  const fromEvents = await db
    .selectDistinct({ id: eventParticipants.userId })
    .from(mine)
    .innerJoin(events, and(eq(events.id, mine.eventId), isNull(events.deletedAt)))
    .innerJoin(eventParticipants, eq(eventParticipants.eventId, mine.eventId))
    .where(eq(mine.userId, viewer));
  const ids = new Set([...fromContacts, ...fromEvents].map((r) => r.id));
  ids.delete(viewer);
  return [...ids];
}

/** True when the viewer has `uid` as a contact or shares a live event with them. */
export async function knowsPerson(db: Queryable, viewer: number, uid: number): Promise<boolean> {
  if (uid === viewer) return false;
  const [contact] = await db
    .select({ id: contacts.contactId })
    .from(contacts)
    .where(and(eq(contacts.ownerId, viewer), eq(contacts.contactId, uid)))
    .limit(1);
  if (contact) return true;
  return (await sharedEventRows(db, viewer, uid)).length > 0;
}

export interface SharedEventRow {
  id: number;
  name: string;
  currency: string;
  dialogueKey: string | null;
  lastActivityAt: Date;
}

/** Live events and dialogues both people take part in, most recently active first. */
export async function sharedEventRows(db: Queryable, a: number, b: number): Promise<SharedEventRow[]> {
  const pa = alias(eventParticipants, 'pa');
  const pb = alias(eventParticipants, 'pb');
  return db
    .select({ id: events.id, name: events.name, currency: events.currency, dialogueKey: events.dialogueKey, lastActivityAt: events.lastActivityAt })
    .from(events)
    .innerJoin(pa, and(eq(pa.eventId, events.id), eq(pa.userId, a)))
    .innerJoin(pb, and(eq(pb.eventId, events.id), eq(pb.userId, b)))
    .where(isNull(events.deletedAt))
    .orderBy(desc(events.lastActivityAt), desc(events.id));
}

export interface PairBalanceRow {
  eventId: number;
  /** The event currency, in which the amounts are kept. */
  currency: string;
  other: number;
  /** Minor units the other person owes the viewer in this event (negative: the viewer owes them). */
  amount: number;
}

/**
 * The viewer's balance with each person in each live event (schema pairBalances): one row per
 * event and person, whatever the number of operations, found through the lo and hi indexes.
 * With `others`, only those people.
 */
export async function pairBalancesOf(db: Queryable, viewer: number, others?: readonly number[]): Promise<PairBalanceRow[]> {
  type Side = typeof pairBalances.lo | typeof pairBalances.hi;
  const onlyOthers = (column: Side) => (others === undefined ? sql`true` : inArray(column, [...others]));
  const side = (mine: Side, theirs: Side, sign: 1 | -1) =>
    db
      .select({
        eventId: pairBalances.eventId,
        currency: events.currency,
        other: theirs,
        amount: sql<number>`${sign}::int * ${pairBalances.amount}`.mapWith(Number),
      })
      .from(pairBalances)
      .innerJoin(events, and(eq(events.id, pairBalances.eventId), isNull(events.deletedAt)))
      .where(and(eq(mine, viewer), ne(pairBalances.amount, 0), onlyOthers(theirs)));
  // As `lo` the viewer owes a positive amount; as `hi` is owed it.
  const rows = [...(await side(pairBalances.lo, pairBalances.hi, -1)), ...(await side(pairBalances.hi, pairBalances.lo, 1))];
  return rows.map((r) => ({ ...r, currency: r.currency.trim() }));
}

export interface FamilyRow {
  id: number;
  headId: number;
}

export async function familiesByIds(db: Queryable, ids: readonly number[]): Promise<FamilyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: families.id, headId: families.headId })
    .from(families)
    .where(inArray(families.id, [...ids]));
}

export async function familyIdOf(db: Queryable, uid: number): Promise<number | null> {
  const [row] = await db.select({ familyId: users.familyId }).from(users).where(eq(users.id, uid));
  return row?.familyId ?? null;
}

/** What a payback request keeps in its comment's meta, beside the comment's own fields. */
export interface PaybackRequestMeta {
  request: 'payback';
  /** The debtor asked. */
  to: number;
  /** Minor units per currency. */
  amounts: { currency: string; amount: number }[];
  /**
   * Paybacks count towards the request from after this operation: the request's own id when it
   * was made, the newest operation's when a repeat renewed it with the debt as it then stood.
   */
  since?: number;
}

export interface RequestRow {
  id: number;
  eventId: number;
  authorId: number;
  createdAt: Date;
  meta: unknown;
}

/** Live payback requests in one event (the dialogue), newest first. */
export async function paybackRequestsIn(db: Queryable, eventId: number): Promise<RequestRow[]> {
  return db
    .select({ id: operations.id, eventId: operations.eventId, authorId: operations.authorId, createdAt: operations.createdAt, meta: operations.meta })
    .from(operations)
    .where(and(eq(operations.eventId, eventId), eq(operations.kind, 'comment'), isNull(operations.deletedAt), sql`${operations.meta}->>'request' = 'payback'`))
    .orderBy(desc(operations.id));
}

/**
 * Renews an open request with the debt as it stands now: its text, amounts and time, paybacks
 * counted from now on, and unread again for everyone but its author.
 */
export async function renewPaybackRequest(
  db: Queryable,
  id: number,
  authorId: number,
  meta: PaybackRequestMeta & Record<string, unknown>,
  now: Date,
): Promise<RequestRow> {
  const [latest] = await db.select({ id: sql<number>`max(${operations.id})` }).from(operations);
  const [row] = await db
    .update(operations)
    .set({ meta: { ...meta, since: Number(latest?.id ?? id) }, createdAt: now, opDate: now })
    .where(eq(operations.id, id))
    .returning({ id: operations.id, eventId: operations.eventId, authorId: operations.authorId, createdAt: operations.createdAt, meta: operations.meta });
  await db.delete(operationSeen).where(and(eq(operationSeen.operationId, id), ne(operationSeen.userId, authorId)));
  return row!;
}

export interface PaybackRow {
  id: number;
  currency: string;
  originalAmount: number;
  meta: unknown;
}

/**
 * Live paybacks in live events in which both people have an entry, recorded after operation
 * `afterId` (operation ids follow creation order).
 */
export async function paybacksBetween(db: Queryable, a: number, b: number, afterId: number): Promise<PaybackRow[]> {
  const ea = alias(operationEntries, 'ea');
  const eb = alias(operationEntries, 'eb');
  return db
    .select({ id: operations.id, currency: operations.currency, originalAmount: operations.originalAmount, meta: operations.meta })
    .from(ea)
    .innerJoin(eb, and(eq(eb.operationId, ea.operationId), eq(eb.userId, b)))
    .innerJoin(operations, and(eq(operations.id, ea.operationId), eq(operations.kind, 'payback'), isNull(operations.deletedAt), gt(operations.id, afterId)))
    .innerJoin(events, and(eq(events.id, operations.eventId), isNull(events.deletedAt)))
    .where(eq(ea.userId, a))
    .orderBy(asc(operations.id));
}
