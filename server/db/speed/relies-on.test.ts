import { emptyPGlite } from '../../../tests/api/fresh-pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * What this folder takes from inside Drizzle, PGlite and node-postgres, beyond their documented
 * interfaces (README.md): one check per reliance, named after it, so an upgrade that moves one of
 * them fails here with the name of what moved, before any figure or answer goes wrong. Each
 * module's own tests then say whether it still does its job.
 */
const client = await emptyPGlite();
afterAll(() => client.close());

describe('what the speed machinery relies on', () => {
  it('Drizzle: a select is prepared through its session’s prepareQuery, which built-once.ts records and replays', async () => {
    const db = drizzle(client);
    expect(db._.session).toBeInstanceOf(PgSession);
    const seen: unknown[][] = [];
    const session = db._.session as unknown as { prepareQuery: (...args: unknown[]) => { execute(values?: Record<string, unknown>): Promise<unknown> } };
    const original = session.prepareQuery.bind(session);
    session.prepareQuery = (...args: unknown[]) => {
      seen.push(args);
      return original(...args);
    };
    const prepared = db
      .select({ two: sql<number>`1 + ${sql.placeholder('n')}::int` })
      .from(sql`(select 1) as one`)
      .prepare('relies_on_probe');
    expect(await prepared.execute({ n: 1 })).toEqual([{ two: 2 }]);
    // The first argument is the query (its text and parameters), the second the fields read back.
    const [query, fields] = seen[seen.length - 1]!;
    expect(query).toMatchObject({ sql: expect.any(String), params: expect.any(Array) });
    expect(fields).toEqual(expect.any(Array));
    // Replayed on the session, as built-once.ts does it: the same answer.
    expect(await original(...seen[seen.length - 1]!).execute({ n: 1 })).toEqual([{ two: 2 }]);
  });

  it('PGlite: query, the exclusive queue, the wire protocol stream and the parser table', async () => {
    await client.waitReady;
    const inner = client as unknown as Record<string, unknown>;
    expect(typeof client.query).toBe('function');
    expect(typeof inner._runExclusiveQuery, 'pglite-named.ts runs its statements through it').toBe('function');
    expect(typeof inner.execProtocolStream, 'pglite-named.ts prepares and executes by name through it').toBe('function');
    const parsers = inner.parsers as Record<number, unknown> | undefined;
    expect(typeof parsers, 'pglite-parsers.ts installs drizzle’s parsers into it').toBe('object');
    // 1184 is timestamptz: the table holds a parser per type oid.
    expect(typeof parsers?.[1184]).toBe('function');
    expect(typeof client.transaction).toBe('function');
  });

  it('node-postgres: the connection’s record of the statements it has parsed', () => {
    const connection = (new pg.Client() as unknown as { connection?: { parsedStatements?: unknown } }).connection;
    expect(typeof connection?.parsedStatements, 'postgres-named.ts reads which names a connection already holds').toBe('object');
  });
});
