import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';
import { wrapStatements, type Query } from './pglite-statements';

/**
 * The types drizzle asks the embedded database to hand back as text, so that it reads them
 * itself: timestamps, dates and intervals, and arrays of those and of numerics.
 */
export const TYPES_DRIZZLE_READS = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

const asText = (value: string): string => value;

/**
 * Drizzle passes its text parsers with every query, and PGlite copies them into its own table of
 * over 300 parsers on each call: that copy cost a third of a small statement (decision 0041).
 * Installing them once in the client's table and passing queries on without them gives the same
 * rows. A query whose parsers name any other type keeps them.
 */
export async function installDrizzleParsers(client: PGlite): Promise<void> {
  // Readiness fills the table's array parsers, which would replace the ones installed here.
  await client.waitReady;
  const table = (client as unknown as { parsers: Record<number, (value: string) => unknown> }).parsers;
  for (const type of TYPES_DRIZZLE_READS) table[type] = asText;
  const installed = new Set<string>(TYPES_DRIZZLE_READS.map(String));
  const withoutInstalled = (options?: QueryOptions): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    for (const type in options.parsers) if (!installed.has(type)) return options;
    return { ...options, parsers: undefined };
  };

  wrapStatements(client, (query) => ((sql: string, params?: unknown[], options?: QueryOptions) => query(sql, params, withoutInstalled(options))) as Query);
}
