/**
 * The database's own yardstick for `npm run bench:http`: the same kind of database as the server's
 * (PGlite on a fresh data directory, or a fresh PostgreSQL database through node-postgres with the
 * server's pool size), with nothing of ours on it, run as its own process like the server. It
 * prints what the database gives with no schema, no ORM and no HTTP: one-row write transactions
 * (BEGIN, an insert into a table with only a primary key, COMMIT) from as many clients as the
 * bench's writers; transactions of as many statements that do nothing (`select $1`) as one of our
 * writes sends besides BEGIN and COMMIT, from as many clients; and one-statement reads from as
 * many clients as the bench's readers. A write of ours sends six statements touching about sixty
 * rows: the second figure is a ceiling on its rate however little each of those statements did.
 *   DATA_DIR or DATABASE_URL, BARE_SECONDS (10), BARE_WRITERS (4), BARE_READERS (10), BARE_STATEMENTS (6)
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { POSTGRES_POOL_SIZE } from '../../server/db/client';

const SECONDS = Number(process.env.BARE_SECONDS ?? 10);
const WRITERS = Number(process.env.BARE_WRITERS ?? 4);
const READERS = Number(process.env.BARE_READERS ?? 10);
const STATEMENTS = Number(process.env.BARE_STATEMENTS ?? 6);

interface Bare {
  query(text: string, params?: unknown[]): Promise<unknown>;
  /** BEGIN, the statement `times` times, COMMIT, on one connection. */
  inTransaction(text: string, params: unknown[], times?: number): Promise<void>;
  close(): Promise<void>;
}

async function openBare(): Promise<Bare> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE });
    return {
      query: (text, params) => pool.query(text, params),
      inTransaction: async (text, params, times = 1) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (let i = 0; i < times; i++) await client.query(text, params);
          await client.query('commit');
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('bare-database needs DATA_DIR or DATABASE_URL');
  const client = new PGlite({ dataDir });
  await client.waitReady;
  return {
    query: (text, params) => client.query(text, params),
    inTransaction: async (text, params, times = 1) => {
      await client.transaction(async (tx) => {
        for (let i = 0; i < times; i++) await tx.query(text, params);
      });
    },
    close: () => client.close(),
  };
}

/** How many times `clients` loops of `once` complete in SECONDS, per second. */
async function rate(clients: number, once: (i: number) => Promise<unknown>): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) await once(done++);
    }),
  );
  return Math.round(done / SECONDS);
}

const db = await openBare();
try {
  await db.query('create table bare_writes (id serial primary key, v int not null)');
  const writes = await rate(WRITERS, (i) => db.inTransaction('insert into bare_writes (v) values ($1)', [i]));
  const emptyWrites = await rate(WRITERS, (i) => db.inTransaction('select $1::int as v', [i], STATEMENTS));
  const reads = await rate(READERS, (i) => db.query('select $1::int as v', [i]));
  console.log(JSON.stringify({ writes, emptyWrites, reads }));
} finally {
  await db.close();
}
