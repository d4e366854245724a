import type { CreateOperationBody, Operation } from '../../../common/contract/operations';
import { DomainError } from '../../../common/errors';
import { PURCHASE_KINDS, type OperationKind } from '../../../common/ledger';
import { isCurrencyCode } from '../../../common/currencies';
import type { Db, Queryable } from '../../db/client';
import { requireEvent, requireLive } from '../events/access';
import { participantsAmong, type EventRow } from '../events/repository';
import { requestMeta } from '../people/requests';
import { changedFields, peopleNamed, readEntered, stateOf, stateView } from './entered';
import { storedStateOf } from './history';
import { changeOperation } from './ledger-writer';
import { currencyOf, parseDate, price } from './pricing';
import { operationForParticipant, type OperationMeta, type OperationRow } from './repository';
import { editedWithKey, versionOf } from './versions-repository';
import { getOperation, viewOne } from './views';

/**
 * The operation and its event, both locked for a change by `viewer`, who must take part in the
 * event. The event row first, as every write does, so writers queue in one order.
 */
export async function lockOperation(tx: Queryable, operationId: number, viewer: number): Promise<{ row: OperationRow; event: EventRow }> {
  const found = await operationForParticipant(tx, operationId, viewer);
  if (!found) throw new DomainError('not_found');
  const event = await requireEvent(tx, found.eventId, viewer, true);
  requireLive(event);
  const row = await operationForParticipant(tx, operationId, viewer, true);
  if (!row || row.eventId !== event.id) throw new DomainError('not_found');
  return { row, event };
}

/** Refuses with `code` unless everyone in `uids` takes part in the event. */
export async function requirePeopleIn(
  tx: Queryable,
  eventId: number,
  uids: Iterable<number>,
  code: 'participant_not_in_event' | 'move_target_missing_people',
): Promise<void> {
  const wanted = [...new Set(uids)];
  const present = await participantsAmong(tx, eventId, wanted);
  if (wanted.some((uid) => !present.has(uid))) throw new DomainError(code, 'participants');
}

