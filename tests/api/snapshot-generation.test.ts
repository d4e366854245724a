/**
 * The database snapshot that is a request's write generation on PostgreSQL (decision 0047): it
 * must move whenever a write ends on any connection, committed or rolled back, or a process would
 * answer a read kept from before another process's write.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/client';
import { SNAPSHOT_GENERATION } from '../../server/db/write-generation';
import { databaseForFile } from './harness';

const file = databaseForFile();

async function generation(db: Queryable): Promise<string> {
  const result = (await db.execute(sql`select ${SNAPSHOT_GENERATION} as g`)) as unknown as { rows: { g: string }[] };
  return result.rows[0]!.g;
}

/** Runs statements on a connection of its own (PostgreSQL), or on the one connection there is (embedded). */
async function onAnotherConnection(statements: string[]): Promise<void> {
  const { url, db } = file.database;
  if (!url) {
    for (const statement of statements) await db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('the snapshot generation', () => {
  it('moves when another connection commits a write, and when it rolls one back', async () => {
    const { db } = file.database;
    const before = await generation(db);
    await onAnotherConnection([`insert into meta (key, value) values ('snapshot_test', '1')`]);
    const committed = await generation(db);
    expect(committed).not.toBe(before);

    await onAnotherConnection(['begin', `update meta set value = '2' where key = 'snapshot_test'`, 'rollback']);
    const rolledBack = await generation(db);
    expect(rolledBack).not.toBe(committed);
    expect(rolledBack).not.toBe(before);
  });

  // On a PostgreSQL server shared with other test files, their writes move it at any moment.
  it.runIf(!process.env.DATABASE_URL)('stands still over plain reads and a transaction that only reads', async () => {
    const { db } = file.database;
    const before = await generation(db);
    await db.execute(sql`select count(*) from meta`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from events`);
    });
    expect(await generation(db)).toBe(before);
  });
});
