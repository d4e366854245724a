import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { makeAllDue, type MakeLog } from './occurrences';

export interface RecurrenceScheduler {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Makes due occurrences on start-up and then every `intervalMs`. Every process runs one; they take
 * turns per series under its event's lock, so none keeps state another needs.
 */
export function createRecurrenceScheduler(deps: { db: Db; now: Clock; intervalMs: number; log: MakeLog }): RecurrenceScheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    // A slow run (a long downtime to catch up) is not started again on top of itself.
    if (busy) return;
    busy = true;
    running = makeAllDue(deps.db, deps.now(), deps.log)
      .catch((err: unknown) => deps.log.error({ err }, 'recurring operations not made'))
      .finally(() => {
        busy = false;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
