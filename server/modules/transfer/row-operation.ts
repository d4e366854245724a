import type { Entry, OperationKind } from '../../../common/ledger';
import { allocate, entriesInEventCurrency } from '../../../common/ledger-currency';
import { convertMinor } from '../../../common/money';
import { isPaymentCategory, type ExpenseRow, type OwnCurrency } from './table-reader';

/**
 * The operation that reproduces one row's per-person effects exactly, in minor units of the row's
 * currency, naming people by their column. A payment between two people is a payback. A purchase
 * with one payer keeps its cost: the payer paid it all, and their own share is what their effect
 * leaves of it. Several payers (or a cost the effects contradict) become a split purchase of what
 * the payers put in beyond their shares, which moves every balance exactly as the row does.
 */
export interface RowOperation {
  kind: Extract<OperationKind, 'split_purchase' | 'payback'>;
  amount: number;
  payers: { person: number; amount: number }[];
  /** Each part's amount; none when the part is an equal share of what the others leave. */
  parts: { person: number; amount?: number }[];
}

export function rowOperation(row: ExpenseRow): RowOperation {
  const positive = row.effects.flatMap((amount, person) => (amount > 0 ? [{ person, amount }] : []));
  const negative = row.effects.flatMap((amount, person) => (amount < 0 ? [{ person, amount: -amount }] : []));
  const [payer] = positive;
  const [receiver] = negative;
  if (positive.length === 1 && negative.length === 1 && payer && receiver && isPaymentCategory(row.category)) {
    return { kind: 'payback', amount: payer.amount, payers: [payer], parts: [receiver] };
  }
  if (positive.length === 1 && payer && row.cost !== null && row.cost >= payer.amount) {
    const own = row.cost - payer.amount;
    return {
      kind: 'split_purchase',
      amount: row.cost,
      payers: [{ person: payer.person, amount: row.cost }],
      parts: [...(own > 0 ? [{ person: payer.person, amount: own }] : []), ...negative],
    };
  }
  const amount = positive.reduce((sum, p) => sum + p.amount, 0);
  return { kind: 'split_purchase', amount, payers: positive, parts: negative };
}

/**
 * The row's operation in the currency it was entered in (`row.own`): an operation entered in rubles
 * comes back in rubles. Its people share the amount equally when that is what the row's figures
 * say, else in proportion to the event-currency operation's parts. Only when, converted at the
 * row's own rate, it moves every balance exactly as the row does, with each person the uid they
 * become (`uids`, by column; their order decides who takes an equal split's leftover minor units);
 * else null, and the row is written in the event currency as it stands.
 */
export function rowOperationInOwnCurrency(
  row: ExpenseRow,
  uids: readonly number[] = row.effects.map((_, i) => i),
): { operation: RowOperation; own: OwnCurrency } | null {
  const { own } = row;
  if (!own) return null;
  const inEvent = rowOperation(row);
  const payers = allocate(
    inEvent.payers.map((p) => p.amount),
    own.amount,
  );
  const parts = allocate(
    inEvent.parts.map((p) => p.amount ?? 0),
    own.amount,
  );
  const proportional: RowOperation = {
    kind: inEvent.kind,
    amount: own.amount,
    payers: inEvent.payers.map((p, i) => ({ person: p.person, amount: payers[i] as number })),
    parts: inEvent.parts.map((p, i) => ({ person: p.person, amount: parts[i] as number })),
  };
  const equal: RowOperation = { ...proportional, parts: inEvent.parts.map((p) => ({ person: p.person })) };
  // Some parts typed, the rest an equal share: the parts within a unit of the commonest one are
  // taken for the equal shares.
  const common = commonest(inEvent.parts.map((p) => p.amount ?? 0));
  const mixed: RowOperation = {
    ...proportional,
    parts: proportional.parts.map((p, i) => (Math.abs((inEvent.parts[i]?.amount ?? 0) - common) <= 1 ? { person: p.person } : p)),
  };
  const operation = [equal, mixed, proportional].find((candidate) => movesAsTheRow(candidate, row, own, uids));
  return operation ? { operation, own } : null;
}

function commonest(values: readonly number[]): number {
  const count = new Map<number, number>();
  for (const v of values) count.set(v, (count.get(v) ?? 0) + 1);
  return [...count.entries()].reduce((best, next) => (next[1] > best[1] ? next : best), [0, 0])[0];
}

function movesAsTheRow(operation: RowOperation, row: ExpenseRow, own: OwnCurrency, uids: readonly number[]): boolean {
  const uid = (person: number) => uids[person] as number;
  try {
    const converted = convertMinor(own.amount, own.currency, row.currency, own.rate);
    const entries = entriesInEventCurrency(
      {
        kind: operation.kind,
        amount: operation.amount,
        // The author takes no part in these two kinds.
        author: -1,
        payer: operation.payers[0] ? uid(operation.payers[0].person) : null,
        payers: operation.payers.length > 1 ? operation.payers.map((p) => ({ uid: uid(p.person), amount: p.amount })) : null,
        participants: operation.parts.map((p) => ({ uid: uid(p.person), amount: p.amount })),
      },
      converted,
    );
    return movesEachAs(entries, row.effects, uids);
  } catch {
    // Parts that round to nothing in the own currency, or a rate past the bounds: not this way.
    return false;
  }
}

/** Whether `entries` move each person's money as `effects` say, person i being `uids[i]` (and nobody else moved). */
export function movesEachAs(entries: readonly Entry[], effects: readonly number[], uids: readonly number[]): boolean {
  const moved = effects.map(() => 0);
  for (const e of entries) {
    const at = uids.indexOf(e.uid);
    if (at < 0) return false;
    moved[at] = (moved[at] ?? 0) + e.paid - e.share;
  }
  return moved.every((m, i) => m === effects[i]);
}
