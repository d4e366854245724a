import { z } from 'zod';
import { enteredSplit, operationKind, type CreateOperationBody } from '../../../common/contract/operations';
import { isCurrencyCode } from '../../../common/currencies';
import { DomainError } from '../../../common/errors';
import { operationEntries, type OperationKind } from '../../../common/ledger';
import { MAX_OPERATION_MINOR } from '../../../common/money-limits';
import { safeText } from '../../../common/contract/common';
import { normalizeName } from '../../../common/names';
import { readEntered } from '../operations/entered';
import { enteredInput } from '../operations/pricing';
import type { OperationMeta } from '../operations/repository';
import { distinctNames, jsonOf, MAX_IMPORT_PEOPLE, MAX_IMPORT_ROWS, readDay, type ExpenseRow, type ExpenseTable, type RowProblemCode } from './table-reader';

/**
 * Dolya's own JSON export (GET /event/{id}/export/) read back: every live operation as it was
 * entered, in its own currency and amount, with its kind, payers and split. People are numbered
 * from 1 in the order of the event's participants; the import maps them to the people chosen.
 */

const exportedEvent = z.object({
  format: z.literal('dolya.event'),
  version: z.literal(1),
  event: z.object({
    contacts: z
      .array(z.object({ uid: z.number().int(), name: z.string(), full_name: z.string().optional(), is_me: z.boolean().optional() }))
      .min(1)
      .max(MAX_IMPORT_PEOPLE),
  }),
  operations: z.array(z.unknown()).max(MAX_IMPORT_ROWS),
});

const exportedOperation = z.object({
  kind: operationKind,
  deleted: z.boolean(),
  details: z.object({
    original_amount: z.number(),
    original_currency: z.string(),
    description: z.string(),
    date: z.string(),
    payer: z.number().int().nullable(),
    author: z.number().int(),
  }),
  entered: enteredSplit,
});

/** Kinds whose entries depend on who wrote them: the importer writes every operation, so these become the split purchase that moves the same money. */
const AUTHORED: ReadonlySet<OperationKind> = new Set(['i_purchased_them', 'i_lent_them', 'they_lent_me']);

/** 'operations[3].details.amount': where in the file a problem is, as a person can find it. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

function unreadableAt(error: z.ZodError): never {
  throw new DomainError('import_unreadable', jsonPath(error.issues[0]?.path ?? []) || 'file');
}

/** The import's entries for one operation, people by number, or the reason it cannot be one. */
function entered(
  op: z.infer<typeof exportedOperation>,
  person: (uid: number | null) => number | null,
): { kind: OperationKind; amount: number; meta: OperationMeta; effects: Map<number, number> } | RowProblemCode {
  const currency = op.details.original_currency;
  const payer = person(op.details.payer);
  const author = person(op.details.author);
  const payers = op.entered.payers.map((p) => ({ uid: person(p.uid), amount: p.amount }));
  const parts = op.entered.parts.map((p) => ({ uid: person(p.uid), amount: p.amount, weight: p.weight }));
  if (author === null || (op.details.payer !== null && payer === null) || [...payers, ...parts].some((p) => p.uid === null)) return 'payer_unknown';
  const body: CreateOperationBody = {
    event_id: 1,
    details: {
      kind: op.kind,
      amount: op.details.original_amount,
      currency,
      description: '',
      payer,
      ...(payers.length > 1 ? { payers: payers as { uid: number; amount: number }[] } : {}),
      ...(op.entered.split ? { split: op.entered.split } : {}),
    },
    participants: parts as { uid: number; amount: number | null; weight: number | null }[],
  };
  let result: { originalAmount: number; meta: OperationMeta };
  let effects: Map<number, number>;
  try {
    result = readEntered(body, op.kind, currency, author);
    if (result.originalAmount > MAX_OPERATION_MINOR) return 'amount_too_large';
    const entries = operationEntries(enteredInput({ kind: op.kind, originalAmount: result.originalAmount, author, meta: result.meta }));
    effects = new Map();
    for (const e of entries) effects.set(e.uid, (effects.get(e.uid) ?? 0) + e.paid - e.share);
    if (AUTHORED.has(op.kind)) {
      const paid = entries.filter((e) => e.paid > 0).map((e) => ({ uid: e.uid, amount: e.paid }));
      const shares = entries.filter((e) => e.share > 0).map((e) => ({ uid: e.uid, amount: e.share }));
      const meta: OperationMeta = { payer: paid[0]?.uid ?? null, participants: shares, text: '', split: 'exact' };
      if (paid.length > 1) meta.payers = paid;
      return { kind: 'split_purchase', amount: paid.reduce((sum, p) => sum + p.amount, 0), meta, effects };
    }
  } catch (err) {
    if (err instanceof DomainError) return 'amount_unreadable';
    throw err;
  }
  return { kind: op.kind, amount: result.originalAmount, meta: result.meta, effects };
}

