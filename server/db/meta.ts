import { eq, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { meta } from './schema';

/** A fact about the database itself (schema meta): rates last refreshed, the size last analyzed. */
export async function getMeta(db: Queryable, key: string): Promise<string | null> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key));
  return row?.value ?? null;
}

export async function setMeta(db: Queryable, key: string, value: string): Promise<void> {
  await db
    .insert(meta)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: new Date() } });
}

/**
 * Sets `key` to `value` unless it already holds a later one (values compare as text: ISO dates).
 * One statement, so two writers at once (the two banks' refreshes run side by side) cannot move it
 * back: reading first and writing after let the earlier day land last on PostgreSQL.
 */
export async function raiseMeta(db: Queryable, key: string, value: string): Promise<void> {
  await db
    .insert(meta)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: new Date() }, setWhere: sql`${meta.value} < excluded.value` });
}
