import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDatabase, PgDialect, PgSession, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Queryable } from '../client';

/**
 * Statements whose SQL Drizzle builds once per process, then run on any database or transaction
 * with the values of their `sql.placeholder`s.
 *
 * Drizzle builds a statement's text on every call: it walks each column and nested template and
 * asks of every piece what kind it is. On PostgreSQL that was about a third of the API's CPU for a
 * write and a fifth for a read (decision 0048). Its own prepared statements avoid that, but each
 * is tied to the database it was prepared on: it cannot run inside a transaction opened later.
 *
 * So a statement is prepared once on a database that only records what Drizzle asks of it (the
 * text, its parameters, how its rows are read), and each call hands that record to the session of
 * the database or transaction it is given, as Drizzle itself would have.
 */

/** What Drizzle hands a session to prepare: the arguments of `PgSession.prepareQuery`, and the joins' nullability it sets afterwards. */
interface Recorded {
  args: Parameters<PgSession['prepareQuery']>;
  joinsNotNullableMap?: Record<string, boolean>;
}

/** A session that runs nothing: it keeps what it was asked to prepare. */
class RecordingSession extends PgSession<PgQueryResultHKT> {
  last: Recorded | undefined;

  constructor(dialect: PgDialect) {
    super(dialect);
  }

  prepareQuery(...args: Parameters<PgSession['prepareQuery']>): never {
    const recorded: Recorded = { args };
    this.last = recorded;
    // Drizzle's select sets the joins' nullability on what it is given, then asks for its token.
    return Object.assign(recorded, { setToken: () => recorded }) as never;
  }

  transaction(): never {
    throw new Error('a statement built once runs no transaction of its own');
  }
}

const dialect = new PgDialect();
const recording = new RecordingSession(dialect);
/** A database to build statements on: it has the dialect and nothing to run them on. */
const builder = new PgDatabase(dialect, recording, undefined);
export type StatementBuilder = typeof builder;

export interface Preparable<R> {
  prepare(name?: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

function replay<R>(db: Queryable, recorded: Recorded, values: Record<string, unknown>): Promise<R> {
  const prepared = db._.session.prepareQuery(...recorded.args) as unknown as {
    joinsNotNullableMap?: Record<string, boolean>;
    execute(values: Record<string, unknown>): Promise<R>;
  };
  prepared.joinsNotNullableMap = recorded.joinsNotNullableMap;
  return prepared.execute(values);
}

function record(prepare: () => unknown): Recorded {
  recording.last = undefined;
  prepare();
  const recorded = recording.last as Recorded | undefined;
  if (!recorded) throw new Error('Drizzle prepared nothing for a statement built once');
  return recorded;
}

/**
 * A query builder's statement (a select, an insert, an update), built on first use with `build`,
 * then run with `values` for its placeholders; it answers what the builder's own `execute` would.
 */
export function builtOnce<R, V extends Record<string, unknown>>(build: (db: StatementBuilder) => Preparable<R>): (db: Queryable, values: V) => Promise<R> {
  let recorded: Recorded | undefined;
  return (db, values) => {
    recorded ??= record(() => build(builder).prepare(''));
    return replay<R>(db, recorded, values);
  };
}

/**
 * A SQL template's statement, built on first use, run with `values` for its placeholders; it
 * answers what `db.execute` would.
 */
export function sqlBuiltOnce<V extends Record<string, unknown>>(build: () => SQL): (db: Queryable, values: V) => Promise<unknown> {
  let recorded: Recorded | undefined;
  return (db, values) => {
    recorded ??= { args: [dialect.sqlToQuery(build()) as Query, undefined, '', false] };
    return replay(db, recorded, values);
  };
}

/**
 * Integer ids as one array parameter, the value of an `anyOf` placeholder: a statement built once
 * cannot spread a list into as many parameters as it has this time.
 */
export function idArray(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return `{${ids.join(',')}}`;
}

/** `column` is one of the ids (idArray) given for the placeholder `name`. */
export function anyOf(column: SQLWrapper, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::int[])`;
}
