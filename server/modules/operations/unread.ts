/**
 * Unread counts, derived from two counts kept per participant so that reading an event or the
 * events list never counts the history. An operation is unread by a participant while it is live,
 * last written by someone else, and not seen by them. So a participant's count is the event's live
 * operations (events.live_count, kept by triggers) less the live ones they last wrote
 * (event_participants.written_live) and the live ones last written by someone else that they have
 * seen (seen_live). A new operation changes its author's count alone, instead of every other
 * participant's (decision 0060). A write that changes who last wrote an operation, whether it is
 * live, its event or its seen marks takes the operations' part out of the counts before (sign -1)
 * and puts it back after (sign 1), under the event row lock, the way the balances are kept; the
 * ledger's property test and the integrity checks compare the counts with a count over the history.
 *
 * The same take-out-and-put-back keeps what each participant has written (written_volume: the sum
 * of the amounts of the live operations they last wrote), which the money bounds hold a writer to
 * (decision 0062): who last wrote an operation is the one thing both figures follow.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { eventParticipants, events, operations, operationSeen } from '../../db/schema';

/** Who last wrote operation `o`: the one for whom it is not unread, and whose seen mark on it does not count. */
const LAST_WRITER = sql`coalesce(o.edited_by, o.author_id)`;

/** The unread count of participant row `participant` (an alias of event_participants) of event row `event`. */
export function unreadOf(event: SQL, participant: SQL): SQL<number> {
  return sql<number>`(${event}.live_count - ${participant}.written_live - ${participant}.seen_live)`;
}

/** The same from rows already read: the event's live count and the participant's two counts. */
export function unreadFrom(event: { liveCount: number }, participant: { writtenLive: number; seenLive: number } | undefined): number {
  return participant ? Math.max(0, event.liveCount - participant.writtenLive - participant.seenLive) : 0;
}

/**
 * Runs `change` to some operations with their part in the counts (of their events' participants,
 * or only `who`'s) taken out before and put back after, as the change leaves it.
 */
export async function rewritingUnread<T>(db: Queryable, operationIds: readonly number[], change: () => Promise<T>, who?: number): Promise<T> {
  await shiftUnread(db, operationIds, -1, who);
  const result = await change();
  await shiftUnread(db, operationIds, 1, who);
  return result;
}

/**
 * The part `operationIds` play in the counts of their events' participants (or only `who`'s): a
 * live one counts as written by its last writer and as seen by everyone else who has seen it.
 */
export async function shiftUnread(db: Queryable, operationIds: readonly number[], sign: 1 | -1, who?: number): Promise<void> {
  if (operationIds.length === 0) return;
  const ids = sql.join(
    operationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const only = who === undefined ? sql`` : sql`and c.user_id = ${who}`;
  await db.execute(sql`
    with parts as (
      select o.event_id, ${LAST_WRITER} as user_id, 1 as written, abs(o.amount) as volume, 0 as seen
      from ${operations} o where o.id in (${ids}) and o.deleted_at is null
      union all
      select o.event_id, s.user_id, 0, 0, 1
      from ${operations} o join ${operationSeen} s on s.operation_id = o.id
      where o.id in (${ids}) and o.deleted_at is null and s.user_id <> ${LAST_WRITER}
    ), c as (
      select event_id, user_id, sum(written)::int as written, sum(volume) as volume, sum(seen)::int as seen from parts group by event_id, user_id
    )
    update ${eventParticipants} ep
    set written_live = ep.written_live + ${sign}::int * c.written, written_volume = ep.written_volume + ${sign}::int * c.volume,
      seen_live = ep.seen_live + ${sign}::int * c.seen
    from c where ep.event_id = c.event_id and ep.user_id = c.user_id ${only}`);
}

/** Counts afresh, over the event's history, for `uids` (everyone when omitted): people who joined, an import. */
export async function recountUnread(db: Queryable, eventId: number, uids?: readonly number[]): Promise<void> {
  if (uids && uids.length === 0) return;
  // One pass over the event's operations for all its people, not one per person and count.
  await db.execute(sql`
    update ${eventParticipants} ep set
      written_live = coalesce(w.written, 0), written_volume = coalesce(w.volume, 0), seen_live = coalesce(s.seen, 0)
    from ${eventParticipants} p
    left join (
      select ${LAST_WRITER} as user_id, count(*)::int as written, sum(abs(o.amount)) as volume
      from ${operations} o where o.event_id = ${eventId} and o.deleted_at is null
      group by 1
    ) w on w.user_id = p.user_id
    left join (
      select s.user_id, count(*)::int as seen
      from ${operations} o join ${operationSeen} s on s.operation_id = o.id
      where o.event_id = ${eventId} and o.deleted_at is null and ${LAST_WRITER} <> s.user_id
      group by s.user_id
    ) s on s.user_id = p.user_id
    where p.event_id = ${eventId} and ep.event_id = ${eventId} and ep.user_id = p.user_id ${
      uids
        ? sql`and p.user_id in (${sql.join(
            uids.map((uid) => sql`${uid}`),
            sql`, `,
          )})`
        : sql``
    }`);
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
