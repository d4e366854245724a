/**
 * Planner statistics for the embedded database (decision 0039). PostgreSQL's autovacuum analyzes
 * a table once a tenth of it has changed; PGlite runs no autovacuum, so its planner never learns
 * that `deleted_at is null` holds for nearly every event, guesses 3 of 1,000, and reads an owner's
 * balances through a loop over every event: the People page of someone in 1,000 events took 129 ms,
 * and 42 ms once analyzed. This does what autovacuum would: ANALYZE once the tables have grown by a tenth
 * since the last time (measured by their size on disk, which costs a catalogue read), checked at
 * start-up and then every `intervalMs`. ANALYZE samples at most 30,000 rows a table, so it takes
 * about a second however large the database, during which other queries wait.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rowsOf } from '../rows';
import { periodic, type Periodic } from '../../lib/periodic';
import { getMeta, setMeta } from '../meta';

/** The tables' bytes when they were last analyzed. */
export const ANALYZED_AT_SIZE = 'planner_statistics_size';
/** Growth since then that calls for another ANALYZE: autovacuum's analyze scale factor. */
export const GROWTH = 0.1;

async function tablesSize(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(pg_relation_size(c.oid)), 0)::text as bytes from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`,
  );
  return Number(rowsOf<{ bytes: string }>(result)[0]?.bytes ?? 0);
}

/** ANALYZE when the tables have grown by GROWTH since it last ran (or it never has); true when it ran. */
export async function analyzeIfGrown(db: Db): Promise<boolean> {
  const size = await tablesSize(db);
  const analyzedAt = Number((await getMeta(db, ANALYZED_AT_SIZE)) ?? NaN);
  if (size <= analyzedAt * (1 + GROWTH)) return false;
  await db.execute(sql`analyze`);
  await setMeta(db, ANALYZED_AT_SIZE, String(size));
  return true;
}

/** Checks at start and every `intervalMs`; a failed check is logged and tried again at the next. */
export function keepPlannerStatistics(deps: { db: Db; intervalMs: number; log: (err: unknown) => void }): Periodic {
  return periodic(() => analyzeIfGrown(deps.db).catch(deps.log), deps.intervalMs);
}
