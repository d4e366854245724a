import type { CreateOperationBody, Operation, OperationListQuery, OperationListResponse } from '../../../common/contract/operations';
import { OPERATIONS_PAGE_SIZE } from '../../../common/contract/operations';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import type { Entry } from '../../../common/ledger';
import { localDayStart } from '../../../common/ledger-statistics';
import type { Db, Queryable } from '../../db/client';
import { displayConversion, shownIn, shownOrKept } from '../currency/service';
import { requireEvent, requireLive } from '../events/access';
import { unreadCounts, type EventRow } from '../events/repository';
import { lockOperation, requirePeopleIn } from './edit';
import { peopleNamed, readEntered } from './entered';
import { addOperation, markRead, moveOperationTo, setOperationDeleted } from './ledger-writer';
import { currencyOf, parseDate, price } from './pricing';
import { entriesOf, metaOf, operationByIdempotencyKey, operationForParticipant, type OperationRow } from './repository';
import { narrowed, operationPage, operationTotals, type ListFilter } from './list-repository';
import { startSeries } from '../recurrences/series';
import { lockViewerCount } from './unread';
import { toView, viewOne, viewsOf } from './views';

/**
 * POST /operation/?currency=: validates, prices and records an operation and its effect on balances
 * in one transaction; the answer's amounts are in `display` (specification §7) or the event's currency.
 */
export async function createOperation(db: Db, viewer: number, body: CreateOperationBody, idempotencyKey?: string, display?: string): Promise<Operation> {
  try {
    return await recordOperation(db, viewer, body, idempotencyKey, display);
  } catch (err) {
    // A request sent again under its Idempotency-Key is answered with what the first one stored,
    // whatever would refuse it now (its insert meets the key's unique index, or the event was
    // closed since). Asked only after a refusal: a first request, nearly every one, makes one
    // round trip fewer than if the key were looked up before.
    const existing = idempotencyKey ? await operationByIdempotencyKey(db, viewer, idempotencyKey) : null;
    if (existing) return viewOne(db, viewer, existing, display);
    throw err;
  }
}

async function recordOperation(
  db: Db,
  viewer: number,
  body: CreateOperationBody,
  idempotencyKey: string | undefined,
  display: string | undefined,
): Promise<Operation> {
  const { details } = body;
  const kind = details.kind;
  const date = parseDate(details.date);
  const op = await db.transaction(async (tx) => {
    const event = await requireEvent(tx, body.event_id, viewer, true);
    requireLive(event);
    const eventCurrency = currencyOf(event.currency);
    const currency = details.currency ?? eventCurrency;
    if (!isCurrencyCode(currency)) throw new DomainError('currency_unknown', 'currency');
    // Before anything is written: an answer that cannot be given must not leave the operation stored.
    const shown = await displayConversion(tx, eventCurrency, display);
    // 'They lent me' names the lender; nobody is a sensible default for it.
    const { originalAmount, meta } = readEntered(body, kind, currency, kind === 'they_lent_me' ? null : viewer);
    const priced = await price(tx, { kind, originalAmount, currency, author: viewer, meta, date }, eventCurrency);
    // The balances statement refuses an entry of anyone outside the event (applyToBalances), and
    // the author takes part (requireEvent): only anyone else named without an entry is looked up.
    const unchecked = withoutEntry(peopleNamed(meta), priced.entries).filter((uid) => uid !== viewer);
    await requirePeopleIn(tx, event.id, unchecked, 'participant_not_in_event');
    const entered = { eventId: event.id, authorId: viewer, kind, originalAmount, currency, description: details.description.trim(), meta };
    // A repeating operation is the first occurrence of its series.
    const started = body.repeat ? await startSeries(tx, entered, date, body.repeat, new Date()) : null;
    const row = await addOperation(tx, entered, priced, {
      opDate: date,
      idempotencyKey: idempotencyKey ?? null,
      recurrenceId: started?.series.id ?? null,
      recurrenceDay: started?.day ?? null,
    });
    return { row, entries: priced.entries, shown, eventCurrency };
  });
  // Everything the answer needs is in hand: no second read.
  return shownOrKept(op.shown, op.eventCurrency, (conv) => toView(op.row, op.entries, viewer, true, conv));
}

function withoutEntry(uids: readonly number[], entries: readonly Entry[]): number[] {
  return uids.filter((uid) => !entries.some((e) => e.uid === uid));
}

async function setDeleted(db: Db, viewer: number, operationId: number, deleted: boolean): Promise<Operation> {
  const op = await db.transaction(async (tx) => {
    const { row } = await lockOperation(tx, operationId, viewer);
    return setOperationDeleted(tx, viewer, row, deleted);
  });
  return viewOne(db, viewer, op);
}

