import { DomainError } from './errors';
import { hasSeveralPayers, operationEntries, type Entry, type OperationInput, type OperationKind } from './ledger';
import { MAX_OPERATION_MINOR } from './money-limits';
import { splitEqually } from './split';

/**
 * An operation entered in one currency, restated in its event's currency (DESIGN §3, decision
 * 0003). The amount is converted once, at the operation's frozen rate, by the caller; here the
 * entries follow it:
 *  - equal parts are split again from the converted amount, so they differ by at most one minor
 *    unit of the event currency, leftover units to the lowest uids (1 EUR among three at 91.84 is
 *    30.62 / 30.61 / 30.61 RUB, never 31.22 / 30.31 / 30.31 from rescaling 0.34 / 0.33 / 0.33);
 *  - explicit parts keep their proportions of the amount, and so do several payers' payments;
 *    the equal remainder beside explicit parts keeps its proportion as a whole and is split
 *    equally again among its people, so they too differ by at most one minor unit.
 * The entered amount and parts stay on the operation, so a move or an event-currency change
 * prices it again from what was typed.
 */

/** Kinds whose participants may carry explicit parts (the ledger splits the rest equally). */
export const EXPLICIT_PART_KINDS: ReadonlySet<OperationKind> = new Set(['split_purchase', 'i_purchased_them', 'i_lent_them', 'deposit']);

export function hasExplicitParts(op: Pick<OperationInput, 'kind' | 'participants'>): boolean {
  return EXPLICIT_PART_KINDS.has(op.kind) && op.participants.some((p) => p.amount !== undefined && p.amount !== null);
}

/**
 * The entries of `op` (amount and parts in the entered currency) in the event currency, where the
 * amount is `convertedAmount` minor units. The operation is checked in the entered currency first,
 * where its parts were typed, so an error names what the user entered.
 */
export function entriesInEventCurrency(op: OperationInput, convertedAmount: number): Entry[] {
  const original = operationEntries(op);
  if (op.kind === 'comment') return original;
  if (!Number.isSafeInteger(convertedAmount)) throw new DomainError('amount_invalid', 'amount');
  if (convertedAmount < 1) throw new DomainError('amount_too_small', 'amount');
  if (convertedAmount > MAX_OPERATION_MINOR) throw new DomainError('amount_too_large', 'amount');
  if (!hasExplicitParts(op) && !hasSeveralPayers(op)) return operationEntries({ ...op, amount: convertedAmount });
  const paidTotal = original.reduce((sum, e) => sum + e.paid, 0);
  const total = paidTotal < 0 ? -convertedAmount : convertedAmount;
  const rescaled = rescaleEntries(original, total);
  if (!hasExplicitParts(op)) return rescaled;
  const shares = sharesWithEqualRemainder(op, original, total);
  return rescaled.map((e) => ({ ...e, share: shares.get(e.uid) ?? 0 }));
}

/**
 * The shares of an operation with explicit parts, restated to add up to `total`: each explicit part
 * and the equal remainder as a whole keep their proportions, and the remainder is split equally
 * again among the people without a part (the ledger's own rule, split.ts splitWithParts).
 */
function sharesWithEqualRemainder(op: OperationInput, original: readonly Entry[], total: number): Map<number, number> {
  // 'i purchased them' leaves its buyers out of "them" (ledger.ts); every other kind shares among all its participants.
  const buyers = new Set(op.kind === 'i_purchased_them' ? original.filter((e) => e.paid !== 0).map((e) => e.uid) : []);
  const sharers = op.participants.filter((p) => !buyers.has(p.uid));
  const open = sharers.filter((p) => p.amount === undefined || p.amount === null).map((p) => p.uid);
  const fixed = sharers.filter((p) => p.amount !== undefined && p.amount !== null).map((p) => p.uid);
  const shareOf = new Map(original.map((e) => [e.uid, e.share]));
  const pool = open.reduce((sum, uid) => sum + (shareOf.get(uid) ?? 0), 0);
  const restated = allocate([...fixed.map((uid) => shareOf.get(uid) ?? 0), pool], total);
  const shares = new Map(fixed.map((uid, i) => [uid, restated[i] as number]));
  const restatedPool = restated[fixed.length] as number;
  if (open.length > 0) for (const [uid, part] of splitEqually(restatedPool, open)) shares.set(uid, part);
  return shares;
}

/** n / d rounded down (towards minus infinity), whatever the signs. */
export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** Values in proportion to `values` adding up to exactly `target`: floors, then the leftover units to the largest remainders (ties in input order). */
export function allocate(values: readonly number[], target: number): number[] {
  let sum = 0n;
  for (const v of values) sum += BigInt(v);
  if (sum === 0n) return values.map(() => 0);
  const T = BigInt(target);
  const floors: bigint[] = [];
  const remainders: bigint[] = [];
  let placed = 0n;
  for (const v of values) {
    let num = BigInt(v) * T;
    let den = sum;
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const f = floorDiv(num, den);
    floors.push(f);
    remainders.push(num - f * den);
    placed += f;
  }
  const order = values
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = remainders[a] as bigint;
      const rb = remainders[b] as bigint;
      return ra > rb ? -1 : ra < rb ? 1 : a - b;
    });
  let leftover = Number(T - placed);
  for (const i of order) {
    if (leftover <= 0) break;
    floors[i] = (floors[i] as bigint) + 1n;
    leftover--;
  }
  return floors.map((f) => (f === 0n ? 0 : Number(f)));
}

/**
 * The entries of an operation entered in another currency, restated in the event currency: the
 * amount is converted once (`convertedTotal`, what sum(paid) becomes) and each person's paid and
 * share take their proportion of it, rounded so that both columns add up to exactly the converted
 * amount (leftover minor units to the largest remainders, ties by ascending uid). Converting each
 * part on its own instead could make explicit parts overshoot or undershoot the amount.
 */
export function rescaleEntries(entries: readonly Entry[], convertedTotal: number): Entry[] {
  if (!Number.isSafeInteger(convertedTotal)) throw new DomainError('amount_invalid', 'amount');
  const sorted = [...entries].sort((a, b) => a.uid - b.uid);
  const paid = allocate(
    sorted.map((e) => e.paid),
    convertedTotal,
  );
  const share = allocate(
    sorted.map((e) => e.share),
    convertedTotal,
  );
  return sorted.map((e, i) => ({ uid: e.uid, paid: paid[i] as number, share: share[i] as number }));
}
