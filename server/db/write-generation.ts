import type { PGlite } from '@electric-sql/pglite';
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
 * Results of reads, each kept until the next write ends. A read notes `generation` before it
 * starts and hands it to `keep`, which drops the result when a write ended in between.
 */
export class KeptUntilWrite<V extends object> {
  readonly #writes: WriteGeneration;
  readonly #kept: LRUCache<string, V>;
  #keptIn: number;

  constructor(writes: WriteGeneration, room: LRUCache.Options<string, V, unknown>) {
    this.#writes = writes;
    this.#kept = new LRUCache(room);
    this.#keptIn = writes.generation;
  }

  get generation(): number {
    return this.#writes.generation;
  }

  get(key: string): V | undefined {
    this.#freshen();
    return this.#kept.get(key);
  }

  keep(key: string, value: V, readFrom: number): void {
    if (this.#writes.generation !== readFrom) return;
    this.#freshen();
    this.#kept.set(key, value);
  }

  /** Everything kept belongs to one generation: once it moves, all of it is out of date. */
  #freshen(): void {
    if (this.#writes.generation === this.#keptIn) return;
    this.#kept.clear();
    this.#keptIn = this.#writes.generation;
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
