import type { CreateOperationBody, EnteredSplit, OPERATION_FIELDS, OperationState } from '../../../common/contract/operations';
import { DomainError } from '../../../common/errors';
import { MULTI_PAYER_KINDS, type OperationKind } from '../../../common/ledger';
import { EXPLICIT_PART_KINDS } from '../../../common/ledger-currency';
import { fromMinor } from '../../../common/money';
import { partsFromWeights, weightToHundredths, WEIGHT_SCALE, type SplitMode } from '../../../common/split';
import { metaOf, type OperationMeta, type OperationRow } from './repository';
import { apiAmountToMinor, currencyOf } from './pricing';

/**
 * An operation as typed, read from the create/edit body (DESIGN §3): its amount in minor units of
 * the entered currency and its meta (payer or payers, split mode, parts). Split modes become exact
 * parts here, so the ledger only ever sees amounts; the mode and weights stay in the meta for the
 * edit form.
 */
export interface Entered {
  originalAmount: number;
  meta: OperationMeta;
}

function requireSplitAllowed(kind: OperationKind, split: SplitMode | undefined): void {
  if (split === undefined || split === 'equal') return;
  if (!EXPLICIT_PART_KINDS.has(kind) || kind === 'i_lent_them') throw new DomainError('validation_failed', 'split');
}

/** The people paying, minor units each, or one payer; refuses several payers where the kind has one. */
function readPayers(body: CreateOperationBody, kind: OperationKind, currency: string, defaultPayer: number | null) {
  const typed = body.details.payers ?? [];
  if (typed.length > 0 && !MULTI_PAYER_KINDS.has(kind)) throw new DomainError('validation_failed', 'payers');
  const payers = typed.map((p) => ({ uid: p.uid, amount: apiAmountToMinor(p.amount, currency, 'payers') }));
  const first = payers[0];
  // One payer listed is simply the payer; the ledger still checks that they paid it all.
  if (payers.length === 1 && first) return { payer: first.uid, payers: undefined, single: first };
  return { payer: first?.uid ?? body.details.payer ?? defaultPayer, payers: payers.length > 1 ? payers : undefined, single: undefined };
}

export function readEntered(body: CreateOperationBody, kind: OperationKind, currency: string, defaultPayer: number | null): Entered {
  const { details } = body;
  if (kind === 'comment') {
    if (details.amount !== undefined && details.amount !== 0) throw new DomainError('validation_failed', 'amount');
    const text = (details.text ?? details.description).trim();
    if (!text) throw new DomainError('required_field', 'text');
    return { originalAmount: 0, meta: { payer: null, participants: [], text } };
  }
  if (details.amount === undefined) throw new DomainError('required_field', 'amount');
  const originalAmount = apiAmountToMinor(details.amount, currency, 'amount');
  const split = details.split;
  requireSplitAllowed(kind, split);
  const { payer, payers, single } = readPayers(body, kind, currency, defaultPayer);
  if (single && single.amount !== originalAmount) throw new DomainError('payers_do_not_sum', 'payers');
  const meta: OperationMeta = { payer, participants: [], text: details.text ?? '' };
  if (payers) meta.payers = payers;
  if (split) meta.split = split;
  if (split === 'shares' || split === 'percent') {
    // "I purchased them": the buyers are not among those sharing, whatever weight the form sent.
    const buyers = new Set(kind === 'i_purchased_them' ? [...(payers ?? []).map((p) => p.uid), ...(payer === null ? [] : [payer])] : []);
    const sharing = body.participants.filter((p) => !buyers.has(p.uid));
    const weights = sharing.map((p) => {
      const hundredths = p.weight === undefined || p.weight === null ? null : weightToHundredths(p.weight);
      if (hundredths === null) throw new DomainError('validation_failed', 'participants');
      return { uid: p.uid, hundredths };
    });
    const parts = partsFromWeights(originalAmount, weights, split);
    meta.participants = weights.map((w) => ({ uid: w.uid, amount: parts.get(w.uid) ?? 0, weight: w.hundredths }));
    return { originalAmount, meta };
  }
  const explicit = EXPLICIT_PART_KINDS.has(kind) && split !== 'equal';
  meta.participants = body.participants.map((p) =>
    explicit && p.amount !== undefined && p.amount !== null
      ? { uid: p.uid, amount: apiAmountToMinor(p.amount, currency, 'participants', true) }
      : { uid: p.uid },
  );
  return { originalAmount, meta };
}

