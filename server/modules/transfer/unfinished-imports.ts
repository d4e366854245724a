import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventParticipants, events } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { periodic, type Periodic } from '../../lib/periodic';
import { prunePlaceholders } from '../contacts/repository';
import { discardEvent } from './repository';

/**
 * An import writes 20,000 rows in well under a minute; one whose event is still hidden an hour
 * after it began was cut short (its process ended) and will never finish. Far enough that no
 * import still running on any process is taken for one.
 */
export const UNFINISHED_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * Removes the events of imports cut short, with everything written in them and the people known by
 * name alone they made; the contacts such an import added stay, as any contact added does.
 * Returns how many were removed.
 */
export async function discardUnfinishedImports(db: Db, now: Date): Promise<number> {
  const cutShort = await db
    .select({ id: events.id })
    .from(events)
    .where(and(isNotNull(events.importingSince), lt(events.importingSince, new Date(now.getTime() - UNFINISHED_AFTER_MS))));
  for (const { id } of cutShort) {
    await db.transaction(async (tx) => {
      const people = await tx.select({ id: eventParticipants.userId }).from(eventParticipants).where(eq(eventParticipants.eventId, id));
      await discardEvent(tx, id);
      await prunePlaceholders(
        tx,
        people.map((p) => p.id),
      );
    });
  }
  return cutShort.length;
}

/** Looks on start-up, after a crash is when there are some, and then every quarter of an hour, on every process. */
export function createUnfinishedImportSweeper(deps: {
  db: Db;
  now: Clock;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}): Periodic {
  return periodic(async () => {
    try {
      const removed = await discardUnfinishedImports(deps.db, deps.now());
      if (removed > 0) deps.log.info({ removed }, 'imports cut short removed');
    } catch (err) {
      deps.log.error({ err }, 'imports cut short not removed');
    }
  }, SWEEP_EVERY_MS);
}
