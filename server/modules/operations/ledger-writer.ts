/**
 * The ledger writer: the one way operations are written, and with them the figures kept beside
 * them (balances, pairs, spending days, volumes, unread counts) and their history. Every path that
 * writes an operation goes through it: the operation routes, repeating series, payback requests,
 * imports, an event's currency change and a person known by name merged into another. Each function follows docs/write-protocol.md; lint
 * (.eslintrc.cjs) keeps the statements it uses from being called from anywhere else.
 *
 * Every function runs in its caller's transaction, which holds the event's row (requireEvent with
 * forUpdate, or lockOperation), and a write past the bounds of decisions 0010 and 0062 throws, so
 * the caller's transaction stores nothing.
 */
import type { Entry, OperationKind } from '../../../common/ledger';
import type { Queryable } from '../../db/client';
import { renewPaybackRequest, type PaybackRequestMeta, type RequestRow } from '../people/repository';
import { stateOf } from './entered';
import { repointPerson } from './person-repository';
import { recordChange, recordCreated, type OperationAction } from './history';
import { currencyOf, lastWriterOf, price, requireWithinTotals, type Priced } from './pricing';
import {
  entriesOf,
  insertEntriesOf,
  insertNewOperation,
  insertOperation,
  insertOperations,
  markAllSeen,
  markSeen,
  markUnseenExcept,
  metaOf,
  replaceEntries,
  updateOperation,
  type EnteredColumns,
  type NewOperation,
  type OperationMeta,
  type OperationRow,
} from './repository';
import { applyToBalances, recomputeBalances, touchEvent, type OperationEffect } from './balances-repository';
import { allOperationsOf } from './list-repository';
import { recountUnread, rewritingUnread } from './unread';

/** What a live operation adds to its event's figures. */
function effectOf(row: Pick<OperationRow, 'kind' | 'amount' | 'opDate'>, entries: readonly Entry[]): OperationEffect {
  return { kind: row.kind, amount: row.amount, entries, date: row.opDate };
}

const entriesNow = async (tx: Queryable, id: number): Promise<Entry[]> => (await entriesOf(tx, [id])).get(id) ?? [];

/**
 * A new operation, as entered and priced, with its first version and its effect on the figures.
 * Its author needs no seen mark: what they wrote last is never unread by them (unread.ts), nor
 * shown to them as unseen (views.ts).
 */
export async function addOperation(
  tx: Queryable,
  entered: EnteredColumns,
  priced: Priced,
  placed: Pick<NewOperation, 'opDate' | 'idempotencyKey' | 'recurrenceId' | 'recurrenceDay'>,
): Promise<OperationRow> {
  const { entries } = priced;
  const values = { ...entered, amount: priced.amount, rate: priced.rate, rateDate: priced.rateDate, ...placed };
  const state = stateOf({ ...values, description: values.description ?? '', deletedAt: null });
  const row = await insertNewOperation(tx, values, entries, state);
  await applyToBalances(tx, row.eventId, effectOf(row, entries), 1, row.authorId);
  await requireWithinTotals(tx, row.eventId, [row.authorId]);
  return row;
}

/**
 * `row` becomes `changed` (an edit or a revert by `viewer`, priced into `entries`): its old effect
 * out, the new one in, unread again for everyone but the editor, and the change kept as a version.
 */
export async function changeOperation(
  tx: Queryable,
  viewer: number,
  row: OperationRow,
  changed: OperationRow,
  entries: readonly Entry[],
  action: Extract<OperationAction, 'edited' | 'reverted'>,
  revertedTo: number | null,
  idempotencyKey: string | null,
): Promise<OperationRow> {
  await applyToBalances(tx, row.eventId, effectOf(row, await entriesNow(tx, row.id)), -1);
  await replaceEntries(tx, row.id, entries);
  await applyToBalances(tx, row.eventId, effectOf(changed, entries), 1);
  const { id: _id, createdAt: _created, version: _version, ...fields } = changed;
  await rewritingUnread(tx, [row.id], async () => {
    await updateOperation(tx, row.id, fields);
    await markUnseenExcept(tx, row.id, viewer);
  });
  // After the counts name the editor as its last writer: the amount now counts against them.
  await requireWithinTotals(tx, row.eventId, [viewer]);
  return recordChange(tx, row, changed, action, viewer, revertedTo, idempotencyKey);
}

/** Deleted (soft) or restored by `viewer`: its effect leaves the figures or comes back. */
export async function setOperationDeleted(tx: Queryable, viewer: number, row: OperationRow, deleted: boolean): Promise<OperationRow> {
  if ((row.deletedAt !== null) === deleted) return row;
  await applyToBalances(tx, row.eventId, effectOf(row, await entriesNow(tx, row.id)), deleted ? -1 : 1);
  const deletedAt = deleted ? new Date() : null;
  await rewritingUnread(tx, [row.id], () => updateOperation(tx, row.id, { deletedAt }));
  if (!deleted) await requireWithinTotals(tx, row.eventId, [lastWriterOf(row)]);
  return recordChange(tx, row, { ...row, deletedAt }, deleted ? 'deleted' : 'restored', viewer);
}

/**
 * A live operation, with its `entries` as stored, moved by `viewer` into event `target` (both
 * events locked), priced again in the target's currency when it is not the source's.
 */
