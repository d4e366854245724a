import { MAX_RECEIPTS, type Operation } from '../../../common/contract/operations';
import { DomainError } from '../../../common/errors';
import type { Db } from '../../db/client';
import { deleteImage, storeImage } from '../images/service';
import { lockOperation } from './edit';
import { touchEvent } from './balances-repository';
import { insertReceipt, receiptsOf, removeReceipt } from './receipts-repository';
import { viewOne } from './views';

/**
 * Receipt pictures on an operation: checked and re-encoded like avatars (only pixels survive, so
 * no GPS position in a photo's EXIF reaches the others), any proportions, kept up to 2048 px.
 * Anyone who may edit the operation may add or remove them.
 */
export async function addReceipt(db: Db, viewer: number, operationId: number, picture: string): Promise<Operation> {
  const row = await db.transaction(async (tx) => {
    const { row } = await lockOperation(tx, operationId, viewer);
    if (row.deletedAt !== null) throw new DomainError('not_found');
    const existing = (await receiptsOf(tx, [row.id])).get(row.id) ?? [];
    if (existing.length >= MAX_RECEIPTS) throw new DomainError('too_many_receipts', 'picture');
    const image = await storeImage(tx, picture, viewer, 'picture', 'document');
    await insertReceipt(tx, { operationId: row.id, imageId: image.id, addedBy: viewer });
    await touchEvent(tx, row.eventId);
    return row;
  });
  return viewOne(db, viewer, row);
}

export async function deleteReceipt(db: Db, viewer: number, operationId: number, receiptId: number): Promise<Operation> {
  const row = await db.transaction(async (tx) => {
    const { row } = await lockOperation(tx, operationId, viewer);
    if (row.deletedAt !== null) throw new DomainError('not_found');
    const imageId = await removeReceipt(tx, row.id, receiptId);
    if (imageId === null) throw new DomainError('not_found');
    await deleteImage(tx, imageId);
    await touchEvent(tx, row.eventId);
    return row;
  });
  return viewOne(db, viewer, row);
}
