import { and, eq, inArray } from 'drizzle-orm';
import type { Entry } from '../../common/ledger';
import { operationDebts as debtsOf } from '../../common/ledger-debts';
import { batchesOf } from './batches';
import type { Db, Queryable } from './client';
import { operationDebts, operationEntries, operations } from './schema';

/** Writes the pair debts of operations whose entries were just written (see schema operationDebts). */
export async function insertDebtsOf(db: Queryable, list: readonly { operationId: number; entries: readonly Entry[] }[]): Promise<void> {
  const rows = list.flatMap(({ operationId, entries }) => debtsOf(entries).map((d) => ({ operationId, ...d })));
  for (const batch of batchesOf(rows, 4)) await db.insert(operationDebts).values(batch);
}

export async function deleteDebtsOf(db: Queryable, operationId: number): Promise<void> {
  await db.delete(operationDebts).where(eq(operationDebts.operationId, operationId));
}

/** Operations worked out per call; a few hundred keep each transaction short. */
const FILL_BATCH = 500;

/**
 * Works out the pair debts of the operations recorded before operation_debts existed, once, at
 * start-up. Each batch is its own transaction and skips rows another process is filling, so
 * several API processes starting together share the work instead of waiting or writing twice.
 * Answers how many operations it filled.
 */
export async function fillPendingDebts(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const pending = await tx
        .select({ id: operations.id })
        .from(operations)
        .where(eq(operations.debtsPending, true))
        .limit(FILL_BATCH)
        .for('update', { skipLocked: true });
      if (pending.length === 0) return 0;
      const ids = pending.map((r) => r.id);
      const entries = await tx
        .select({ operationId: operationEntries.operationId, uid: operationEntries.userId, paid: operationEntries.paid, share: operationEntries.share })
        .from(operationEntries)
        .where(inArray(operationEntries.operationId, ids));
      const byOperation = new Map<number, Entry[]>(ids.map((id) => [id, []]));
      for (const e of entries) byOperation.get(e.operationId)?.push({ uid: e.uid, paid: e.paid, share: e.share });
      await tx.delete(operationDebts).where(inArray(operationDebts.operationId, ids));
      await insertDebtsOf(tx, [...byOperation].map(([operationId, list]) => ({ operationId, entries: list })));
      await tx.update(operations).set({ debtsPending: false }).where(and(inArray(operations.id, ids), eq(operations.debtsPending, true)));
      return ids.length;
    });
    if (done === 0) return filled;
    filled += done;
  }
}
