import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { isCurrencyCode } from '../../../common/currencies';
import { crossRate, parseRate, rateToString, type Rational } from '../../../common/money';
import type { Queryable } from '../../db/client';
import { raiseMeta } from '../../db/meta';
import { hasAnyRate, insertRates, RATES_LAST_UPDATED, type RateRow } from './repository';

/**
 * Rates are stored as units per 1 EUR by date (schema `rates`), whatever their source, so that
 * any pair is two lookups. See docs/decisions/rates.md for the choices made here.
 */

const dataDir = fileURLToPath(new URL('../../data/rates/', import.meta.url));
export const ECB_HISTORY_FILE = `${dataDir}eurofxref-hist.zip`;
export const CBR_HISTORY_FILE = `${dataDir}cbr-rub-2026.csv`;

/** Decimal places kept for a crossed rate: the column's scale. */
const RATE_DECIMALS = 12;

/**
 * Currencies the ECB has ever quoted. For these the ECB is the only source; the Bank of Russia
 * adds the rouble and what the ECB never quoted (KZT, BYN, UAH, GEL, AMD, ...).
 */
export const ECB_CURRENCIES: ReadonlySet<string> = new Set(
  'USD JPY BGN CYP CZK DKK EEK GBP HUF LTL LVL MTL PLN ROL RON SEK SIT SKK CHF ISK NOK HRK RUB TRL TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR'.split(
    ' ',
  ),
);

/** The ECB history CSV (`Date,USD,JPY,...,` newest first, 'N/A' for no rate) as rows. */
export function ecbRows(csv: string): RateRow[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const rows: RateRow[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const date = cells[0]?.trim() ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    for (let i = 1; i < header.length; i++) {
      const currency = header[i] ?? '';
      const value = cells[i]?.trim() ?? '';
      // Legacy currencies (CYP, ROL, ...) are not in the ISO list anyone can pick any more.
      if (!isCurrencyCode(currency) || value === '' || value === 'N/A') continue;
      rows.push({ date, currency, perEur: value, source: 'ecb' });
    }
  }
  return rows;
}

/** One Bank of Russia quote: `value` roubles for `nominal` units. */
export interface RubQuote {
  nominal: number;
  value: string;
}

/**
 * A Bank of Russia daily set (roubles per unit) as units per 1 EUR: the rouble is the EUR quote
 * itself; a currency the ECB never quoted is RUB-per-EUR divided by RUB-per-unit. Currencies the
 * ECB quotes are left to the ECB (one source per currency, so a cross never mixes two banks'
 * views of the same currency). Reused by the live refresher.
 */
export function perEurFromCbr(quotes: Readonly<Record<string, RubQuote>>): Record<string, string> {
  const eur = quotes.EUR;
  if (!eur) return {};
  const e = parseRate(eur.value);
  const rubPerEur = parseRate({ num: e.num, den: e.den * BigInt(eur.nominal) });
  const out: Record<string, string> = { RUB: rateToString(rubPerEur, RATE_DECIMALS) };
  for (const [code, quote] of Object.entries(quotes)) {
    if (code === 'EUR' || code === 'RUB' || ECB_CURRENCIES.has(code) || !isCurrencyCode(code)) continue;
    const v = parseRate(quote.value);
    const rubPerUnit: Rational = { num: v.num, den: v.den * BigInt(quote.nominal) };
    // Units per EUR = (RUB per EUR) / (RUB per unit): the cross of the two through RUB.
    out[code] = rateToString(crossRate(rubPerUnit, rubPerEur), RATE_DECIMALS);
  }
  return out;
}

/** The bundled Bank of Russia CSV (`date,code,nominal,value`) as rows. */
export function cbrRows(csv: string): RateRow[] {
  const byDate = new Map<string, Record<string, RubQuote>>();
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const [date, code, nominal, value] = line.split(',').map((c) => c.trim());
    if (!date || !code || !nominal || !value) continue;
    const quotes = byDate.get(date) ?? {};
    quotes[code] = { nominal: Number(nominal), value };
    byDate.set(date, quotes);
  }
  const rows: RateRow[] = [];
  for (const [date, quotes] of byDate) {
    for (const [currency, perEur] of Object.entries(perEurFromCbr(quotes))) rows.push({ date, currency, perEur, source: 'cbr' });
  }
  return rows;
}

function maxDate(rows: readonly RateRow[]): string | null {
  let max: string | null = null;
  for (const r of rows) if (max === null || r.date > max) max = r.date;
  return max;
}

async function bumpLastUpdated(db: Queryable, date: string | null): Promise<void> {
  if (date) await raiseMeta(db, RATES_LAST_UPDATED, date);
}

/** Stores one day's rates (units per 1 EUR) from one source: what a live refresher calls. */
export async function upsertRates(db: Queryable, date: string, source: string, perEur: Readonly<Record<string, string>>): Promise<void> {
  const rows = Object.entries(perEur)
    .filter(([currency]) => isCurrencyCode(currency) && currency !== 'EUR')
    .map(([currency, value]) => ({ date, currency, perEur: rateToString(value, RATE_DECIMALS), source }));
  await insertRates(db, rows);
  await bumpLastUpdated(db, date);
}

/** All bundled rows: ECB history first, then the Bank of Russia days. */
export function bundledRateRows(): RateRow[] {
  const zip = unzipSync(new Uint8Array(fs.readFileSync(ECB_HISTORY_FILE)));
  const csvName = Object.keys(zip).find((n) => n.endsWith('.csv'));
  if (!csvName) throw new Error(`${ECB_HISTORY_FILE} holds no CSV`);
  const ecb = ecbRows(strFromU8(zip[csvName] as Uint8Array));
  const cbr = cbrRows(fs.readFileSync(CBR_HISTORY_FILE, 'utf8'));
  return [...ecb, ...cbr];
}

/**
 * At first start (no rate stored yet) loads the bundled history in one transaction. Returns the
 * number of rows loaded, 0 when there was nothing to do.
 */
export async function seedRatesIfEmpty(db: Queryable): Promise<number> {
  if (await hasAnyRate(db)) return 0;
  const rows = bundledRateRows();
  await db.transaction(async (tx) => {
    await insertRates(tx, rows);
    await bumpLastUpdated(tx, maxDate(rows));
  });
  return rows.length;
}
