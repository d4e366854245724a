import { and, eq, gte, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';

/** A fixed-window limit: at most `max` counted events per `windowMs` for one subject (a phone, an address). */
export interface RateLimit {
  /** Prefix of the counter key, e.g. 'code:phone'. */
  name: string;
  max: number;
  windowMs: number;
}

function windowOf(limit: RateLimit, now: Date): Date {
  return new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
}

const keyOf = (limit: RateLimit, subject: string) => `${limit.name}:${subject}`;

/**
 * Counts `events` events (one by default) and returns the count in the current window, these
 * included. One upsert, so concurrent requests in any number of API processes never lose an
 * increment (DESIGN §1).
 */
export async function hit(db: Queryable, limit: RateLimit, subject: string, now: Date, events = 1): Promise<number> {
  const key = keyOf(limit, subject);
  const windowStart = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: events })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + ${events}` } })
    .returning({ count: rateLimits.count });
  const count = row!.count;
  // The first events of a window are the moment the previous windows of this key stopped mattering.
  if (count === events) await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, windowStart)));
  return count;
}

/**
 * Takes back counted events of the current window: a limit that reserves its count before the
 * work it guards (so parallel requests cannot all pass the check) gives the reservation back when
 * the work turns out not to count, such as a right password.
 */
export async function release(db: Queryable, limit: RateLimit, subject: string, now: Date, events = 1): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${events}, 0)` })
    .where(and(eq(rateLimits.key, keyOf(limit, subject)), eq(rateLimits.windowStart, windowOf(limit, now))));
}

/** Whether anything was counted for `subject` in this window or the one before: a memory of at least one window's length. */
export async function countedLately(db: Queryable, limit: RateLimit, subject: string, now: Date): Promise<boolean> {
  const since = new Date(windowOf(limit, now).getTime() - limit.windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, keyOf(limit, subject)), gte(rateLimits.windowStart, since), gt(rateLimits.count, 0)))
    .limit(1);
  return row !== undefined;
}
