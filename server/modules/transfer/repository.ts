import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  eventParticipants,
  events,
  operationDebts,
  operationEntries,
  operationReceipts,
  operationSeen,
  operationVersions,
  operations,
  pairBalances,
  recurrences,
  spendingDayOffsets,
  spendingDays,
} from '../../db/schema';

/**
 * Removes an event and everything written in it, as if it had never been: what an import that
 * failed half-way had written. Only for an event nobody else could see or write to meanwhile.
 */
export async function discardEvent(db: Queryable, eventId: number): Promise<void> {
  const ofEvent = db.select({ id: operations.id }).from(operations).where(eq(operations.eventId, eventId));
  for (const table of [operationEntries, operationDebts, operationVersions, operationReceipts, operationSeen]) {
    await db.delete(table).where(inArray(table.operationId, ofEvent));
  }
  await db.delete(operations).where(eq(operations.eventId, eventId));
  for (const table of [pairBalances, spendingDays, spendingDayOffsets, recurrences, eventParticipants]) {
    await db.delete(table).where(eq(table.eventId, eventId));
  }
  await db.delete(events).where(eq(events.id, eventId));
}
