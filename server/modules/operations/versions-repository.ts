import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { batchesOf } from '../../db/batches';
import { operationVersions } from '../../db/schema';
import { byOperation } from './repository';

/** Each operation's history: its versions, written with every change (decision 0028). */

export type VersionRow = typeof operationVersions.$inferSelect;

export async function versionsOf(db: Queryable, operationId: number): Promise<VersionRow[]> {
  return db.select().from(operationVersions).where(eq(operationVersions.operationId, operationId)).orderBy(asc(operationVersions.version));
}

/** The versions of many operations at once (an export), oldest first. */
export async function versionsOfOperations(db: Queryable, operationIds: readonly number[]): Promise<Map<number, VersionRow[]>> {
  if (operationIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(operationVersions)
    .where(inArray(operationVersions.operationId, [...operationIds]))
    .orderBy(asc(operationVersions.operationId), asc(operationVersions.version));
  return byOperation(rows, (row) => row);
}

export async function versionOf(db: Queryable, operationId: number, version: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(operationVersions)
    .where(and(eq(operationVersions.operationId, operationId), eq(operationVersions.version, version)));
  return row ?? null;
}

/** Whether `actor` already made an edit of this operation under this Idempotency-Key. */
export async function editedWithKey(db: Queryable, operationId: number, actor: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ v: operationVersions.version })
    .from(operationVersions)
    .where(and(eq(operationVersions.operationId, operationId), eq(operationVersions.actorId, actor), eq(operationVersions.idempotencyKey, key)))
    .limit(1);
  return row !== undefined;
}

export async function hasVersions(db: Queryable, operationId: number): Promise<boolean> {
  const [row] = await db.select({ v: operationVersions.version }).from(operationVersions).where(eq(operationVersions.operationId, operationId)).limit(1);
  return row !== undefined;
}

export async function insertVersion(db: Queryable, values: typeof operationVersions.$inferInsert): Promise<void> {
  await insertVersions(db, [values]);
}

export async function insertVersions(db: Queryable, values: readonly (typeof operationVersions.$inferInsert)[]): Promise<void> {
  for (const batch of batchesOf(values, 9)) await db.insert(operationVersions).values(batch);
}
