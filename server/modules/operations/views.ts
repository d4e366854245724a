import type { Operation, OperationRequest } from '../../../common/contract/operations';
import { DomainError } from '../../../common/errors';
import { operationEntries, type Entry, type OperationKind } from '../../../common/ledger';
import { viewerStatus } from '../../../common/ledger-statistics';
import { fromMinor, rateToString } from '../../../common/money';
import type { Queryable } from '../../db/client';
import { FROZEN_RATE_DECIMALS, shownIn, type DisplayConversion } from '../currency/service';
import { imageUrl } from '../images/service';
import { eventForParticipant } from '../events/repository';
import { requestMeta, requestViews } from '../people/requests';
import { enteredView } from './entered';
import { currencyOf, enteredInput, lastWriterOf } from './pricing';
import { metaOf, operationForParticipant, type OperationRow } from './repository';
import { type ReceiptRow } from './receipts-repository';
import { viewPartsOf } from './view-parts';

/**
 * An operation as the API shows it to `viewer`: amounts in the display conversion's currency, the
 * status in the viewer's terms (DESIGN §3), unread unless they saw it or were the last to write it.
 */
export function toView(
  op: OperationRow,
  entries: readonly Entry[],
  viewer: number,
  seen: boolean,
  conv: DisplayConversion,
  receipts: readonly ReceiptRow[] = [],
): Operation {
  const kind = op.kind as OperationKind;
  const meta = metaOf(op);
  const original = currencyOf(op.currency);
  // Shown in the currency it was entered in, it is exactly what was entered, not a round trip
  // through the event's currency at today's rate (882.85 RUB in a EUR event is not 882.83 RUB).
  const asEntered = conv.approximate && conv.currency === original && kind !== 'comment';
  const shown = asEntered ? exactIn(original) : conv;
  const amount = asEntered ? op.originalAmount : op.amount;
  const parts = asEntered ? enteredEntries(op, kind, meta, entries) : entries;
  return {
    id: op.id,
    event_id: op.eventId,
    kind,
    status: viewerStatus(kind, entries, viewer),
    details: {
      amount: shown.major(amount),
      currency: shown.currency,
      original_amount: fromMinor(op.originalAmount, original),
      original_currency: original,
      // Exactly the frozen rate the amount was converted with, not a shorter rounding of it.
      rate: rateToString(op.rate, FROZEN_RATE_DECIMALS),
      rate_date: op.rateDate,
      description: op.description,
      text: meta.text,
      date: op.opDate.toISOString(),
      payer: meta.payer,
      author: op.authorId,
    },
    participants: parts.map((e) => ({
      uid: e.uid,
      paid: shown.major(e.paid),
      share: shown.major(e.share),
      effect: shown.major(e.paid - e.share),
    })),
    deleted: op.deletedAt !== null,
    seen: seen || lastWriterOf(op) === viewer,
    approximate: shown.approximate,
    created: op.createdAt.toISOString(),
    version: op.version,
    edited: op.editedBy !== null && op.editedAt !== null ? { by: op.editedBy, at: op.editedAt.toISOString() } : null,
    entered: enteredView(kind, meta, op.originalAmount, original),
    receipts: receipts.map((r) => ({ id: r.id, url: imageUrl(r.key), width: r.width, height: r.height, added_by: r.addedBy })),
    recurrence_id: op.recurrenceId,
  };
}

/** Amounts shown as they are, in their own currency. */
function exactIn(currency: string): DisplayConversion {
  return { currency, approximate: false, major: (m) => fromMinor(m, currency), minor: (m) => m };
}

/** The entries as entered, in the entered currency, in the order of the stored ones. */
function enteredEntries(op: OperationRow, kind: OperationKind, meta: ReturnType<typeof metaOf>, stored: readonly Entry[]): Entry[] {
  const entered = new Map(operationEntries(enteredInput({ kind, originalAmount: op.originalAmount, author: op.authorId, meta })).map((e) => [e.uid, e]));
  return stored.map((e) => entered.get(e.uid) ?? { uid: e.uid, paid: 0, share: 0 });
}

/** The payback requests among these operations, with what has been paid since: shown where they were made. */
async function requestsAmong(db: Queryable, ops: readonly OperationRow[]): Promise<Map<number, OperationRequest>> {
  const rows = ops.filter((o) => o.kind === 'comment' && o.deletedAt === null && requestMeta(o) !== null);
  if (rows.length === 0) return new Map();
  const views = await requestViews(db, rows);
  return new Map(views.map((r) => [r.id, { to: r.to, amounts: r.amounts, paid: r.paid, settled: r.settled }]));
}

export async function viewsOf(db: Queryable, viewer: number, ops: readonly OperationRow[], conv: DisplayConversion): Promise<Operation[]> {
  const { entries, seen, receipts } = await viewPartsOf(
    db,
    viewer,
    ops.map((o) => o.id),
  );
  const requests = await requestsAmong(db, ops);
  return ops.map((o) => {
    const view = toView(o, entries.get(o.id) ?? [], viewer, seen.has(o.id), conv, receipts.get(o.id));
    const request = requests.get(o.id);
    // Assigned, not spread: see decision 0050.
    return request ? Object.assign(view, { request }) : view;
  });
}

export async function viewOne(db: Queryable, viewer: number, op: OperationRow, display?: string): Promise<Operation> {
  const event = await eventForParticipant(db, op.eventId, viewer);
  const [view] = await shownIn(db, currencyOf(event?.currency ?? op.currency), display, (conv) => viewsOf(db, viewer, [op], conv));
  if (!view) throw new DomainError('not_found');
  return view;
}

/** GET /operation/{id}/: one operation, for its details page. */
export async function getOperation(db: Queryable, viewer: number, operationId: number, display?: string): Promise<Operation> {
  const row = await operationForParticipant(db, operationId, viewer);
  if (!row) throw new DomainError('not_found');
  return viewOne(db, viewer, row, display);
}
