import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { builtOnce } from '../../db/speed/built-once';
import { operationEntries, operations } from '../../db/schema';
import type { OperationRow } from './repository';

/** The operations list's pages and counts: what GET /operation/ reads, narrowed or whole. */

/** What the list is narrowed to (GET /operation/ with q, person, kind, from, to). */
export interface ListFilter {
  includeDeleted: boolean;
  /** Matched case-insensitively in the description and a comment's text. */
  text?: string;
  person?: number;
  kinds?: readonly string[];
  /** op_date at or after `from`, before `until`. */
  from?: Date;
  until?: Date;
}

/** LIKE treats % and _ as wildcards and a backslash as its escape: what people type is matched as typed. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listFilter(eventId: number, filter: ListFilter) {
  const conditions = [eq(operations.eventId, eventId)];
  if (!filter.includeDeleted) conditions.push(isNull(operations.deletedAt));
  if (filter.text) {
    const pattern = likePattern(filter.text);
    conditions.push(sql`(${operations.description} ilike ${pattern} or ${operations.meta}->>'text' ilike ${pattern})`);
  }
  if (filter.person !== undefined) {
    conditions.push(
      sql`(${operations.authorId} = ${filter.person} or exists (select 1 from ${operationEntries} e where e.operation_id = ${operations.id} and e.user_id = ${filter.person}))`,
    );
  }
  if (filter.kinds && filter.kinds.length > 0) conditions.push(inArray(operations.kind, [...filter.kinds]));
  if (filter.from) conditions.push(gte(operations.opDate, filter.from));
  if (filter.until) conditions.push(lt(operations.opDate, filter.until));
  return and(...conditions);
}

/** Whether the list is narrowed to some of the event's operations, by more than whether deleted ones are in it. */
export function narrowed(filter: ListFilter): boolean {
  return Boolean(filter.text || filter.person !== undefined || filter.kinds?.length || filter.from || filter.until);
}

/** A page of the whole list, the one nearly every read asks for, built once (decision 0048). */
const wholeListPage = (live: boolean) =>
  builtOnce<OperationRow[], { event: number; offset: number; limit: number }>((db) =>
    db
      .select()
      .from(operations)
      .where(and(eq(operations.eventId, sql.placeholder('event')), live ? isNull(operations.deletedAt) : undefined))
      .orderBy(desc(operations.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
const pageWithDeleted = wholeListPage(false);
const livePage = wholeListPage(true);

/** Newest first by id (creation order), which the (event_id, id) index serves directly. */
export async function operationPage(db: Queryable, eventId: number, filter: ListFilter, offset: number, limit: number): Promise<OperationRow[]> {
  if (!narrowed(filter)) return (filter.includeDeleted ? pageWithDeleted : livePage)(db, { event: eventId, offset, limit });
  return db.select().from(operations).where(listFilter(eventId, filter)).orderBy(desc(operations.id)).limit(limit).offset(offset);
}

/** How many operations the list holds (`listed`, deleted ones included when asked) and how many of them are live. */
export async function operationTotals(db: Queryable, eventId: number, filter: ListFilter): Promise<{ listed: number; live: number }> {
  const [row] = await db
    .select({ listed: sql<number>`count(*)::int`, live: sql<number>`(count(*) filter (where ${operations.deletedAt} is null))::int` })
    .from(operations)
    .where(listFilter(eventId, filter));
  return { listed: Number(row?.listed ?? 0), live: Number(row?.live ?? 0) };
}

export async function allOperationsOf(db: Queryable, eventId: number): Promise<OperationRow[]> {
  return db.select().from(operations).where(eq(operations.eventId, eventId)).orderBy(asc(operations.id));
}
