import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { fillPendingDebts } from './operation-debts';
import { nameStatements, planEachStatementOnce } from './speed/pglite-named';
import { nameRepeatedStatements } from './speed/postgres-named';
import { installDrizzleParsers } from './speed/pglite-parsers';
import { takeTurns } from './speed/pglite-turns';
import { SNAPSHOT_QUERY, SnapshotWatch, watchWrites, type ReadPoint, type WriteWatch } from './speed/write-generation';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can query through: the database or a transaction inside it. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded database's files as one archive (backups, and the test template). */
  dump?(): Promise<Blob>;
  /**
   * How a request learns whether a write ended since an answer was read: on the embedded database,
   * which only this process can reach, its count of writes (decision 0040); on PostgreSQL, where
   * other processes write too, the database's snapshot (decision 0047).
   */
  writes: WriteWatch;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | {
      kind: 'postgres';
      url: string;
      /** Told of a pooled connection the server closed (a restart, an administrator's command). */
      onConnectionError?: (error: Error) => void;
      /**
       * Whether repeated statements go as named prepared statements (decision 0054); off behind a
       * pooler that hands one client's statements to several server connections (pgbouncer before
       * 1.21 in transaction pooling). On unless said.
       */
      preparedStatements?: boolean;
    };

/** Connections each API process holds to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;

/** Opens the database and brings its schema up to date before anything else uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: POSTGRES_POOL_SIZE });
    // An idle connection the server closes is dropped by the pool and replaced on next use; with
    // no listener, its error would end the whole process.
    pool.on('error', (error) => target.onConnectionError?.(error));
    if (target.preparedStatements !== false) nameRepeatedStatements(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    await fillPendingDebts(db);
    return {
      db,
      kind: 'postgres',
      ping: () => answers(pool.query('select 1')),
      close: () => pool.end(),
      writes: new SnapshotWatch(async () => (await pool.query<ReadPoint>(SNAPSHOT_QUERY)).rows[0]!),
    };
  }
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  await client.waitReady;
  nameStatements(client);
  await planEachStatementOnce(client);
  await installDrizzleParsers(client);
  takeTurns(client);
  const writes = watchWrites(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  await fillPendingDebts(db);
  return {
    db,
    kind: 'pglite',
    ping: () => answers(client.exec('select 1')),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip') as Promise<Blob>,
    writes,
  };
}

/**
 * The health route's check, asked often: a statement with no parameters goes by the simple-query
 * protocol, one exchange with the database instead of the five (parse, describe, bind, execute,
 * sync) of a parameterised one, which on the embedded database cost four times the rest of the request.
 */
async function answers(query: Promise<unknown>): Promise<boolean> {
  try {
    await query;
    return true;
  } catch {
    return false;
  }
}
