import { eq } from 'drizzle-orm';
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
