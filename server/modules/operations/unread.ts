/**
 * Unread counts kept per participant (event_participants.unread), so that reading an event or the
 * events list never counts the history. An operation is unread by a participant while it is live,
 * last written by someone else, and not seen by them. A write that changes any of those takes the
 * operations' part out of the counts before (sign -1) and puts it back after (sign 1), under the
 * event row lock, the way the balances are kept; the ledger's property test and the integrity
 * checks compare the counts with a count over the history.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { eventParticipants, events, operations, operationSeen } from '../../db/schema';

/** Operation `o` is unread by `user`: live, last written by someone else, not seen by them. */
function unreadBy(user: SQL): SQL {
  return sql`o.deleted_at is null and coalesce(o.edited_by, o.author_id) <> ${user}
    and not exists (select 1 from ${operationSeen} s where s.user_id = ${user} and s.operation_id = o.id)`;
}

/**
 * Runs `change` to some operations with their part in the unread counts (of their events'
 * participants, or only `who`'s) taken out before and put back after, as the change leaves it.
 */
export async function rewritingUnread<T>(db: Queryable, operationIds: readonly number[], change: () => Promise<T>, who?: number): Promise<T> {
  await shiftUnread(db, operationIds, -1, who);
  const result = await change();
  await shiftUnread(db, operationIds, 1, who);
  return result;
}

/** The part `operationIds` play in the counts of their events' participants (or only `who`'s). */
export async function shiftUnread(db: Queryable, operationIds: readonly number[], sign: 1 | -1, who?: number): Promise<void> {
  if (operationIds.length === 0) return;
  await db.execute(sql`
    update ${eventParticipants} ep set unread = ep.unread + ${sign}::int * c.n
    from (
      select o.event_id, p.user_id, count(*)::int as n
      from ${operations} o join ${eventParticipants} p on p.event_id = o.event_id
      where o.id in (${sql.join(operationIds.map((id) => sql`${id}`), sql`, `)})
        ${who === undefined ? sql`` : sql`and p.user_id = ${who}`}
        and ${unreadBy(sql`p.user_id`)}
      group by o.event_id, p.user_id
    ) c
    where ep.event_id = c.event_id and ep.user_id = c.user_id`);
}

/** Counts afresh, over the event's history, for `uids` (everyone when omitted): people who joined, an import. */
export async function recountUnread(db: Queryable, eventId: number, uids?: readonly number[]): Promise<void> {
  if (uids && uids.length === 0) return;
  await db.execute(sql`
    update ${eventParticipants} ep set unread = (
      select count(*)::int from ${operations} o
      where o.event_id = ep.event_id and ${unreadBy(sql`ep.user_id`)}
    )
    where ep.event_id = ${eventId} ${uids ? sql`and ep.user_id in (${sql.join(uids.map((uid) => sql`${uid}`), sql`, `)})` : sql``}`);
}

/**
 * Before the viewer's seen marks change outside a write that locks the event: waits for any writer
 * of the event (which holds its row for update) and for the viewer's own other marking, so the
 * count taken out and put back is read after theirs.
 */
export async function lockViewerCount(db: Queryable, eventId: number, viewer: number): Promise<void> {
  await db.execute(sql`select 1 from ${events} where id = ${eventId} for share`);
  await db.execute(sql`select 1 from ${eventParticipants} where event_id = ${eventId} and user_id = ${viewer} for update`);
}
