import type { OperationKind } from '../../../common/ledger';
import { isPaymentCategory, type ExpenseRow } from './table-reader';

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
  parts: { person: number; amount: number }[];
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
