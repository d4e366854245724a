/**
 * Operations entered with no connection, kept on this device (IndexedDB, through idb-keyval) until
 * the server has them: they outlive a reload, a closed tab and a restarted phone. Each keeps the
 * Idempotency-Key it was first sent with, so sending it again can never record it twice.
 */
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { CreateOperationBody } from '@common/contract/operations';
import type { ApiError } from '@/lib/api-client';

export interface PendingOperation {
  /** The Idempotency-Key: the same for every attempt, an edit in the queue included. */
  key: string;
  /** Who entered it: only their session sends it (a shared device may be signed in as someone else). */
  author: number;
  eventId: number;
  body: CreateOperationBody;
  /** When it was entered; the queue is sent in this order. */
  queuedAt: string;
  /** Why the server refused it, once it did: it waits to be fixed or discarded. */
  refused: ApiError | null;
  /**
   * Changed while waiting. An earlier attempt may have reached the server with only its answer
   * lost: the server then answers the key with what that attempt recorded, which is corrected.
   */
  edited?: boolean;
}

let store: UseStore | null | undefined;
function queue(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('dolya-pending', 'operations');
  return store;
}

/** Everything waiting, oldest first. */
export async function pendingOperations(): Promise<PendingOperation[]> {
  const s = queue();
  if (!s) return [];
  const all = await values<PendingOperation>(s);
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.key.localeCompare(b.key));
}

export async function keepPending(item: PendingOperation): Promise<void> {
  const s = queue();
  if (!s) throw new Error('this browser keeps nothing offline');
  await set(item.key, item, s);
}

export async function dropPending(key: string): Promise<void> {
  const s = queue();
  if (s) await del(key, s);
}
