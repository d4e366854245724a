import { sql } from 'drizzle-orm';
import type { TestApp } from './harness';
import { rowsOf } from '../../server/db/rows';

const TABLES = [
  'users',
  'contacts',
  'events',
  'event_participants',
  'operations',
  'operation_entries',
  'operation_debts',
  'pair_balances',
  'operation_seen',
  'families',
];

/** Every ledger table's rows, in a stable order: equal snapshots mean nothing was written. */
export async function ledgerSnapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = rowsOf<unknown>(await t.database.db.execute(sql.raw(`select * from ${table} x order by x::text`)));
    out[table] = rows.map((r) => JSON.parse(JSON.stringify(r)));
  }
  return out;
}
