import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { freshPGlite } from '../../../tests/api/fresh-pglite';
import { nameStatements, planEachStatementOnce, REMEMBERED_TEXTS } from './pglite-named';

const TABLE = 'create table t (id int primary key, label text, at timestamptz, tags int[], doc jsonb)';

async function named(): Promise<PGlite> {
  const client = await freshPGlite();
  nameStatements(client);
  await planEachStatementOnce(client);
  await client.exec(TABLE);
  return client;
}

/** The session's prepared statements that the client made, by the text they were made from. */
async function preparedTexts(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'dolya_%' and from_sql = false");
  return rows.map((r) => r.statement).filter((text) => !text.includes('pg_prepared_statements'));
}

const INSERT = 'insert into t (id, label, at, tags, doc) values ($1, $2, $3, $4, $5) returning id, label, at, tags, doc';
const SELECT = 'select id, label, at, tags, doc from t where id = any($1::int[]) order by id';

describe('the embedded client prepares the statements it repeats (decision 0051)', () => {
  it('answers a repeated statement as PGlite itself answers it, every type and a null included', async () => {
    const client = await named();
    const plain = await freshPGlite();
    await plain.exec(TABLE);
    for (let id = 1; id <= 4; id++) {
      const values = [id, id === 2 ? null : `row ${id}`, new Date(Date.UTC(2026, 2, id, 12)), [id, id * 10], { n: id, list: ['a', id] }];
      expect(await client.query(INSERT, values)).toEqual(await plain.query(INSERT, values));
    }
    for (const rowMode of ['object', 'array'] as const) {
      for (let i = 0; i < 3; i++) {
        const ours = await client.query(SELECT, [[1, 2, 4]], { rowMode });
        expect(ours).toEqual(await plain.query(SELECT, [[1, 2, 4]], { rowMode }));
        expect(ours.rows).toHaveLength(3);
      }
    }
  });

  it('prepares a text on its second sending, once, and binds it from then on', async () => {
    const client = await named();
    await client.query(SELECT, [[1]]);
    expect(await preparedTexts(client)).toEqual([]);
    for (let i = 0; i < 5; i++) await client.query(SELECT, [[i]]);
    await client.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await tx.query(SELECT, [[i]]);
    });
    expect(await preparedTexts(client)).toEqual([SELECT]);
  });

  it('a failing statement fails as before, its transaction rolls back, and the statement stays prepared', async () => {
    const client = await named();
    await client.query(INSERT, [1, 'one', null, null, null]);
    await client.query(INSERT, [2, 'two', null, null, null]);
    await expect(client.query(INSERT, [1, 'again', null, null, null])).rejects.toMatchObject({ code: '23505', query: INSERT });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(INSERT, [3, 'three', null, null, null]);
        await tx.query(INSERT, [2, 'again', null, null, null]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await client.query<{ id: number }>(SELECT, [[1, 2, 3]]);
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    await client.query(INSERT, [3, 'three', null, null, null]);
    expect(await preparedTexts(client)).toContain(INSERT);
  });

  it('a statement outside a transaction waits for the transaction under way, as PGlite does', async () => {
    const client = await named();
    await client.query(SELECT, [[1]]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(INSERT, [1, 'inside', null, null, null]);
      begun();
      await held;
      await tx.query(INSERT, [2, 'inside', null, null, null]);
    });
    await inside;
    let outside: number[] | null = null;
    const read = client.query<{ id: number }>(SELECT, [[1, 2]]).then((r) => (outside = r.rows.map((row) => row.id)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outside).toBeNull();
    release();
    await transaction;
    await read;
    expect(outside).toEqual([1, 2]);
  });

  it('keeps at most REMEMBERED_TEXTS prepared, closing those it forgets, and still answers them', async () => {
    const client = await named();
    const text = (i: number) => `select $1::int + ${i} as n`;
    for (let i = 0; i < REMEMBERED_TEXTS + 50; i++) {
      await client.query(text(i), [1]);
      expect((await client.query<{ n: number }>(text(i), [1])).rows).toEqual([{ n: 1 + i }]);
    }
    const prepared = await preparedTexts(client);
    expect(prepared.length).toBeLessThanOrEqual(REMEMBERED_TEXTS);
    expect(prepared).toContain(text(REMEMBERED_TEXTS + 49));
    expect(prepared).not.toContain(text(0));
    expect((await client.query<{ n: number }>(text(0), [2])).rows).toEqual([{ n: 2 }]);
  });

  it('plans a repeated statement once, for any values, where left to itself the database plans it for each', async () => {
    const client = await named();
    await client.query('insert into t (id, label) select i, null from generate_series(1, 500) i');
    await client.exec('analyze t');
    const plans = async () =>
      (
        await client.query<{ generic: number; custom: number }>(
          'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1',
          [SELECT],
        )
      ).rows;
    for (let i = 1; i <= 8; i++) expect((await client.query(SELECT, [Array.from({ length: i }, (_, k) => k * 7 + 1)])).rows).toHaveLength(i);
    // Sent 8 times: the first runs unprepared, the other 7 by the one plan made for all values.
    expect(await plans()).toEqual([{ generic: 7, custom: 0 }]);
    await client.exec('set plan_cache_mode = auto');
    for (let i = 1; i <= 3; i++) await client.query(SELECT, [[i]]);
    expect((await plans())[0]!.custom).toBe(3);
  });
});