/** DELETE /operation/{id}/: soft; its effect leaves the balances in the same transaction. */
export function deleteOperation(db: Db, viewer: number, operationId: number): Promise<Operation> {
  return setDeleted(db, viewer, operationId, true);
}

/** POST /operation/{id}/restore/: the effect comes back (everyone in it must still be a participant). */
export function restoreOperation(db: Db, viewer: number, operationId: number): Promise<Operation> {
  return setDeleted(db, viewer, operationId, false);
}

function peopleOf(op: OperationRow, entries: readonly Entry[]): Set<number> {
  return new Set([op.authorId, ...entries.map((e) => e.uid), ...peopleNamed(metaOf(op))]);
}

/**
 * POST /operation/move_operation/: the operation leaves one event for another the caller also
 * takes part in, which must contain everyone it names. Priced again in the target's currency at
 * the operation's own date when the currencies differ.
 */
export async function moveOperation(db: Db, viewer: number, operationId: number, targetEventId: number): Promise<Operation> {
  const op = await db.transaction(async (tx) => {
    const found = await operationForParticipant(tx, operationId, viewer);
    if (!found) throw new DomainError('not_found');
    // Both events locked in id order, so two opposite moves cannot deadlock.
    const [first, second] = found.eventId < targetEventId ? [found.eventId, targetEventId] : [targetEventId, found.eventId];
    const locked = new Map<number, EventRow>();
    locked.set(first, await requireEvent(tx, first, viewer, true));
    if (second !== first) locked.set(second, await requireEvent(tx, second, viewer, true));
    const source = locked.get(found.eventId) as EventRow;
    const target = locked.get(targetEventId) as EventRow;
    requireLive(source);
    requireLive(target);
    const row = await operationForParticipant(tx, operationId, viewer, true);
    // Moved by someone else since it was read: its event now is not the one locked and priced from.
    if (!row || row.eventId !== source.id) throw new DomainError('not_found');
    if (row.deletedAt) throw new DomainError('not_found');
    if (source.id === target.id) return row;
    // What one of a dialogue's two people wrote, the other could otherwise take into an event of
    // their own and delete it there with the event (a dialogue they could not delete).
    if (source.dialogueKey && row.authorId !== viewer) throw new DomainError('move_not_author');
    const entries = (await entriesOf(tx, [row.id])).get(row.id) ?? [];
    await requirePeopleIn(tx, target.id, peopleOf(row, entries), 'move_target_missing_people');
    return moveOperationTo(tx, viewer, row, entries, target, source.currency);
  });
  return viewOne(db, viewer, op);
}

/** GET /operation/: a page of an event's operations, narrowed by text, person, kind and days when asked. */
export async function listOperations(db: Queryable, viewer: number, query: OperationListQuery): Promise<OperationListResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const filter: ListFilter = {
    includeDeleted: query.deleted !== '0',
    text: query.q || undefined,
    person: query.person,
    kinds: query.kind,
    from: query.from ? localDayStart(query.from, query.utc_offset) : undefined,
    until: query.to ? localDayStart(query.to, query.utc_offset, 1) : undefined,
  };
  // The event's kept counts count the whole list only.
  const { listed: count, live } = narrowed(filter)
    ? await operationTotals(db, event.id, filter)
    : { listed: filter.includeDeleted ? event.operationCount : event.liveCount, live: event.liveCount };
  const ops = await operationPage(db, event.id, filter, (query.page - 1) * OPERATIONS_PAGE_SIZE, OPERATIONS_PAGE_SIZE);
  return {
    count,
    live,
    page: query.page,
    pages: Math.ceil(count / OPERATIONS_PAGE_SIZE),
    objects: await shownIn(db, currencyOf(event.currency), query.currency, (conv) => viewsOf(db, viewer, ops, conv)),
  };
}

/** POST /operation/{id}/seen: marks one operation (or, with `all`, the whole event) seen by the caller. */
export async function markOperationSeen(db: Db, viewer: number, operationId: number, all: boolean): Promise<{ event_id: number; unread_cnt: number }> {
  const found = await operationForParticipant(db, operationId, viewer);
  if (!found) throw new DomainError('not_found');
  const unread = await db.transaction(async (tx) => {
    await lockViewerCount(tx, found.eventId, viewer);
    // Moved to another event meanwhile: that event's count is not the one locked.
    const op = await operationForParticipant(tx, operationId, viewer);
    if (!op || op.eventId !== found.eventId) throw new DomainError('not_found');
    await markRead(tx, viewer, op, all);
    return (await unreadCounts(tx, viewer, [op.eventId])).get(op.eventId) ?? 0;
  });
  return { event_id: found.eventId, unread_cnt: Math.max(0, unread) };
}
