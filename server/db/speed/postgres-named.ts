import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

/**
 * How many statement texts one API process prepares on PostgreSQL at most, and so how many each
 * of its connections may keep: several times the statements the server sends, yet bounded should
 * some code build texts that vary. Past it, a new text runs unnamed, as every text did before.
 */
export const NAMED_TEXTS = 1000;

/** The statement name a text is prepared under: the same in every process and on every connection. */
export function statementName(text: string): string {
  return `dolya_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Which texts go as named prepared statements (decision 0054): a text seen for the second time,
 * and from then on, is given its name; a text seen once runs unnamed, so one-off statements
 * (migrations, a rare query) are not kept by the server.
 */
export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly seenOnce: LRUCache<string, true>;

  constructor(private readonly limit = NAMED_TEXTS) {
    this.seenOnce = new LRUCache({ max: limit });
  }

  nameOf(text: string): string | undefined {
    const name = this.named.get(text);
    if (name) return name;
    if (this.named.size >= this.limit) return undefined;
    if (!this.seenOnce.has(text)) {
      this.seenOnce.set(text, true);
      return undefined;
    }
    this.seenOnce.delete(text);
    const given = statementName(text);
    this.named.set(text, given);
    return given;
  }
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** A plain statement config with a text and no name: not a string, nor a cursor or query object that sends itself. */
function unnamedText(config: unknown): config is { text: string } {
  if (!config || typeof config !== 'object') return false;
  const { text, name, submit } = config as QueryConfig;
  return typeof text === 'string' && !name && typeof submit !== 'function';
}

/**
 * Has every connection of `pool` send the statements the server repeats as named prepared
 * statements (decision 0054). Unnamed, PostgreSQL parses, analyses and plans a statement's text
 * on every run; a write's eight statements spent over a third of the write's time so. Named,
 * node-postgres parses each once per connection and then only binds values and executes.
 *
 * Drizzle names nothing itself (its prepared queries go unnamed too), and a transaction runs on
 * a connection taken from the pool, so every statement passes through the connection's `query`.
 * A text given as a plain string (the health check, the snapshot) goes by the simple-query
 * protocol, one exchange, and is left so.
 */
export function nameRepeatedStatements(pool: pg.Pool, names = new StatementNames()): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const name = unnamedText(config) ? names.nameOf(config.text) : undefined;
      if (!name) return query(config, ...rest);
      const named = { ...(config as object), name };
      const callback = rest.at(-1);
      if (typeof callback === 'function') {
        rest[rest.length - 1] = (error: unknown, result: unknown) => {
          if (error) forgetIfLost(client, error);
          callback(error, result);
        };
        return query(named, ...rest);
      }
      return (query(named, ...rest) as Promise<unknown>).catch((error: unknown) => {
        forgetIfLost(client, error);
        throw error;
      });
    }) as typeof client.query;
  });
}

/** SQLSTATE invalid_sql_statement_name. */
const NO_SUCH_STATEMENT = '26000';

/**
 * When the session has lost its prepared statements (someone ran DEALLOCATE ALL or DISCARD ALL on
 * it), node-postgres still believes them parsed and would send each by name alone forever: forget
 * them all, so that the statement that failed, and every other, is parsed again on its next run.
 */
function forgetIfLost(client: pg.PoolClient, error: unknown): void {
  if ((error as { code?: unknown } | null)?.code !== NO_SUCH_STATEMENT) return;
  const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
  if (connection?.parsedStatements) connection.parsedStatements = {};
}
