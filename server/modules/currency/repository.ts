import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { rates } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export interface RateRow {
  date: string;
  currency: string;
  /** Units of `currency` per 1 EUR, decimal text. */
  perEur: string;
  source: string;
}

export interface DatedRate {
  perEur: string;
  date: string;
}

export const RATES_LAST_UPDATED = 'rates_last_updated';

/** Rows per statement: one JSON parameter each, so no driver's parameter limit is reached. */
const CHUNK = 20_000;

/** Inserts or replaces many rates; a later source for the same currency and date wins. */
export async function insertRates(db: Queryable, rows: readonly RateRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => ({ d: r.date, c: r.currency, v: r.perEur, s: r.source }));
    await db.execute(sql`
      insert into ${rates} (rate_date, currency, per_eur, source)
      select d, c, v, s from json_to_recordset(${JSON.stringify(chunk)}::json) as x(d date, c text, v numeric, s text)
      on conflict (currency, rate_date) do update set per_eur = excluded.per_eur, source = excluded.source`);
  }
}

export async function hasAnyRate(db: Queryable): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(rates)
    .limit(1);
  return rows.length > 0;
}

/**
 * The rate of one currency for a date: the latest on or before it, or, when the history starts
 * later, the earliest after it.
 */
export async function rateNear(db: Queryable, currency: string, date: string): Promise<DatedRate | null> {
  const result = await db.execute(sql`
    (select per_eur::text as "perEur", rate_date::text as date, 0 as pref from ${rates}
      where currency = ${currency} and rate_date <= ${date}::date order by rate_date desc limit 1)
    union all
    (select per_eur::text, rate_date::text, 1 from ${rates}
      where currency = ${currency} and rate_date > ${date}::date order by rate_date asc limit 1)
    order by pref limit 1`);
  const row = rowsOf<{ perEur: string; date: string }>(result)[0];
  return row ? { perEur: row.perEur, date: row.date } : null;
}

/** The latest rate of each currency asked for (one index probe each). */
export async function latestRates(db: Queryable, currencies: readonly string[]): Promise<Map<string, DatedRate>> {
  const out = new Map<string, DatedRate>();
  if (currencies.length === 0) return out;
  const result = await db.execute(sql`
    select c.code as currency, r.per_eur::text as "perEur", r.rate_date::text as date
    from json_array_elements_text(${JSON.stringify(currencies)}::json) as c(code)
    cross join lateral (
      select per_eur, rate_date from ${rates} where currency = c.code::bpchar order by rate_date desc limit 1
    ) r`);
  for (const row of rowsOf<{ currency: string; perEur: string; date: string }>(result)) {
    out.set(row.currency.trim(), { perEur: row.perEur, date: row.date });
  }
  return out;
}

/** Every currency that has at least one rate. */
export async function ratedCurrencies(db: Queryable): Promise<string[]> {
  // A loose index scan: one probe per distinct currency instead of reading every row.
  const result = await db.execute(sql`
    with recursive c(code) as (
      (select currency from ${rates} order by currency limit 1)
      union all
      select (select currency from ${rates} where currency > c.code order by currency limit 1) from c where c.code is not null
    ) select code from c where code is not null`);
  return rowsOf<{ code: string }>(result).map((r) => r.code.trim());
}