/** Everyone the operation names, who must all be participants of its event. */
export function peopleNamed(meta: OperationMeta): number[] {
  return [...(meta.payer === null ? [] : [meta.payer]), ...(meta.payers ?? []).map((p) => p.uid), ...meta.participants.map((p) => p.uid)];
}

/** The meta as the API shows it to an edit form: major units of the entered currency, weights as typed. */
export function enteredView(kind: string, meta: OperationMeta, originalAmount: number, currency: string): EnteredSplit {
  const major = (minor: number) => fromMinor(minor, currency);
  const payers = meta.payers
    ? meta.payers.map((p) => ({ uid: p.uid, amount: major(p.amount) }))
    : kind === 'comment' || meta.payer === null
      ? []
      : [{ uid: meta.payer, amount: major(originalAmount) }];
  return {
    payers,
    split: meta.split ?? null,
    parts: meta.participants.map((p) => ({
      uid: p.uid,
      amount: p.amount === undefined || p.amount === null ? null : major(p.amount),
      weight: p.weight === undefined || p.weight === null ? null : p.weight / WEIGHT_SCALE,
    })),
  };
}

/** What a version keeps: the operation as entered, enough to show it and to bring it back. */
export interface StoredState {
  eventId: number;
  kind: string;
  originalAmount: number;
  currency: string;
  description: string;
  date: string;
  meta: OperationMeta;
  deleted: boolean;
}

/** The columns a version's state is read from: a stored row's, or a new one's before it is stored. */
export type StateColumns = Pick<OperationRow, 'eventId' | 'kind' | 'originalAmount' | 'currency' | 'description' | 'opDate' | 'meta' | 'deletedAt'>;

export function stateOf(row: StateColumns): StoredState {
  return {
    eventId: row.eventId,
    kind: row.kind,
    originalAmount: row.originalAmount,
    currency: currencyOf(row.currency),
    description: row.description,
    date: row.opDate.toISOString(),
    meta: metaOf(row),
    deleted: row.deletedAt !== null,
  };
}

export function stateView(state: StoredState): OperationState {
  const meta = metaOf({ meta: state.meta });
  return {
    event_id: state.eventId,
    kind: state.kind as OperationState['kind'],
    amount: fromMinor(state.originalAmount, state.currency),
    currency: state.currency,
    description: state.description,
    text: meta.text,
    date: state.date,
    payer: meta.payer,
    deleted: state.deleted,
    ...enteredView(state.kind, meta, state.originalAmount, state.currency),
  };
}

/** The fields that differ between two versions, in the order the history shows them. */
export function changedFields(before: OperationState, after: OperationState): OperationChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const changes: OperationChange[] = [];
  if (before.event_id !== after.event_id) changes.push('event');
  if (before.kind !== after.kind) changes.push('kind');
  if (before.amount !== after.amount) changes.push('amount');
  if (before.currency !== after.currency) changes.push('currency');
  if (before.date !== after.date) changes.push('date');
  if (before.description !== after.description) changes.push('description');
  if (before.text !== after.text) changes.push('text');
  // One payer's payment is the amount itself: only who paid, or several payments, can differ.
  const several = before.payers.length > 1 || after.payers.length > 1;
  if (before.payer !== after.payer || (several && !same(before.payers, after.payers))) changes.push('payers');
  // Shares and percentages are what was typed; the parts they give follow the amount by themselves.
  const typed = (state: OperationState) =>
    state.split === 'shares' || state.split === 'percent' ? state.parts.map((p) => [p.uid, p.weight]) : state.parts.map((p) => [p.uid, p.amount]);
  if (before.split !== after.split || !same(typed(before), typed(after))) changes.push('parts');
  if (before.deleted !== after.deleted) changes.push('deleted');
  return changes;
}

export type OperationChange = (typeof OPERATION_FIELDS)[number];
