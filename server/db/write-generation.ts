import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

/**
 * How many writes the embedded database has finished, for answers kept between writes (decision
 * 0040). An answer read while the generation stood still is the answer until it moves. It moves
 * once a write has ended, before the writer hears back: a read that overlaps a write is concurrent
 * with it and may see it or not, but one that starts after the writer's answer sees it.
 */
export class WriteGeneration {
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  /** Runs a write and moves the generation on once it has ended, committed or not. */
  async around<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.#generation += 1;
    }
  }
}

/**
 * What a request's reads began in: equal for two requests only when no write ended between them.
 * On the embedded database, this process's count of writes (`WriteGeneration`). On PostgreSQL,
 * where other processes write too, the database's snapshot (`SNAPSHOT_GENERATION`), read in the
 * statement that looks up the request's session.
 */
export type Generation = number | string;

/**
 * PostgreSQL's own record of which transactions have ended: the active snapshot's xmin, xmax and
 * the ids still running. It changes whenever a transaction that was given an id (every one that
 * writes) commits or aborts, in this database or another of the same server, whichever process ran
 * it, and never comes back to a value it left: xmax only grows, and an id that left the running
 * list never returns to it. A commit is in it before the committer hears back, and no process
 * needs to say anything afterwards, so a process that dies after committing leaves nothing stale.
 * Plain reads are given no id and leave it alone. Decision 0047.
 */
export const SNAPSHOT_GENERATION = sql<string>`pg_current_snapshot()::text`;

interface KeptValue<V> {
  value: V;
  generation: Generation;
}

/**
 * Results of reads, each answered again only to a request whose reads begin in the generation the
 * result was read from. A read notes its request's generation before it starts and hands it to
 * `keep`. With `writes` (the embedded database, whose generation this process always knows), a
 * result is not kept at all when a write ended while it was read.
 */
export class KeptUntilWrite<V extends object> {
  readonly #writes: WriteGeneration | undefined;
  readonly #kept: LRUCache<string, KeptValue<V>>;
  #latest: Generation | undefined;

  constructor(room: LRUCache.Options<string, KeptValue<V>, unknown>, writes?: WriteGeneration) {
    this.#writes = writes;
    this.#kept = new LRUCache(room);
  }

  get(key: string, generation: Generation): V | undefined {
    this.#note(generation);
    const kept = this.#kept.get(key);
    return kept?.generation === generation ? kept.value : undefined;
  }

  keep(key: string, value: V, readFrom: Generation): void {
    if (!this.stillCurrent(readFrom)) return;
    this.#note(readFrom);
    this.#kept.set(key, { value, generation: readFrom });
  }

  /** False when a write is known to have ended since `readFrom`; on PostgreSQL nobody knows without asking, so true. */
  stillCurrent(readFrom: Generation): boolean {
    return this.#writes === undefined || this.#writes.generation === readFrom;
  }

  /**
   * Once requests begin in another generation, what was kept before is out of date: dropped at
   * once rather than left to the LRU. On PostgreSQL a request that began just before a write
   * ended may arrive after one that began just after; it drops the newer results, which costs
   * reading them again, never a wrong answer.
   */
  #note(generation: Generation): void {
    if (generation === this.#latest) return;
    this.#kept.clear();
    this.#latest = generation;
  }
}

/**
 * A statement that cannot change data: a plain select that names nothing that writes. Anything
 * else (a `with` that may insert, `analyze`, a select calling `nextval`) counts as a write, which
 * at worst drops kept answers that were still right.
 */
export function isPlainRead(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/\b(?:insert|update|delete|nextval|setval|pg_advisory\w*)\b/i.test(sql);
}

/**
 * Counts every write through the client: each transaction (as a whole, reads included, since
 * which of its statements write is not visible from here) and each statement outside one that is
 * not a plain read. Drizzle reaches the embedded database only through `query` and `transaction`.
 */
export function watchWrites(client: PGlite): WriteGeneration {
  const writes = new WriteGeneration();
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((sql: string, ...rest: unknown[]) =>
    isPlainRead(sql) ? query(sql, ...(rest as [])) : writes.around(() => query(sql, ...(rest as [])))) as PGlite['query'];
  client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) => writes.around(() => transaction(fn))) as PGlite['transaction'];
  return writes;
}
