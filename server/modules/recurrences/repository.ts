import { and, asc, eq, isNotNull, isNull, lte, max } from 'drizzle-orm';
import type { RepeatFrequency, RepeatRule } from '../../../common/recurrence';
import type { Queryable } from '../../db/client';
import { operations, recurrences } from '../../db/schema';

export type RecurrenceRow = typeof recurrences.$inferSelect;
export type NewRecurrence = typeof recurrences.$inferInsert;

export function ruleOf(row: Pick<RecurrenceRow, 'frequency' | 'interval' | 'until' | 'count'>): RepeatRule {
  return { frequency: row.frequency as RepeatFrequency, interval: row.interval, until: row.until, count: row.count };
}

export async function insertRecurrence(db: Queryable, values: NewRecurrence): Promise<RecurrenceRow> {
  const [row] = await db.insert(recurrences).values(values).returning();
  if (!row) throw new Error('recurrence insert returned nothing');
  return row;
}

export async function updateRecurrence(db: Queryable, id: number, set: Partial<NewRecurrence>): Promise<void> {
  await db.update(recurrences).set(set).where(eq(recurrences.id, id));
}

/** A series by id, locked for a change when asked; the caller has locked its event first. */
export async function recurrenceById(db: Queryable, id: number, forUpdate = false): Promise<RecurrenceRow | null> {
  const query = db.select().from(recurrences).where(eq(recurrences.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Series with an occurrence due at `now`, oldest due first: what the scheduler makes next. */
export async function dueRecurrences(db: Queryable, now: Date, limit: number): Promise<Pick<RecurrenceRow, 'id' | 'eventId' | 'authorId'>[]> {
  return db
    .select({ id: recurrences.id, eventId: recurrences.eventId, authorId: recurrences.authorId })
    .from(recurrences)
    .where(and(isNotNull(recurrences.nextAt), lte(recurrences.nextAt, now), isNull(recurrences.stoppedAt)))
    .orderBy(asc(recurrences.nextAt))
    .limit(limit);
}

/** The latest local day the series has an occurrence on, deleted ones included (they are not made again). */
export async function lastDayOf(db: Queryable, recurrenceId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(operations.recurrenceDay) })
    .from(operations)
    .where(eq(operations.recurrenceId, recurrenceId));
  return row?.day ?? null;
}

/** Whether the series already has an occurrence on `day`: the unique index's question, asked before writing. */
export async function hasOccurrenceOn(db: Queryable, recurrenceId: number, day: string): Promise<boolean> {
  const rows = await db
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.recurrenceId, recurrenceId), eq(operations.recurrenceDay, day)))
    .limit(1);
  return rows.length > 0;
}
