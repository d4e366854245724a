import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { freshPGlite } from '../../../tests/api/fresh-pglite';
import { installDrizzleParsers, TYPES_DRIZZLE_READS } from './pglite-parsers';
import { wrapStatements, type Query } from './pglite-statements';

/** Notes the options each query reaches PGlite with, in a transaction or not. */
function spyOnOptions(client: PGlite): QueryOptions[] {
  const seen: QueryOptions[] = [];
  wrapStatements(
    client,
    (query) =>
      ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push(options ?? {});
        return query(text, params, options);
      }) as Query,
  );
  return seen;
}

const EVERY_KIND = sql`select
  timestamp '2026-03-01 12:30:00' as ts,
  timestamptz '2026-03-01 12:30:00+03' as tstz,
  date '2026-03-01' as d,
  interval '1 day 2 hours' as iv,
  12.50::numeric as n,
  array[1.5, 2]::numeric[] as ns,
  array[timestamp '2026-03-01 12:30:00']::timestamp[] as tss,
  array[timestamptz '2026-03-01 12:30:00+03']::timestamptz[] as tstzs,
  array[interval '1 hour']::interval[] as ivs,
  array[date '2026-03-01', date '2026-03-02'] as ds,
  array[1, 2]::int[] as ints,
  9007199254740993::bigint as big,
  '{"a": [1, "b"]}'::jsonb as j,
  true as yes,
  null::text as nothing`;

describe('drizzle parsers installed once on the embedded database', () => {
  async function client(install: boolean) {
    const made = await freshPGlite();
    const seen = spyOnOptions(made);
    if (install) await installDrizzleParsers(made);
    return { made, db: drizzle({ client: made }), seen };
  }

  it('covers every type drizzle asks to read as text, and drizzle reads them as text', async () => {
    const { db, seen } = await client(false);
    await db.execute(sql`select 1`);
    await db.transaction((tx) => tx.execute(sql`select 1`));
    const withParsers = seen.filter((options) => options.parsers);
    expect(withParsers.length).toBeGreaterThan(1);
    for (const options of withParsers) {
      const parsers = options.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...TYPES_DRIZZLE_READS].sort());
      for (const parse of Object.values(parsers)) expect(parse('2026-03-01 12:30:00')).toBe('2026-03-01 12:30:00');
    }
  });

  it('gives the same rows as drizzle with its own parsers, in and out of a transaction', async () => {
    const plain = await client(false);
    const installed = await client(true);
    const expected = await plain.db.execute(EVERY_KIND);
    expect(expected.rows[0]?.ts).toBe('2026-03-01 12:30:00');
    expect(await installed.db.execute(EVERY_KIND)).toEqual(expected);
    expect(await installed.db.transaction((tx) => tx.execute(EVERY_KIND))).toEqual(expected);
  });

  it('passes queries on without parsers to copy, in and out of a transaction', async () => {
    const { db, seen } = await client(true);
    await db.execute(sql`select 1`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
      // A nested transaction is a savepoint on the same transaction object.
      await tx.transaction((inner) => inner.execute(sql`select 3`));
    });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const options of seen) expect(options.parsers).toBeUndefined();
  });

  it('keeps parsers a query brings for other types', async () => {
    const { made } = await client(true);
    const result = await made.query<{ n: unknown }>('select 12.5::numeric as n', [], { parsers: { 1700: (value) => `n=${value}` } });
    expect(result.rows[0]?.n).toBe('n=12.5');
  });
});
