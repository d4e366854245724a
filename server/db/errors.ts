/** A write refused by a unique index (PostgreSQL 23505), as node-postgres and PGlite report it, directly or as the cause. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