export async function moveOperationTo(
  tx: Queryable,
  viewer: number,
  row: OperationRow,
  entries: readonly Entry[],
  target: { id: number; currency: string },
  sourceCurrency: string,
): Promise<OperationRow> {
  await applyToBalances(tx, row.eventId, effectOf(row, entries), -1);
  let moved: OperationRow = { ...row, eventId: target.id };
  let newEntries = entries;
  if (currencyOf(sourceCurrency) !== currencyOf(target.currency)) {
    const priced = await priceAgain(tx, row, currencyOf(target.currency));
    moved = { ...moved, amount: priced.amount, rate: priced.rate, rateDate: priced.rateDate };
    newEntries = priced.entries;
    await replaceEntries(tx, row.id, newEntries);
  }
  await rewritingUnread(tx, [row.id], () =>
    updateOperation(tx, row.id, { eventId: target.id, amount: moved.amount, rate: moved.rate, rateDate: moved.rateDate }),
  );
  await applyToBalances(tx, target.id, effectOf(moved, newEntries), 1);
  await requireWithinTotals(tx, target.id, [lastWriterOf(row)]);
  return recordChange(tx, row, moved, 'moved', viewer);
}

/** What was entered, priced in `currency` at the rate of the operation's own date. */
function priceAgain(tx: Queryable, row: OperationRow, currency: string): Promise<Priced> {
  const entered = { kind: row.kind as OperationKind, originalAmount: row.originalAmount, currency: currencyOf(row.currency), author: row.authorId };
  return price(tx, { ...entered, meta: metaOf(row), date: row.opDate }, currency);
}

/**
 * The event currency changed: every operation (deleted ones too, so they can be restored) is
 * priced again from what was entered, at the rate of its own date, and the figures derived again.
 */
export async function repriceEvent(tx: Queryable, eventId: number, currency: string): Promise<void> {
  const writers = new Set<number>();
  for (const row of await allOperationsOf(tx, eventId)) {
    if (row.kind === 'comment') continue;
    const priced = await priceAgain(tx, row, currency);
    await updateOperation(tx, row.id, { amount: priced.amount, rate: priced.rate, rateDate: priced.rateDate });
    await replaceEntries(tx, row.id, priced.entries);
    writers.add(lastWriterOf(row));
  }
  await recomputeBalances(tx, eventId);
  await recountUnread(tx, eventId);
  await requireWithinTotals(tx, eventId, [...writers]);
}

/** The operation becomes the occurrence `day` of repeating series `seriesId`; no figure changes. */
export async function linkToSeries(tx: Queryable, operationId: number, seriesId: number, day: string): Promise<void> {
  await updateOperation(tx, operationId, { recurrenceId: seriesId, recurrenceDay: day });
}

/** What a payback request keeps: what was asked, as a comment's meta. */
type RequestMeta = PaybackRequestMeta & OperationMeta & Record<string, unknown>;

/**
 * A payback request (DESIGN §4): a comment by `author`, with no entries, so no balance moves; it
 * is unread by everyone else. It keeps no history: it is renewed, never edited.
 */
export async function addPaybackRequest(tx: Queryable, eventId: number, author: number, currency: string, meta: RequestMeta): Promise<OperationRow> {
  const now = new Date();
  const values = { eventId, authorId: author, kind: 'comment', amount: 0, originalAmount: 0, currency, description: '', opDate: now, meta } as const;
  const row = await insertOperation(tx, values);
  await applyToBalances(tx, eventId, effectOf(row, []), 1, author);
  return row;
}

/** An open payback request renewed with the debt as it stands now, unread again for everyone but its author. */
export async function renewPaybackRequestOf(tx: Queryable, request: { id: number; eventId: number; authorId: number }, meta: RequestMeta): Promise<RequestRow> {
  await touchEvent(tx, request.eventId);
  return rewritingUnread(tx, [request.id], () => renewPaybackRequest(tx, request.id, request.authorId, meta, new Date()));
}

/**
 * Operation `operationId` (or, with `all`, every operation of its event) seen by `viewer`, whose
 * count the caller has locked (lockViewerCount).
 */
export async function markRead(tx: Queryable, viewer: number, op: { id: number; eventId: number }, all: boolean): Promise<void> {
  if (all) await markAllSeen(tx, viewer, op.eventId);
  else await rewritingUnread(tx, [op.id], () => markSeen(tx, viewer, [op.id]), viewer);
}

/** One chunk of an import into its hidden event: the operations, their entries and first versions; the figures come after the last (deriveImported). */
export async function addImported(tx: Queryable, rows: readonly { values: NewOperation; entries: readonly Entry[] }[]): Promise<void> {
  const inserted = await insertOperations(
    tx,
    rows.map((r) => r.values),
  );
  await insertEntriesOf(
    tx,
    inserted.map((r, i) => ({ operationId: r.id, entries: rows[i]!.entries })),
  );
  await recordCreated(tx, ...inserted);
}

/**
 * An import's figures derived from its operations, each statement on its own: nobody can write to
 * the hidden event meanwhile, and others' requests go on between them. The importer has seen it all.
 */
export async function deriveImported(db: Queryable, eventId: number, importer: number): Promise<void> {
  await recomputeBalances(db, eventId);
  await markAllSeen(db, importer, eventId);
  await recountUnread(db, eventId);
}

/**
 * The import's last step, in the transaction that shows its event (whose row it holds): the bounds
 * that keep every figure exact, checked once, as the importer wrote every operation.
 */
export async function finishImported(tx: Queryable, eventId: number, importer: number): Promise<void> {
  await touchEvent(tx, eventId);
  await requireWithinTotals(tx, eventId, [importer]);
}

/**
 * Person `from`'s part of the event becomes person `to`'s, who is not in it (a person known by name
 * alone merged into someone with a phone, decision 0070): every row they are named in is theirs,
 * then the kept figures are derived again from the entries, as after an import. No operation's
 * amount or split changes, so no bound can be passed.
 */
export async function mergePersonIn(tx: Queryable, eventId: number, from: number, to: number): Promise<void> {
  await repointPerson(tx, eventId, from, to);
  await recomputeBalances(tx, eventId);
  await recountUnread(tx, eventId, [to]);
  await touchEvent(tx, eventId);
}
