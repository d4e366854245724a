import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { getMeta, setMeta } from './meta';
import { meta } from './schema';
import { isPlainRead, WriteGeneration } from './write-generation';

describe('isPlainRead', () => {
  it('takes plain selects for reads and anything that may write for a write', () => {
    expect(isPlainRead('select "id" from "events" where "id" = $1')).toBe(true);
    expect(isPlainRead('  SELECT 1')).toBe(true);
    expect(isPlainRead('select "deleted_at", "updated_at" from "operations"')).toBe(true);
    for (const write of [
      'insert into "events" ("name") values ($1)',
      'update "events" set "name" = $1',
      'delete from "events"',
      'with moved as (update "operations" set "event_id" = $1 returning "id") select * from moved',
      'select nextval(\'events_id_seq\')',
      'select pg_advisory_xact_lock(1)',
      'select * from "operations" for update',
      'analyze',
      '(select 1) union (select 2)',
    ]) {
      expect(isPlainRead(write), write).toBe(false);
    }
  });
});

describe('WriteGeneration', () => {
  it('moves on once a write has ended, committed or not, and not before', async () => {
    const writes = new WriteGeneration();
    let during: number | undefined;
    await writes.around(async () => {
      during = writes.generation;
    });
    expect([during, writes.generation]).toEqual([0, 1]);
    await expect(writes.around(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(writes.generation).toBe(2);
  });
});

describe('the embedded database counts its writes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => database.close());

  it('through statements and transactions, but not through reads', async () => {
    const writes = database.writes!;
    const before = writes.generation;
    await getMeta(database.db, 'generation_test');
    await database.db.execute(sql`select 1`);
    expect(writes.generation).toBe(before);

    await setMeta(database.db, 'generation_test', '1');
    const afterInsert = writes.generation;
    expect(afterInsert).toBeGreaterThan(before);

    // A transaction counts as a write whatever it does, once it has ended.
    let inside: number | undefined;
    await database.db.transaction(async (tx) => {
      await tx.update(meta).set({ value: '2' }).where(eq(meta.key, 'generation_test'));
      inside = writes.generation;
    });
    expect(inside).toBe(afterInsert);
    expect(writes.generation).toBeGreaterThan(afterInsert);
  });
});
