import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { imageVariants, images } from '../../db/schema';

export interface StoredImage {
  id: number;
  data: Buffer;
  width: number;
  height: number;
  etag: string;
}

export async function insertImage(
  db: Queryable,
  image: { key: string; ownerId: number | null; data: Buffer; width: number; height: number; etag: string },
): Promise<number> {
  const [row] = await db.insert(images).values(image).returning({ id: images.id });
  return row!.id;
}

export async function findImageByKey(db: Queryable, key: string): Promise<StoredImage | null> {
  const [row] = await db
    .select({ id: images.id, data: images.data, width: images.width, height: images.height, etag: images.etag })
    .from(images)
    .where(eq(images.key, key))
    .limit(1);
  return row ?? null;
}

export async function findImageIdByKey(db: Queryable, key: string): Promise<number | null> {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.key, key)).limit(1);
  return row?.id ?? null;
}

/** The keys of several images at once, by id. */
export async function imageKeysByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, key: images.key })
    .from(images)
    .where(inArray(images.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** A select column with the key of the image an id column points at, null when it points at none. */
export function imageKeyOf(imageId: Column): SQL<string | null> {
  return sql<string | null>`(select ${images.key} from ${images} where ${images.id} = ${imageId})`;
}

export async function findVariantByKey(db: Queryable, key: string, size: string): Promise<{ data: Buffer; etag: string } | null> {
  const [row] = await db
    .select({ data: imageVariants.data, etag: imageVariants.etag })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(images.key, key), eq(imageVariants.size, size)))
    .limit(1);
  return row ?? null;
}

/** Two requests may render the same variant at once; both results are identical, so the second insert is dropped. */
export async function saveVariant(db: Queryable, variant: { imageId: number; size: string; data: Buffer; etag: string }): Promise<void> {
  await db.insert(imageVariants).values(variant).onConflictDoNothing();
}

export async function deleteImageRows(db: Queryable, id: number): Promise<void> {
  await db.delete(imageVariants).where(eq(imageVariants.imageId, id));
  await db.delete(images).where(eq(images.id, id));
}
