import { and, eq } from 'drizzle-orm';
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
  image: { ownerId: number | null; data: Buffer; width: number; height: number; etag: string },
): Promise<number> {
  const [row] = await db.insert(images).values(image).returning({ id: images.id });
  return row!.id;
}

export async function findImage(db: Queryable, id: number): Promise<StoredImage | null> {
  const [row] = await db
    .select({ id: images.id, data: images.data, width: images.width, height: images.height, etag: images.etag })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return row ?? null;
}

export async function findVariant(db: Queryable, imageId: number, size: string): Promise<{ data: Buffer; etag: string } | null> {
  const [row] = await db
    .select({ data: imageVariants.data, etag: imageVariants.etag })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.size, size)))
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
