import type { CreateOperationBody, DebtsResponse, ExpensesResponse, Operation, OperationListResponse, OperationRequest } from '../../../common/contract/operations';
import { OPERATIONS_PAGE_SIZE } from '../../../common/contract/operations';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { isSpending, OPERATION_KINDS, operationEntries, type Entry, type OperationKind } from '../../../common/ledger';
import { pairwiseDebts } from '../../../common/ledger-debts';
import { expenseStatistics, localDay, viewerStatus } from '../../../common/ledger-statistics';
import { EXPLICIT_PART_KINDS, entriesInEventCurrency } from '../../../common/ledger-currency';
import { convertMinor, fromMinor, MONEY_INPUT_MAX_LENGTH, rateToString, toMinor } from '../../../common/money';
import { MAX_EVENT_VOLUME_MINOR, MAX_OPERATION_MINOR, MAX_PERSON_VOLUME_MINOR } from '../../../common/money-limits';
import type { Db, Queryable } from '../../db/client';
import { displayConversion, FROZEN_RATE_DECIMALS, rateForDate, type DisplayConversion } from '../currency/service';
import { requireEvent, requireLive } from '../events/access';
import { eventForParticipant, participantsOf, type EventRow } from '../events/repository';
import { requestMeta, requestViews } from '../people/requests';
import {
  allOperationsOf,
  applyToBalances,
  entriesOf,
  insertEntries,
  insertOperation,
  liveEntriesOfKinds,
  liveOperationsOfKinds,
  markAllSeen,
  markSeen,
  metaOf,
  operationByIdempotencyKey,
  operationForParticipant,
  operationPage,
  operationTotals,
  recomputeBalances,
  replaceEntries,
  seenBy,
  totalsExceeded,
  touchEvent,
  unreadOf,
  updateOperation,
  type OperationMeta,
  type OperationRow,
} from './repository';

const currencyOf = (code: string) => code.trim();

/**
 * An API amount (major units, a JSON number) to minor units: at most the currency's decimals and
 * at most 16 characters as written (specification §5). Negative amounts are refused; 0 is below
 * the minimum unless `allowZero`.
 */
export function apiAmountToMinor(value: number, currency: string, field: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DomainError('amount_invalid', field);
  if (value < 0) throw new DomainError('amount_invalid', field);
  if (String(value).length > MONEY_INPUT_MAX_LENGTH) throw new DomainError('amount_invalid', field);
  let minor: number;
  try {
    minor = toMinor(value, currency);
  } catch {
    throw new DomainError('amount_invalid', field);
  }
  if (minor === 0 && !allowZero) throw new DomainError('amount_too_small', field);
  if (minor > MAX_OPERATION_MINOR) throw new DomainError('amount_too_large', field);
  return minor;
}

interface Priced {
  amount: number;
  rate: string;
  rateDate: string | null;
  entries: Entry[];
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * An operation's entries in the event currency. When the currencies differ the amount is
 * converted at the rate of the operation's day, frozen on the operation (DESIGN §3), and the
 * entries restated from it (common/ledger-currency.ts: equal parts split in the event currency).
 */
async function price(
  db: Queryable,
  op: { kind: OperationKind; originalAmount: number; currency: string; author: number; meta: OperationMeta; date: Date },
  eventCurrency: string,
): Promise<Priced> {
  if (op.kind === 'comment') return { amount: 0, rate: '1', rateDate: null, entries: [] };
  const input = { kind: op.kind, amount: op.originalAmount, author: op.author, payer: op.meta.payer, participants: op.meta.participants };
  // Checked where it was typed before any rate is looked up, so a wrong operation says so first.
  const original = operationEntries(input);
  if (op.currency === eventCurrency) return { amount: op.originalAmount, rate: '1', rateDate: null, entries: original };
  const frozen = await rateForDate(db, op.currency, eventCurrency, utcDay(op.date));
  const amount = convertMinor(op.originalAmount, op.currency, eventCurrency, frozen.rate);
  return { amount, rate: frozen.rate, rateDate: frozen.rateDate, entries: entriesInEventCurrency(input, amount) };
}

/**
 * After a write, inside its transaction: refuses it (and so stores nothing) when the event's or a
 * person's totals would pass the bounds that keep every figure exact (decision 0010).
 */
async function requireWithinTotals(tx: Queryable, eventId: number, entries: readonly Entry[]): Promise<void> {
  const bounds = { event: MAX_EVENT_VOLUME_MINOR, person: MAX_PERSON_VOLUME_MINOR };
  if (await totalsExceeded(tx, eventId, entries.map((e) => e.uid), bounds)) throw new DomainError('totals_too_large', 'amount');
}

function parseDate(text: string | undefined): Date {
  if (text === undefined) return new Date();
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(date.getTime()) || year < 1990 || year > 2100) throw new DomainError('validation_failed', 'date');
  return date;
}

