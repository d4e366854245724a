import { and, eq, lt, sql } from 'drizzle-orm';
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
 * Counts one event and returns the count in the current window, this one included. One upsert,
 * so concurrent requests in any number of API processes never lose an increment (DESIGN §1).
 */
export async function hit(db: Queryable, limit: RateLimit, subject: string, now: Date): Promise<number> {
  const key = keyOf(limit, subject);
  const windowStart = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row!.count;
  // The first event of a window is the moment the previous windows of this key stopped mattering.
  if (count === 1) await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, windowStart)));
  return count;
}

/**
 * Takes back one counted event of the current window: a limit that reserves its count before the
 * work it guards (so parallel requests cannot all pass the check) gives the reservation back when
 * the work turns out not to count, such as a right password.
 */
export async function release(db: Queryable, limit: RateLimit, subject: string, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, keyOf(limit, subject)), eq(rateLimits.windowStart, windowOf(limit, now))));
}
