import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { anyOf, idArray } from '../../db/speed/built-once';
import { jsonRowsBuiltOnce } from '../../db/speed/json-rows';
import { images, operationReceipts } from '../../db/schema';
import { byOperation } from './repository';

/** The pictures of receipts attached to operations. */

export interface ReceiptRow {
  id: number;
  operationId: number;
  imageId: number;
  key: string;
  width: number;
  height: number;
  addedBy: number;
}

/** An operation's receipts as the views read them, in the order they were added. */
export const RECEIPT_FIELDS = {
  id: operationReceipts.id,
  operationId: operationReceipts.operationId,
  imageId: operationReceipts.imageId,
  key: images.key,
  width: images.width,
  height: images.height,
  addedBy: operationReceipts.addedBy,
};
export const RECEIPT_ORDER = sql`${operationReceipts.id}`;
/** Where `RECEIPT_FIELDS` read from: each receipt with its picture. */
export const RECEIPTS_WITH_IMAGES = sql`${operationReceipts} join ${images} on ${images.id} = ${operationReceipts.imageId}`;

const receiptsAmong = jsonRowsBuiltOnce(RECEIPT_FIELDS, RECEIPT_ORDER, (db, rows) =>
  db.select({ rows }).from(RECEIPTS_WITH_IMAGES).where(anyOf(operationReceipts.operationId, 'operations')),
);

/** The receipts of these operations, oldest first, with their pictures' keys and sizes. */
export async function receiptsOf(db: Queryable, operationIds: readonly number[]): Promise<Map<number, ReceiptRow[]>> {
  if (operationIds.length === 0) return new Map();
  const rows = await receiptsAmong(db, { operations: idArray(operationIds) });
  return byOperation(rows, (r) => r);
}

export async function insertReceipt(db: Queryable, values: typeof operationReceipts.$inferInsert): Promise<void> {
  await db.insert(operationReceipts).values(values);
}

/** Removes one receipt of an operation; returns its image id, or null when the operation has no such receipt. */
export async function removeReceipt(db: Queryable, operationId: number, receiptId: number): Promise<number | null> {
  const [row] = await db
    .delete(operationReceipts)
    .where(and(eq(operationReceipts.id, receiptId), eq(operationReceipts.operationId, operationId)))
    .returning({ imageId: operationReceipts.imageId });
  return row?.imageId ?? null;
}
