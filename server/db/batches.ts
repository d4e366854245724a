/**
 * PostgreSQL takes at most 65,535 parameters in one statement, so a bulk insert goes in batches:
 * this many rows of a table with `columns` columns per statement, well below the bound.
 */
export function batchesOf<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(30_000 / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
