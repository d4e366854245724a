import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { periodic, type Periodic } from '../../lib/periodic';
import { makeAllDue, type MakeLog } from './occurrences';

export type RecurrenceScheduler = Periodic;

/**
 * Makes due occurrences on start-up and then every `intervalMs`. Every process runs one; they take
 * turns per series under its event's lock, so none keeps state another needs.
 */
export function createRecurrenceScheduler(deps: { db: Db; now: Clock; intervalMs: number; log: MakeLog }): RecurrenceScheduler {
  return periodic(
    () => makeAllDue(deps.db, deps.now(), deps.log).catch((err: unknown) => deps.log.error({ err }, 'recurring operations not made')),
    deps.intervalMs,
  );
}
