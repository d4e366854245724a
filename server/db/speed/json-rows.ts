import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { builtOnce, type Preparable, type StatementBuilder } from './built-once';
import type { Queryable } from '../client';

type Field = Column | SQL;
type Fields = Record<string, Field>;

/** A column whose values a JSON number could round: it travels as text and its own decoder reads it. */
function isWide(field: Field): boolean {
  return is(field, Column) && /^(bigint|numeric)/.test(field.getSQLType());
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle reads a field's value with: the column itself, or the SQL's `mapWith` (not in its types). */
function decoderOf(field: Field): Decoder {
  return is(field, Column) ? field : (field as unknown as { decoder: Decoder }).decoder;
}

/** A select's rows as one JSON array: the aggregate to select, and how to read its value back. */
export interface JsonRows<F extends Fields> {
  aggregate: SQL<unknown>;
  decode(value: unknown): SelectResultFields<F>[];
}

/**
 * The rows of `fields` as one JSON array, decoded as drizzle decodes its rows. The embedded
 * database hands over each row and field slowly, and drizzle's row mapping costs more per field
 * than the JSON parser does: an event's 50 participants and their people took 3.4 ms as rows and
 * 1.5 ms as one JSON array. The select around `aggregate` has the from, joins and where; no
 * order, group or limit. `orderBy` orders the rows inside it.
 */
export function jsonRows<F extends Fields>(fields: F, orderBy?: SQL): JsonRows<F> {
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => decoderOf(fields[key] as Field));
  const values = keys.map((key) => {
    const field = fields[key] as Field;
    return isWide(field) ? sql`${field}::text` : sql`${field}`;
  });
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return {
    aggregate: sql`coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})${order}), '[]')`,
    decode: (value) => {
      // Both drivers parse a json column; text here would mean a driver that no longer does.
      if (!Array.isArray(value)) throw new Error(`rows as JSON: expected an array, got ${typeof value}`);
      return (value as unknown[][]).map((cells) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) {
          const cell = cells[i];
          row[keys[i] as string] = cell === null ? null : (decoders[i] as Decoder).mapFromDriverValue(cell);
        }
        return row as SelectResultFields<F>;
      });
    },
  };
}

/**
 * The rows of a select built once (built-once.ts) as one JSON array, run with `values` for its
 * placeholders. `build` builds the select around the aggregate it is given, selected as `rows`.
 */
export function jsonRowsBuiltOnce<F extends Fields, V extends Record<string, unknown>>(
  fields: F,
  orderBy: SQL | undefined,
  build: (db: StatementBuilder, rows: SQL<unknown>) => Preparable<{ rows: unknown }[]>,
): (db: Queryable, values: V) => Promise<SelectResultFields<F>[]> {
  const rows = jsonRows(fields, orderBy);
  const statement = builtOnce<{ rows: unknown }[], V>((db) => build(db, rows.aggregate));
  return async (db, values) => {
    const [found] = await statement(db, values);
    return rows.decode(found?.rows);
  };
}
