import type { PGlite, Transaction } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import { wrapStatements, type Query } from './pglite-statements';

/**
 * What a request's reads begin in: equal for two requests only when no write ended between them.
 * On the embedded database, this process's count of writes (`WriteGeneration`); on PostgreSQL,
 * where other processes write too, the database's snapshot (`SnapshotWatch`).
 */
export type Generation = number | string;

/** Where a signed-in request's reads begin. */
export interface ReadPoint {
  /** Equal for two requests only when no write ended between them: what kept answers are kept under. */
  writes: Generation;
  /**
   * Equal for two requests only when no session was signed out, revoked or lost with its account
   * between them: what live sessions are kept under (decisions 0049, 0052).
   */
  sessions: Generation;
}

/** How a process learns whether a write ended between two moments (decisions 0040, 0047). */
export interface WriteWatch {
  /** The read point now: read after this call begins, so a request that asks first thing reads in it or later. */
  current(): ReadPoint | Promise<ReadPoint>;
  /**
   * False when a write is known to have ended since `readFrom` was the read point's `count`; true
   * when it is not known.
   */
  stillCurrent(readFrom: Generation, count?: keyof ReadPoint): boolean;
}

/**
 * How many writes the embedded database has finished, for answers kept between writes (decision
 * 0040). An answer read while the generation stood still is the answer until it moves. It moves
 * once a write has ended, before the writer hears back: a read that overlaps a write is concurrent
 * with it and may see it or not, but one that starts after the writer's answer sees it. Only this
 * process writes, so it always knows. Beside it, how many of those writes may have ended a session
 * (decision 0052), moved at the same moment.
 */
export class WriteGeneration implements WriteWatch {
  #generation = 0;
  #sessions = 0;

  current(): { writes: number; sessions: number } {
    return { writes: this.#generation, sessions: this.#sessions };
  }

  stillCurrent(readFrom: Generation, count: keyof ReadPoint = 'writes'): boolean {
    return readFrom === (count === 'writes' ? this.#generation : this.#sessions);
  }

  /**
   * Runs a write and moves the generation on once it has ended, committed or not; the sessions
   * count too when `endedSessions` then says the write may have ended one.
   */
  async around<T>(write: () => Promise<T>, endedSessions: () => boolean = () => true): Promise<T> {
    try {
      return await write();
    } finally {
      this.#generation += 1;
      if (endedSessions()) this.#sessions += 1;
    }
  }
}

/**
 * PostgreSQL's own record of which transactions have ended: the snapshot's xmin, xmax and the ids
 * still running. It changes whenever a transaction that was given an id (every one that writes)
 * commits or aborts, in this database or another of the same server, whichever process ran it, and
 * never comes back to a value it left: xmax only grows, and an id that left the running list never
 * returns to it. A commit is in it before the committer hears back, and no process needs to say
 * anything afterwards, so one that dies after committing leaves nothing stale. Plain reads are
 * given no id and leave it alone. Decision 0047. Beside it, as of the same snapshot, the count of
 * session changes that triggers keep (decision 0049).
 */
export const SNAPSHOT_QUERY = 'select pg_current_snapshot()::text as writes, (select changes from session_changes)::text as sessions';

const ignore = () => undefined;

/**
 * The read point on PostgreSQL: the snapshot, and in the same statement (so as of the same moment)
 * the count of session changes. Requests that ask while one read is under way share the next one,
 * sent as soon as that read is back: a read sent before a request arrived could miss a write its
 * client was told of just before. So however many requests a process serves, it has at most one
 * such read under way, and each request waits at most two of them.
 */
export class SnapshotWatch<P = ReadPoint> {
  readonly #read: () => Promise<P>;
  #underWay: Promise<P> | null = null;
  #next: Promise<P> | null = null;

  constructor(read: () => Promise<P>) {
    this.#read = read;
  }

  current(): Promise<P> {
    if (this.#next) return this.#next;
    const underWay = this.#underWay;
    if (!underWay) return this.#send();
    this.#next = underWay.then(ignore, ignore).then(() => {
      this.#next = null;
      return this.#send();
    });
    return this.#next;
  }

  /** Nobody knows without asking the database; the snapshot a read began in is what its answer is kept under. */
  stillCurrent(): boolean {
    return true;
  }

  #send(): Promise<P> {
    const read = this.#read();
    this.#underWay = read;
    const over = () => {
      if (this.#underWay === read) this.#underWay = null;
    };
    read.then(over, over);
    return read;
  }
}

interface KeptValue<V> {
  value: V;
  generation: Generation;
}

/**
 * Results of reads, each answered again only to a request whose reads begin in the generation the
 * result was read from. A read notes its request's generation before it starts and hands it to
 * `keep`. A result that a write is known to have overtaken (on the embedded database, whose
 * generation this process always knows) is not kept at all.
 */
export class KeptUntilWrite<V extends object> {
  readonly #writes: WriteWatch;
  readonly #count: keyof ReadPoint;
  readonly #kept: LRUCache<string, KeptValue<V>>;
  #latest: Generation | undefined;

  /** `count` names the read point's count the values are kept under: any write, or a session's end. */
  constructor(room: LRUCache.Options<string, KeptValue<V>, unknown>, writes: WriteWatch, count: keyof ReadPoint = 'writes') {
    this.#writes = writes;
    this.#count = count;
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

  stillCurrent(readFrom: Generation): boolean {
    return this.#writes.stillCurrent(readFrom, this.#count);
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
 * A statement that may end a session: one that may write and names the sessions or the users (a
 * sign-out, a revocation, an account deleted, restored or removed, whose sessions go with it). The
 * triggers of decision 0049 count the same changes on PostgreSQL; here only this process writes,
 * so reading the text costs nothing where reading the count would cost a statement per request.
 * Anything else that names them (a sign-in, a profile saved) counts too: a session looked up again
 * for nothing, never one kept too long.
 */
export function mayEndSession(sql: string): boolean {
  return !isPlainRead(sql) && /\b(?:sessions|users)\b/i.test(sql);
}

/**
 * Counts every write through the client: each transaction (as a whole, reads included, since
 * which of its statements write is not visible from here) and each statement outside one that is
 * not a plain read. Drizzle reaches the embedded database only through `query` and `transaction`.
 */
export function watchWrites(client: PGlite): WriteGeneration {
  const writes = new WriteGeneration();
  const endingSessions = new WeakSet<Transaction>();
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) => {
    let opened: Transaction | undefined;
    const run = () =>
      transaction((tx) => {
        opened = tx;
        return fn(tx);
      });
    return writes.around(run, () => opened !== undefined && endingSessions.has(opened));
  }) as PGlite['transaction'];
  // Wrapped after the transaction, so each statement is told the very transaction `opened` holds.
  wrapStatements(
    client,
    (query, tx) =>
      ((sql: string, ...rest: unknown[]) => {
        const run = () => query(sql, ...(rest as []));
        if (tx) {
          if (mayEndSession(sql)) endingSessions.add(tx);
          return run();
        }
        return isPlainRead(sql) ? run() : writes.around(run, () => mayEndSession(sql));
      }) as Query,
  );
  return writes;
}
