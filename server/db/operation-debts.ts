import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Entry } from '../../common/ledger';
import { operationDebts as debtsOf } from '../../common/ledger-debts';
import { batchesOf } from './batches';
import type { Db, Queryable } from './client';
import { events, operationDebts, operationEntries, operations, pairBalances } from './schema';

/** Writes the pair debts of operations whose entries were just written (see schema operationDebts). */
export async function insertDebtsOf(db: Queryable, list: readonly { operationId: number; entries: readonly Entry[] }[]): Promise<void> {
  const rows = list.flatMap(({ operationId, entries }) => debtsOf(entries).map((d) => ({ operationId, ...d })));
  for (const batch of batchesOf(rows, 4)) await db.insert(operationDebts).values(batch);
}

/** Sets an event's pair balances to the sum of its live operations' pair debts (an import, a change of currency). */
export async function recomputePairBalances(db: Queryable, eventId: number): Promise<void> {
  await db.delete(pairBalances).where(eq(pairBalances.eventId, eventId));
  await db.execute(sql`
    insert into ${pairBalances} (event_id, lo, hi, amount)
    select ${eventId}::int, d.lo, d.hi, sum(d.amount) from ${operationDebts} d
    join ${operations} o on o.id = d.operation_id and o.event_id = ${eventId}::int and o.deleted_at is null
    group by d.lo, d.hi having sum(d.amount) <> 0`);
}

/**
 * Works out the pair debts of the operations recorded before operation_debts existed, once, at
 * start-up, an event at a time: the event row is locked first, as every writer locks it, then its
 * pending operations are filled and its pair balances summed. Several API processes starting
 * together take turns per event instead of writing anything twice. Answers how many operations
 * it filled.
 */
export async function fillPendingDebts(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const [next] = await db.select({ eventId: operations.eventId }).from(operations).where(eq(operations.debtsPending, true)).limit(1);
    if (!next) return filled;
    filled += await db.transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, next.eventId)).for('update');
      const pending = await tx
        .select({ id: operations.id })
        .from(operations)
        .where(and(eq(operations.eventId, next.eventId), eq(operations.debtsPending, true)))
        .orderBy(asc(operations.id))
        .for('update');
      // Another process filled this event while this one waited for it.
      if (pending.length === 0) return 0;
      const ids = pending.map((r) => r.id);
      const byOperation = new Map<number, Entry[]>(ids.map((id) => [id, []]));
      for (const batch of batchesOf(ids, 1)) {
        const entries = await tx
          .select({ operationId: operationEntries.operationId, uid: operationEntries.userId, paid: operationEntries.paid, share: operationEntries.share })
          .from(operationEntries)
          .where(inArray(operationEntries.operationId, batch));
        for (const e of entries) byOperation.get(e.operationId)?.push({ uid: e.uid, paid: e.paid, share: e.share });
      }
      for (const batch of batchesOf(ids, 1)) await tx.delete(operationDebts).where(inArray(operationDebts.operationId, batch));
      await insertDebtsOf(
        tx,
        [...byOperation].map(([operationId, list]) => ({ operationId, entries: list })),
      );
      for (const batch of batchesOf(ids, 1)) await tx.update(operations).set({ debtsPending: false }).where(inArray(operations.id, batch));
      await recomputePairBalances(tx, next.eventId);
      return ids.length;
    });
  }
}