/** The ETag of a version, and the version an If-Match names (`"3"`, `W/"3"` or `3`), or null. */
export const etagOf = (version: number) => `"${version}"`;
export function versionFromIfMatch(header: string | undefined): number | null {
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

interface Next {
  kind: OperationKind;
  originalAmount: number;
  currency: string;
  description: string;
  date: Date;
  meta: OperationMeta;
}

/**
 * Makes `row` what `next` says, in the caller's transaction: priced again at its date's rate in
 * the event currency, the balances moved by the difference, the change recorded as a version and
 * the operation unread again for everyone but `viewer`. A change that changes nothing records
 * nothing.
 */
async function applyChange(
  tx: Queryable,
  viewer: number,
  row: OperationRow,
  event: EventRow,
  next: Next,
  action: 'edited' | 'reverted',
  revertedTo: number | null,
  idempotencyKey: string | null = null,
): Promise<OperationRow> {
  await requirePeopleIn(tx, event.id, peopleNamed(next.meta), 'participant_not_in_event');
  const priced = await price(tx, { ...next, author: row.authorId }, currencyOf(event.currency));
  const now = new Date();
  const changed: OperationRow = {
    ...row,
    kind: next.kind,
    amount: priced.amount,
    originalAmount: next.originalAmount,
    currency: next.currency,
    rate: priced.rate,
    rateDate: priced.rateDate,
    description: next.description,
    opDate: next.date,
    meta: next.meta,
    editedBy: viewer,
    editedAt: now,
  };
  if (changedFields(stateView(stateOf(row)), stateView(stateOf(changed))).length === 0) return row;
  return changeOperation(tx, viewer, row, changed, priced.entries, action, revertedTo, idempotencyKey);
}

function requireEditable(row: OperationRow, kind: OperationKind): void {
  if (row.deletedAt !== null) throw new DomainError('not_found');
  // A payback request is a record of what was asked at the time; a new request replaces it.
  if (requestMeta(row) !== null) throw new DomainError('validation_failed', 'kind');
  const from = row.kind as OperationKind;
  if (from !== kind && !(PURCHASE_KINDS.includes(from) && PURCHASE_KINDS.includes(kind))) throw new DomainError('validation_failed', 'kind');
}

/**
 * PUT /operation/{id}/: the operation becomes what the body says (the create body; the date stays
 * when the body has none). `ifMatch` must name the version the editor saw: an edit made from an
 * older one is refused with 'operation_changed' and the route answers with the current one.
 */
export async function editOperation(
  db: Db,
  viewer: number,
  operationId: number,
  body: CreateOperationBody,
  ifMatch: string | undefined,
  display?: string,
  idempotencyKey?: string,
): Promise<Operation> {
  const expected = versionFromIfMatch(ifMatch);
  if (expected === null) throw new DomainError('version_required', 'if-match');
  try {
    return await editOnce(db, viewer, operationId, body, expected, display, idempotencyKey ?? null);
  } catch (err) {
    // The same edit sent again (a retry after a lost answer) answers with the operation as it is
    // now, whatever would refuse it now: its If-Match names the version before its own edit, or
    // its version meets the key's unique index. Asked only after a refusal, as createOperation
    // does: a first edit, nearly every one, makes one round trip fewer.
    if (idempotencyKey && (await editedWithKey(db, operationId, viewer, idempotencyKey))) return getOperation(db, viewer, operationId, display);
    throw err;
  }
}

async function editOnce(
  db: Db,
  viewer: number,
  operationId: number,
  body: CreateOperationBody,
  expected: number,
  display: string | undefined,
  idempotencyKey: string | null,
): Promise<Operation> {
  const row = await db.transaction(async (tx) => {
    const { row, event } = await lockOperation(tx, operationId, viewer);
    if (row.version !== expected) throw new DomainError('operation_changed');
    if (body.event_id !== row.eventId) throw new DomainError('validation_failed', 'event_id');
    const kind = body.details.kind;
    requireEditable(row, kind);
    const currency = body.details.currency ?? currencyOf(event.currency);
    if (!isCurrencyCode(currency)) throw new DomainError('currency_unknown', 'currency');
    const entered = readEntered(body, kind, currency, kind === 'they_lent_me' ? null : row.authorId);
    const date = body.details.date === undefined ? row.opDate : parseDate(body.details.date);
    const next: Next = { kind, currency, date, description: body.details.description.trim(), ...entered };
    return applyChange(tx, viewer, row, event, next, 'edited', null, idempotencyKey);
  });
  return viewOne(db, viewer, row, display);
}

/**
 * POST /operation/{id}/history/{version}/restore/: the operation becomes what it was at that
 * version (in the event it is in now), recorded as a new version. With If-Match, only from it.
 */
export async function revertOperation(
  db: Db,
  viewer: number,
  operationId: number,
  version: number,
  ifMatch: string | undefined,
  display?: string,
): Promise<Operation> {
  const expected = ifMatch === undefined ? null : versionFromIfMatch(ifMatch);
  if (ifMatch !== undefined && expected === null) throw new DomainError('version_required', 'if-match');
  const row = await db.transaction(async (tx) => {
    const { row, event } = await lockOperation(tx, operationId, viewer);
    if (expected !== null && row.version !== expected) throw new DomainError('operation_changed');
    const stored = await versionOf(tx, row.id, version);
    const state = stored ? storedStateOf(stored.state) : version === row.version ? stateOf(row) : null;
    if (!state) throw new DomainError('not_found');
    const kind = state.kind as OperationKind;
    requireEditable(row, kind);
    const next: Next = {
      kind,
      originalAmount: state.originalAmount,
      currency: state.currency,
      description: state.description,
      date: new Date(state.date),
      meta: state.meta,
    };
    return applyChange(tx, viewer, row, event, next, 'reverted', version);
  });
  return viewOne(db, viewer, row, display);
}