/** The meta with each person named by `place(number)` instead. */
function renumbered(meta: OperationMeta, place: (n: number) => number): OperationMeta {
  const out: OperationMeta = {
    ...meta,
    payer: meta.payer === null ? null : place(meta.payer),
    participants: meta.participants.map((p) => ({ ...p, uid: place(p.uid) })),
  };
  if (meta.payers) out.payers = meta.payers.map((p) => ({ ...p, uid: place(p.uid) }));
  return out;
}

/** The export read as rows, or null when the text is not Dolya's JSON at all. */
export function readDolyaJson(text: string): ExpenseTable | null {
  const data = jsonOf(text);
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== 'dolya.event') return null;
  const parsed = exportedEvent.safeParse(data);
  if (!parsed.success) unreadableAt(parsed.error);
  const { contacts } = parsed.data.event;
  // A name as it may be shown to others: what no one types (direction overrides, NUL) taken out.
  const people = distinctNames(contacts.map((c) => normalizeName(safeText(c.is_me && c.full_name ? c.full_name : c.name)) || '?'));
  // People by number from 1 in the order of their uids in the file, as the ledger names uids: an
  // equal split's leftover minor units go to the lowest uids (common/split.ts), so the rows split
  // as the event did. The rows then name them by their place in the file (`renumbered`).
  const byUid = [...contacts.keys()].sort((a, b) => contacts[a]!.uid - contacts[b]!.uid);
  const rankOf = new Map(byUid.map((index, rank) => [contacts[index]!.uid, rank + 1]));
  const person = (uid: number | null) => (uid === null ? null : (rankOf.get(uid) ?? null));
  const placeOf = (rank: number) => (byUid[rank - 1] ?? -1) + 1;
  const order = contacts.map((c) => rankOf.get(c.uid) as number);
  const table: ExpenseTable = { format: 'dolya', people, rows: [], totals: new Map(), problems: [] };
  // A file naming one uid twice has no order of its own to keep.
  if (new Set(order).size === order.length) table.order = order;
  parsed.data.operations.forEach((raw, index) => {
    const path = `operations[${index}]`;
    const problem = (code: RowProblemCode, at = path) => table.problems.push({ line: index + 1, code, path: at });
    const op = exportedOperation.safeParse(raw);
    if (!op.success) return problem('amount_unreadable', jsonPath(['operations', index, ...(op.error.issues[0]?.path ?? [])]));
    if (op.data.deleted || op.data.kind === 'comment') return;
    const currency = op.data.details.original_currency.toUpperCase();
    if (!isCurrencyCode(currency)) return problem('currency_unknown', `${path}.details.original_currency`);
    const day = readDay(op.data.details.date.slice(0, 10));
    if (!day) return problem('date_unreadable', `${path}.details.date`);
    const read = entered({ ...op.data, details: { ...op.data.details, original_currency: currency } }, person);
    if (typeof read === 'string') return problem(read);
    const effects = people.map((_, i) => read.effects.get(rankOf.get(contacts[i]!.uid) ?? 0) ?? 0);
    if (effects.every((e) => e === 0)) return problem('no_money_moved');
    const row: ExpenseRow = {
      line: index + 1,
      path,
      day,
      description: normalizeName(op.data.details.description),
      category: op.data.kind === 'payback' ? 'Payment' : '',
      currency,
      cost: read.amount,
      effects,
      entered: { kind: read.kind, amount: read.amount, meta: renumbered(read.meta, placeOf) },
    };
    table.rows.push(row);
  });
  return table;
}
