/**
 * A request's write generation as the database gives it: the snapshot on PostgreSQL (decision
 * 0047), the count of writes on the embedded database (0040). It must move whenever a write ends on
 * any connection, committed or rolled back, or a process would answer a read kept from before
 * another process's write.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseForFile } from './harness';

const file = databaseForFile();

const generation = async () => file.database.writes.current();

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

describe('the write generation', () => {
  it('moves when another connection commits a write, and when it rolls one back', async () => {
    const before = await generation();
    await onAnotherConnection([`insert into meta (key, value) values ('snapshot_test', '1')`]);
    const committed = await generation();
    expect(committed).not.toBe(before);

    await onAnotherConnection(['begin', `update meta set value = '2' where key = 'snapshot_test'`, 'rollback']);
    const rolledBack = await generation();
    expect(rolledBack).not.toBe(committed);
    expect(rolledBack).not.toBe(before);
  });
});
