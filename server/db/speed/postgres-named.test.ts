import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/api/harness';
import { rowsOf } from '../rows';
import { nameRepeatedStatements, statementName, StatementNames } from './postgres-named';

describe('which statements are named', () => {
  it('names a text from its second sending on, the same name each time', () => {
    const names = new StatementNames();
    expect(names.nameOf('select 1 where $1')).toBeUndefined();
    expect(names.nameOf('select 1 where $1')).toBe(statementName('select 1 where $1'));
    expect(names.nameOf('select 1 where $1')).toBe(statementName('select 1 where $1'));
    expect(names.nameOf('select 2 where $1')).toBeUndefined();
  });

  it('gives different texts different names that PostgreSQL accepts (at most 63 bytes)', () => {
    const a = statementName('select $1::int');
    const b = statementName('select $1::int ');
    expect(a).not.toBe(b);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(63);
  });

  it('names no more than its limit of texts: later ones run unnamed', () => {
    const names = new StatementNames(2);
    for (const text of ['a', 'a', 'b', 'b', 'c']) names.nameOf(text);
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBe(statementName('a'));
    expect(names.nameOf('b')).toBe(statementName('b'));
  });
});

const PREPARED = 'select name, statement from pg_prepared_statements order by name';

describe.runIf(!!process.env.DATABASE_URL)('named statements on a PostgreSQL connection', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    // One connection, so every statement of the test meets the same session's prepared statements.
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    nameRepeatedStatements(pool);
  });
  afterAll(() => pool.end());

  const twice = 'select $1::int * 2 as v';

  it('prepares a repeated text once under its name, and binds each run its own values', async () => {
    const values = [];
    for (const n of [1, 2, 3]) values.push((await pool.query<{ v: number }>({ text: twice, values: [n] })).rows[0]!.v);
    expect(values).toEqual([2, 4, 6]);
    const once = 'select $1::int + 1 as v';
    await pool.query({ text: once, values: [1] });
    await pool.query('select 42');
    const prepared = (await pool.query<{ name: string; statement: string }>(PREPARED)).rows;
    expect(prepared).toEqual([{ name: statementName(twice), statement: twice }]);
  });

  it('runs it again after a run that failed and after a rolled back transaction', async () => {
    const divide = 'select 10 / $1::int as v';
    expect((await pool.query({ text: divide, values: [2] })).rows).toEqual([{ v: 5 }]);
    await expect(pool.query({ text: divide, values: [0] })).rejects.toThrow(/division by zero/);
    const client = await pool.connect();
    try {
      await client.query('begin');
      expect((await client.query({ text: divide, values: [5] })).rows).toEqual([{ v: 2 }]);
      await expect(client.query({ text: divide, values: [0] })).rejects.toThrow(/division by zero/);
      await client.query('rollback');
      expect((await client.query({ text: divide, values: [1] })).rows).toEqual([{ v: 10 }]);
    } finally {
      client.release();
    }
    const names = (await pool.query<{ name: string }>(PREPARED)).rows.map((r) => r.name);
    expect(names).toContain(statementName(divide));
  });

  it('heals when the session loses its prepared statements: one run fails, the next is prepared again', async () => {
    expect((await pool.query({ text: twice, values: [5] })).rows).toEqual([{ v: 10 }]);
    await pool.query('deallocate all');
    await expect(pool.query({ text: twice, values: [6] })).rejects.toMatchObject({ code: '26000' });
    expect((await pool.query({ text: twice, values: [7] })).rows).toEqual([{ v: 14 }]);
    const client = await pool.connect();
    try {
      await client.query('discard all');
      await expect(client.query({ text: twice, values: [8] })).rejects.toMatchObject({ code: '26000' });
      expect((await client.query({ text: twice, values: [9] })).rows).toEqual([{ v: 18 }]);
    } finally {
      client.release();
    }
  });
});

describe.runIf(!!process.env.DATABASE_URL)('the server on PostgreSQL', () => {
  async function preparedAfterRepeats(preparedStatements: boolean | undefined): Promise<string[]> {
    const database = await openTestDatabase({ preparedStatements });
    try {
      return await database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.execute(sql`select count(*) from users where id > ${i}`);
        const rows = rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements`));
        return rows.map((r) => r.statement);
      });
    } finally {
      await database.close();
      await database.drop?.();
    }
  }

  it('sends the statements it repeats as named prepared statements', async () => {
    expect(await preparedAfterRepeats(undefined)).toContain('select count(*) from users where id > $1');
  });

  it('sends none when told not to, as behind pgbouncer in transaction pooling', async () => {
    expect(await preparedAfterRepeats(false)).toEqual([]);
  });
});