function toView(op: OperationRow, entries: readonly Entry[], viewer: number, seen: boolean, conv: DisplayConversion): Operation {
  const kind = op.kind as OperationKind;
  const meta = metaOf(op);
  const original = currencyOf(op.currency);
  return {
    id: op.id,
    event_id: op.eventId,
    kind,
    status: viewerStatus(kind, entries, viewer),
    details: {
      amount: conv.major(op.amount),
      currency: conv.currency,
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
    participants: entries.map((e) => ({
      uid: e.uid,
      paid: conv.major(e.paid),
      share: conv.major(e.share),
      effect: conv.major(e.paid - e.share),
    })),
    deleted: op.deletedAt !== null,
    seen: seen || op.authorId === viewer,
    approximate: conv.approximate,
    created: op.createdAt.toISOString(),
  };
}

async function viewsOf(db: Queryable, viewer: number, ops: readonly OperationRow[], conv: DisplayConversion): Promise<Operation[]> {
  const ids = ops.map((o) => o.id);
  const [entries, seen] = [await entriesOf(db, ids), await seenBy(db, viewer, ids)];
  const requests = await requestsAmong(db, ops);
  return ops.map((o) => {
    const view = toView(o, entries.get(o.id) ?? [], viewer, seen.has(o.id), conv);
    const request = requests.get(o.id);
    return request ? { ...view, request } : view;
  });
}

/** The payback requests among these operations, with what has been paid since: shown where they were made. */
async function requestsAmong(db: Queryable, ops: readonly OperationRow[]): Promise<Map<number, OperationRequest>> {
  const rows = ops.filter((o) => o.kind === 'comment' && o.deletedAt === null && requestMeta(o) !== null);
  if (rows.length === 0) return new Map();
  const views = await requestViews(db, rows);
  return new Map(views.map((r) => [r.id, { to: r.to, amounts: r.amounts, paid: r.paid, settled: r.settled }]));
}

async function viewOne(db: Queryable, viewer: number, op: OperationRow, display?: string): Promise<Operation> {
  const [event] = [await eventForParticipant(db, op.eventId, viewer)];
  const conv = await displayConversion(db, currencyOf(event?.currency ?? op.currency), display);
  const [view] = await viewsOf(db, viewer, [op], conv);
  if (!view) throw new DomainError('not_found');
  return view;
}

function requirePeopleIn(participants: ReadonlySet<number>, uids: Iterable<number>, code: 'participant_not_in_event' | 'move_target_missing_people'): void {
  for (const uid of uids) if (!participants.has(uid)) throw new DomainError(code, 'participants');
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * POST /operation/?currency=: validates, prices and records an operation and its effect on balances
 * in one transaction; the answer's amounts are in `display` (specification §7) or the event's currency.
 */
export async function createOperation(db: Db, viewer: number, body: CreateOperationBody, idempotencyKey?: string, display?: string): Promise<Operation> {
  if (idempotencyKey) {
    const existing = await operationByIdempotencyKey(db, viewer, idempotencyKey);
    if (existing) return viewOne(db, viewer, existing, display);
  }
  const { details } = body;
  const kind = details.kind;
  const date = parseDate(details.date);
  try {
    const op = await db.transaction(async (tx) => {
      const event = await requireEvent(tx, body.event_id, viewer, true);
      requireLive(event);
      const eventCurrency = currencyOf(event.currency);
      const currency = details.currency ?? eventCurrency;
      if (!isCurrencyCode(currency)) throw new DomainError('currency_unknown', 'currency');
      // Before anything is written: an answer that cannot be given must not leave the operation stored.
      const shown = await displayConversion(tx, eventCurrency, display);
      const members = new Set((await participantsOf(tx, [event.id])).map((p) => p.userId));
      let originalAmount = 0;
      let meta: OperationMeta;
      if (kind === 'comment') {
        if (details.amount !== undefined && details.amount !== 0) throw new DomainError('validation_failed', 'amount');
        const text = (details.text ?? details.description).trim();
        if (!text) throw new DomainError('required_field', 'text');
        meta = { payer: null, participants: [], text };
      } else {
        if (details.amount === undefined) throw new DomainError('required_field', 'amount');
        originalAmount = apiAmountToMinor(details.amount, currency, 'amount');
        const explicit = EXPLICIT_PART_KINDS.has(kind);
        const participants = body.participants.map((p) =>
          explicit && p.amount !== undefined && p.amount !== null
            ? { uid: p.uid, amount: apiAmountToMinor(p.amount, currency, 'participants', true) }
            : { uid: p.uid },
        );
        // 'They lent me' names the lender; nobody is a sensible default for it.
        const payer = details.payer ?? (kind === 'they_lent_me' ? null : viewer);
        meta = { payer, participants, text: details.text ?? '' };
        requirePeopleIn(members, [...(payer === null ? [] : [payer]), ...participants.map((p) => p.uid)], 'participant_not_in_event');
      }
      const priced = await price(tx, { kind, originalAmount, currency, author: viewer, meta, date }, eventCurrency);
      const row = await insertOperation(tx, {
        eventId: event.id,
        authorId: viewer,
        kind,
        amount: priced.amount,
        originalAmount,
        currency,
        rate: priced.rate,
        rateDate: priced.rateDate,
        description: details.description.trim(),
        opDate: date,
        meta,
        idempotencyKey: idempotencyKey ?? null,
      });
      await insertEntries(tx, row.id, priced.entries);
      await applyToBalances(tx, event.id, priced.entries, 1);
      await requireWithinTotals(tx, event.id, priced.entries);
      await touchEvent(tx, event.id);
      await markSeen(tx, viewer, [row.id]);
      return { row, entries: priced.entries, shown };
    });
    // Everything the answer needs is in hand: no second read.
    return toView(op.row, op.entries, viewer, true, op.shown);
  } catch (err) {
    if (idempotencyKey && isUniqueViolation(err)) {
      // The same request raced itself: the first one won, answer with its result.
      const existing = await operationByIdempotencyKey(db, viewer, idempotencyKey);
      if (existing) return viewOne(db, viewer, existing, display);
    }
    throw err;
  }
}

async function setDeleted(db: Db, viewer: number, operationId: number, deleted: boolean): Promise<Operation> {
  const op = await db.transaction(async (tx) => {
    const found = await operationForParticipant(tx, operationId, viewer);
    if (!found) throw new DomainError('not_found');
    requireLive(await requireEvent(tx, found.eventId, viewer, true));
    const row = await operationForParticipant(tx, operationId, viewer, true);
    if (!row) throw new DomainError('not_found');
    if ((row.deletedAt !== null) === deleted) return row;
    const entries = (await entriesOf(tx, [row.id])).get(row.id) ?? [];
    await applyToBalances(tx, row.eventId, entries, deleted ? -1 : 1);
    const deletedAt = deleted ? new Date() : null;
    await updateOperation(tx, row.id, { deletedAt });
    if (!deleted) await requireWithinTotals(tx, row.eventId, entries);
    await touchEvent(tx, row.eventId);
    return { ...row, deletedAt };
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
  const meta = metaOf(op);
  return new Set([op.authorId, ...entries.map((e) => e.uid), ...(meta.payer === null ? [] : [meta.payer])]);
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
    if (!row) throw new DomainError('not_found');
    if (row.deletedAt) throw new DomainError('not_found');
    if (source.id === target.id) return row;
    const entries = (await entriesOf(tx, [row.id])).get(row.id) ?? [];
    const members = new Set((await participantsOf(tx, [target.id])).map((p) => p.userId));
    requirePeopleIn(members, peopleOf(row, entries), 'move_target_missing_people');
    await applyToBalances(tx, source.id, entries, -1);
    let moved: OperationRow = { ...row, eventId: target.id };
    let newEntries = entries;
    if (currencyOf(source.currency) !== currencyOf(target.currency)) {
      const priced = await price(
        tx,
        { kind: row.kind as OperationKind, originalAmount: row.originalAmount, currency: currencyOf(row.currency), author: row.authorId, meta: metaOf(row), date: row.opDate },
        currencyOf(target.currency),
      );
      moved = { ...moved, amount: priced.amount, rate: priced.rate, rateDate: priced.rateDate };
      newEntries = priced.entries;
      await replaceEntries(tx, row.id, newEntries);
    }
    await updateOperation(tx, row.id, { eventId: target.id, amount: moved.amount, rate: moved.rate, rateDate: moved.rateDate });
    await applyToBalances(tx, target.id, newEntries, 1);
    await requireWithinTotals(tx, target.id, newEntries);
    await touchEvent(tx, source.id);
    await touchEvent(tx, target.id);
    return moved;
  });
  return viewOne(db, viewer, op);
}

/**
 * The event currency changed: every operation (deleted ones too, so they can be restored) is
 * priced again from what was entered, at the rate of its own date, and the balances recomputed.
 */
export async function reconvertEventOperations(tx: Queryable, eventId: number, currency: string): Promise<void> {
  const everyone: Entry[] = [];
  for (const row of await allOperationsOf(tx, eventId)) {
    if (row.kind === 'comment') continue;
    const priced = await price(
      tx,
      { kind: row.kind as OperationKind, originalAmount: row.originalAmount, currency: currencyOf(row.currency), author: row.authorId, meta: metaOf(row), date: row.opDate },
      currency,
    );
    await updateOperation(tx, row.id, { amount: priced.amount, rate: priced.rate, rateDate: priced.rateDate });
    await replaceEntries(tx, row.id, priced.entries);
    everyone.push(...priced.entries);
  }
  await recomputeBalances(tx, eventId);
  await requireWithinTotals(tx, eventId, everyone);
}

export async function listOperations(
  db: Queryable,
  viewer: number,
  query: { event: number; page: number; currency?: string; deleted?: '0' | '1' },
): Promise<OperationListResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const conv = await displayConversion(db, currencyOf(event.currency), query.currency);
  const includeDeleted = query.deleted !== '0';
  const { listed: count, live } = await operationTotals(db, event.id, includeDeleted);
  const ops = await operationPage(db, event.id, includeDeleted, (query.page - 1) * OPERATIONS_PAGE_SIZE, OPERATIONS_PAGE_SIZE);
  return {
    count,
    live,
    page: query.page,
    pages: Math.ceil(count / OPERATIONS_PAGE_SIZE),
    objects: await viewsOf(db, viewer, ops, conv),
  };
}

/** POST /operation/{id}/seen: marks one operation (or, with `all`, the whole event) seen by the caller. */
export async function markOperationSeen(db: Db, viewer: number, operationId: number, all: boolean): Promise<{ event_id: number; unread_cnt: number }> {
  const op = await operationForParticipant(db, operationId, viewer);
  if (!op) throw new DomainError('not_found');
  if (all) await markAllSeen(db, viewer, op.eventId);
  else await markSeen(db, viewer, [op.id]);
  return { event_id: op.eventId, unread_cnt: Math.max(0, await unreadOf(db, viewer, op.eventId)) };
}

const SPENDING_KINDS = OPERATION_KINDS.filter(isSpending);

/** GET /operation/expenses/: the my-share statistics (DESIGN §3), days in the caller's time zone. */
export async function expenses(
  db: Queryable,
  viewer: number,
  query: { event: number; utc_offset: number; currency?: string; family?: 'true' | 'false' },
): Promise<ExpensesResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const conv = await displayConversion(db, currencyOf(event.currency), query.currency);
  const participants = await participantsOf(db, [event.id]);
  // Whose shares count as 'mine': me, or everyone in my event family (the settle-up group).
  const myGroup = participants.find((p) => p.userId === viewer)?.familyGroup;
  const mineOf = new Set(query.family === 'true' ? participants.filter((p) => p.familyGroup === myGroup).map((p) => p.userId) : [viewer]);
  const mineByDay = new Map<string, number>();
  const ops = await liveOperationsOfKinds(db, event.id, SPENDING_KINDS);
  const entries = await liveEntriesOfKinds(db, event.id, SPENDING_KINDS);
  const withEntries = ops.map((o) => ({ op: o, kind: o.kind as OperationKind, entries: entries.get(o.id) ?? [], date: o.opDate }));
  const stats = expenseStatistics(withEntries, participants.length, viewer, query.utc_offset);
  const byDay = new Map<string, ExpensesResponse['operations'][number]['operations']>();
  for (const { op, entries: list } of withEntries) {
    const day = localDay(op.opDate, query.utc_offset);
    const items = byDay.get(day) ?? [];
    const total = list.reduce((s, e) => s + e.share, 0);
    const mine = list.reduce((s, e) => (mineOf.has(e.uid) ? s + e.share : s), 0);
    mineByDay.set(day, (mineByDay.get(day) ?? 0) + mine);
    items.push({
      id: op.id,
      kind: op.kind as OperationKind,
      description: op.description,
      amount: conv.major(total),
      my_share: conv.major(mine),
      date: op.opDate.toISOString(),
    });
    byDay.set(day, items);
  }
  let myShare = 0;
  for (const uid of mineOf) myShare += stats.shares.get(uid) ?? 0;
  return {
    event_id: event.id,
    currency: conv.currency,
    approximate: conv.approximate,
    total_expenses: conv.major(stats.total_expenses),
    avg_expenses: conv.major(stats.avg_expenses),
    my_share: conv.major(myShare),
    participants_count: participants.length,
    shares: participants.map((p) => ({ uid: p.userId, share: conv.major(stats.shares.get(p.userId) ?? 0) })),
    operations: stats.days.map((d) => ({ day: d.day, total: conv.major(d.total), mine: conv.major(mineByDay.get(d.day) ?? 0), operations: byDay.get(d.day) ?? [] })),
  };
}

const MONEY_KINDS = OPERATION_KINDS.filter((kind) => kind !== 'comment');

/**
 * GET /operation/debts/: who owes whom as the operations made it, before families and the
 * settle-up simplification (DESIGN §5), netted per pair with the ledger's pairwiseDebts. Each
 * person's debts and credits add up to exactly their balance, so paying them all settles
 * everyone.
 */
export async function plainDebts(db: Queryable, viewer: number, query: { event: number; currency?: string }): Promise<DebtsResponse> {
  const event = await requireEvent(db, query.event, viewer);
  const conv = await displayConversion(db, currencyOf(event.currency), query.currency);
  const entries = await liveEntriesOfKinds(db, event.id, MONEY_KINDS);
  const debts = pairwiseDebts(entries.values());
  return {
    event_id: event.id,
    currency: conv.currency,
    approximate: conv.approximate,
    debts: debts.map((d) => ({ from: d.from, to: d.to, amount: conv.major(d.amount) })),
  };
}
