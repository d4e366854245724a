import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { rowsOf } from './rows';
import { openEmbeddedTestDatabase } from '../../tests/api/harness';

/** Runs SQL as the server's administrator (the DATABASE_URL user), on its default database. */
async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

describe.runIf(!!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('survives the server closing its idle connections, and reconnects on the next query', async () => {
    const name = `dolya_pool_${randomBytes(6).toString('hex')}`;
    await asAdmin((admin) => admin.query(`create database ${name}`));
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const errors: Error[] = [];
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), onConnectionError: (e) => errors.push(e) });
    try {
      expect(await database.ping()).toBe(true);
      const terminated = await asAdmin((admin) =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]),
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect(errors[0]!.message).toMatch(/terminating connection/);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
      await asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
    }
  });
});

describe.runIf(!process.env.DATABASE_URL)('the embedded database', () => {
  it('plans each statement it repeats once, for any values (decision 0053)', async () => {
    const database = await openEmbeddedTestDatabase();
    try {
      const shown = await database.db.execute(sql`show plan_cache_mode`);
      expect(rowsOf<{ plan_cache_mode: string }>(shown)).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    } finally {
      await database.close();
    }
  });
});
