import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { eventParticipants, operationDebts, operationEntries, operationSeen, operations, operationVersions, recurrences } from '../../db/schema';

/**
 * An operation's meta (repository.ts OperationMeta, people/repository.ts PaybackRequestMeta) with
 * person `from` named `to` wherever it names people: the payer, each payer, each part, the debtor a
 * payback request asks. Everything else in it is left as it was.
 */
function renamedIn(meta: SQL, from: number, to: number): SQL {
  const was = sql`to_jsonb(${from}::int)`;
  const now = sql`to_jsonb(${to}::int)`;
  const person = (key: string) => sql`case when ${meta}->${key}::text = ${was} then jsonb_build_object(${key}::text, ${now}) else '{}'::jsonb end`;
  const list = (key: string) => sql`case when jsonb_typeof(${meta}->${key}::text) = 'array' then jsonb_build_object(${key}::text, coalesce((
      select jsonb_agg(case when p->'uid' = ${was} then jsonb_set(p, '{uid}', ${now}) else p end order by i)
      from jsonb_array_elements(${meta}->${key}::text) with ordinality as x(p, i)), '[]'::jsonb)) else '{}'::jsonb end`;
  return sql`case when jsonb_typeof(${meta}) = 'object' then ${meta} || ${person('payer')} || ${person('to')} || ${list('participants')} || ${list('payers')} else ${meta} end`;
}

/** Whether `json` holds the number `uid` anywhere: the rows worth rewriting. */
const mentions = (json: SQL, uid: number) => sql`jsonb_path_exists(${json}, '$.** ? (@ == $uid)', jsonb_build_object('uid', ${uid}::int))`;

/**
 * Gives every row of person `from` in one event to person `to`, who is not in it: their place
 * among the participants, their entries, the pair debts (each pair keeps lo < hi, its sign
 * following), what they read, and their uid in every meta and every version's state. The figures
 * kept beside the rows are left to be derived again (ledger-writer.ts mergePersonIn).
 */
export async function repointPerson(db: Queryable, eventId: number, from: number, to: number): Promise<void> {
  const inEvent = sql`(select id from ${operations} where event_id = ${eventId}::int)`;
  await db.execute(sql`update ${eventParticipants} set user_id = ${to}::int where event_id = ${eventId}::int and user_id = ${from}::int`);
  await db.execute(sql`update ${operationEntries} set user_id = ${to}::int where user_id = ${from}::int and operation_id in ${inEvent}`);
  await db.execute(sql`update ${operationSeen} set user_id = ${to}::int where user_id = ${from}::int and operation_id in ${inEvent}`);
  await db.execute(sql`
    update ${operationDebts} d set lo = least(n.a, n.b), hi = greatest(n.a, n.b), amount = case when n.a < n.b then d.amount else -d.amount end
    from (
      select operation_id, lo, hi,
        case when lo = ${from}::int then ${to}::int else lo end as a,
        case when hi = ${from}::int then ${to}::int else hi end as b
      from ${operationDebts} where (lo = ${from}::int or hi = ${from}::int) and operation_id in ${inEvent}
    ) n
    where d.operation_id = n.operation_id and d.lo = n.lo and d.hi = n.hi`);
  const meta = sql`meta`;
  const by = (column: string) => sql`${sql.raw(column)} = case when ${sql.raw(column)} = ${from}::int then ${to}::int else ${sql.raw(column)} end`;
  await db.execute(
    sql`update ${operations} set meta = ${renamedIn(meta, from, to)}, ${by('author_id')}, ${by('edited_by')} where event_id = ${eventId}::int and (${mentions(meta, from)} or ${from}::int in (author_id, edited_by))`,
  );
  await db.execute(sql`update ${recurrences} set meta = ${renamedIn(meta, from, to)}, ${by('author_id')}, ${by('stopped_by')}
    where event_id = ${eventId}::int and (${mentions(meta, from)} or ${from}::int in (author_id, stopped_by))`);
  const stateMeta = sql`(state->'meta')`;
  await db.execute(sql`
    update ${operationVersions} set state = case when jsonb_typeof(state->'meta') = 'object' then jsonb_set(state, '{meta}', ${renamedIn(stateMeta, from, to)}) else state end, ${by('actor_id')}
    where operation_id in ${inEvent} and (${mentions(sql`state`, from)} or actor_id = ${from}::int)`);
}

/**
 * Whether `uid` has ever had a place in the event: a participant, or rows of theirs in its
 * operations (a deleted operation's entries, what they read before they left). Merging another
 * person into them there would make two people one.
 */
export async function hadPlaceIn(db: Queryable, eventId: number, uid: number): Promise<boolean> {
  const inEvent = sql`(select id from ${operations} where event_id = ${eventId}::int)`;
  const result = await db.execute(sql`select
    exists (select 1 from ${eventParticipants} where event_id = ${eventId}::int and user_id = ${uid}::int)
    or exists (select 1 from ${operationEntries} where user_id = ${uid}::int and operation_id in ${inEvent})
    or exists (select 1 from ${operationSeen} where user_id = ${uid}::int and operation_id in ${inEvent})
    or exists (select 1 from ${operationDebts} where ${uid}::int in (lo, hi) and operation_id in ${inEvent}) as had`);
  return rowsOf<{ had: boolean }>(result)[0]?.had === true;
}
