import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { openEmbeddedTestDatabase } from '../../../tests/api/harness';
import { getMeta } from '../meta';
import { analyzeIfGrown, ANALYZED_AT_SIZE } from './planner-statistics';
import { events } from '../schema';

let database: Database;
beforeEach(async () => {
  database = await openEmbeddedTestDatabase();
});
afterEach(async () => {
  await database.close();
});

/** The planner's guess of the live events, the one that made an owner's balances loop over every event. */
async function estimatedLiveEvents(): Promise<number> {
  const result = (await database.db.execute(sql`explain (format json) select id from events where deleted_at is null`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];
  };
  return result.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}

const addEvents = (n: number) => database.db.insert(events).values(Array.from({ length: n }, (_, i) => ({ name: `Trip ${i}`, ownerId: 1, currency: 'RUB' })));

describe('the embedded database planner statistics', () => {
  it('are gathered when never gathered, so the planner knows how many events are live', async () => {
    await addEvents(1000);
    expect(await estimatedLiveEvents()).toBeLessThan(100);
    expect(await analyzeIfGrown(database.db)).toBe(true);
    expect(await estimatedLiveEvents()).toBe(1000);
    expect(Number(await getMeta(database.db, ANALYZED_AT_SIZE))).toBeGreaterThan(0);
  });

  it('are gathered again only once the tables have grown by a tenth', async () => {
    await addEvents(1000);
    await analyzeIfGrown(database.db);
    const analyzedAt = Number(await getMeta(database.db, ANALYZED_AT_SIZE));
    expect(await analyzeIfGrown(database.db)).toBe(false);
    // Grown, but not by a tenth of every table's bytes together.
    await addEvents(10);
    expect(await analyzeIfGrown(database.db)).toBe(false);
    expect(Number(await getMeta(database.db, ANALYZED_AT_SIZE))).toBe(analyzedAt);
    await addEvents(20_000);
    expect(await analyzeIfGrown(database.db)).toBe(true);
    expect(await estimatedLiveEvents()).toBe(21_010);
    expect(Number(await getMeta(database.db, ANALYZED_AT_SIZE))).toBeGreaterThan(analyzedAt * 1.1);
  });
});
