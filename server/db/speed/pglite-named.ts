import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import { wrapStatements, type Query } from './pglite-statements';

/**
 * How many statement texts the embedded client remembers, and so at most how many it keeps
 * prepared: several times the statements the server sends, so the hot ones never leave, yet
 * bounded should some code build texts that vary.
 */
export const REMEMBERED_TEXTS = 1000;

/** A text seen before: prepared under `name` from its second sending on. */
interface Remembered {
  name: string | null;
  /** The parameter types the database gave when it was prepared: how its values are written. */
  types: number[];
}

const { serialize } = protocol;

/** The values as PGlite's own `query` writes them: by each parameter's type, as text otherwise. */
function written(client: PGlite, types: number[], params: unknown[], options: QueryOptions | undefined): (string | null)[] {
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const type = types[i]!;
    const serializer = options?.serializers?.[type] ?? client.serializers[type];
    return serializer ? serializer(value) : String(value);
  });
}

/**
 * Has the embedded database plan each prepared statement once, for any values, and run that plan
 * from then on (decision 0053). Left to itself (`plan_cache_mode` auto) it plans the first five
 * runs for their values and keeps planning so whenever those plans were estimated cheaper than one
 * plan for all: the statements that read a list of ids (`= any($1)`) it planned afresh on every
 * run, which in the embedded database cost more than running them. The plans it keeps are made
 * again whenever the statistics change (decision 0039).
 */
export async function planEachStatementOnce(client: PGlite): Promise<void> {
  await client.exec('set plan_cache_mode = force_generic_plan');
}

/**
 * Sends every statement the server repeats as a prepared statement of the embedded database's one
 * session (decision 0051). PGlite's own `query` parses, describes and plans the text again on each
 * call, in five exchanges with the database; for a write's statements that was over half the
 * write's time. Here a text seen for the second time is parsed and described once under a name;
 * from then on a call binds its values to that name, describes and executes it, in one exchange.
 * The database plans it once, for any values (`planEachStatementOnce`, decision 0053).
 *
 * A prepared statement belongs to the session, not to a transaction: a rollback leaves it. Texts
 * seen once run as before, so one-off statements (migrations, a rare query) are not kept. When a
 * remembered text is forgotten, its statement is closed with the next call.
 */
export function nameStatements(client: PGlite): void {
  let made = 0;
  const toClose: string[] = [];
  const texts = new LRUCache<string, Remembered>({
    max: REMEMBERED_TEXTS,
    dispose: (remembered) => {
      if (remembered.name) toClose.push(remembered.name);
    },
  });

  async function prepare(text: string, remembered: Remembered): Promise<void> {
    const name = `dolya_${(made += 1)}`;
    const messages = await client.execProtocolStream(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    remembered.types = parse.parseDescribeStatementResults(messages);
    remembered.name = name;
  }

  /** Runs a remembered text by its name, preparing it first when it has none yet. Holds the query lock. */
  async function run(text: string, remembered: Remembered, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    try {
      const closing = toClose.splice(0);
      // Forgotten while this call waited for the lock: prepared again, and remembered again so
      // that it is closed when next forgotten.
      if (remembered.name && closing.includes(remembered.name)) {
        remembered.name = null;
        texts.set(text, remembered);
      }
      if (!remembered.name) await prepare(text, remembered);
      const closes = closing.map((name) => serialize.close({ type: 'S', name }));
      const exchange = [
        ...closes,
        serialize.bind({ statement: remembered.name!, values: written(client, remembered.types, params, options) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ];
      const messages = await client.execProtocolStream(Buffer.concat(exchange), { syncToFs: false });
      return parse.parseResults(messages, client.parsers, options)[0]!;
    } catch (error) {
      // As PGlite's own `query` tells what failed.
      if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  wrapStatements(
    client,
    (query, tx) =>
      (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
        const remembered = texts.get(text);
        // Blobs and declared parameter types are PGlite's own business; a closed client fails as it does.
        if (!remembered || options?.blob || options?.paramTypes || client.closed) {
          if (!remembered) texts.set(text, { name: null, types: [] });
          return query(text, params, options);
        }
        if (tx) {
          if (tx.closed) throw new Error('Transaction is closed');
          return client._runExclusiveQuery(() => run(text, remembered, params, options));
        }
        // Outside a transaction, as PGlite's `query`: after any transaction under way, then written out.
        return client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const results = await run(text, remembered, params, options);
            await client.syncToFs();
            return results;
          }),
        );
      }) as Query,
  );
}
