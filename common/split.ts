import { DomainError } from './errors';

/**
 * Splitting an amount (minor units) among people (DESIGN §3). The leftover minor units of an
 * uneven split go one each to the people in ascending user id order, so the same operation always
 * splits the same way on the server, in the browser and in a test.
 */

export interface Part {
  uid: number;
  /** An explicit part in minor units; absent means "an equal part of what is left". */
  amount?: number | null;
}

function assertAmount(amount: number, field = 'amount'): void {
  if (!Number.isSafeInteger(amount)) throw new DomainError('amount_invalid', field);
}

function assertDistinct(uids: readonly number[]): void {
  const seen = new Set<number>();
  for (const uid of uids) {
    if (!Number.isSafeInteger(uid)) throw new DomainError('validation_failed', 'participants');
    if (seen.has(uid)) throw new DomainError('validation_failed', 'participants');
    seen.add(uid);
  }
}

/**
 * Equal parts: |amount| / n rounded down each, and the |amount| mod n leftover minor units one each
 * to the lowest user ids. A negative amount (a deposit) splits as the mirror image of the positive
 * one: -100.00 among three is -33.34, -33.33, -33.33. The map iterates in ascending uid order.
 */
export function splitEqually(amount: number, uids: readonly number[]): Map<number, number> {
  assertAmount(amount);
  if (uids.length === 0) throw new DomainError('participants_too_few', 'participants');
  assertDistinct(uids);
  const sorted = [...uids].sort((a, b) => a - b);
  const sign = amount < 0 ? -1 : 1;
  const magnitude = Math.abs(amount);
  const n = sorted.length;
  const base = Math.floor(magnitude / n);
  const leftover = magnitude - base * n;
  const parts = new Map<number, number>();
  sorted.forEach((uid, i) => {
    const part = sign * (base + (i < leftover ? 1 : 0));
    parts.set(uid, part === 0 ? 0 : part);
  });
  return parts;
}

/**
 * Explicit parts with an equal split of the remainder among the people who have none (the split
 * purchase). Explicit parts carry the amount's sign (all positive for a purchase, all negative for
 * a deposit) or are 0.
 * - 'remainder_negative' when the explicit parts exceed the amount;
 * - 'parts_do_not_sum' when everybody has an explicit part and they add up to less than the amount
 *   (there is nobody left to carry the rest).
 * The map iterates in ascending uid order.
 */
export function splitWithParts(amount: number, parts: readonly Part[]): Map<number, number> {
  assertAmount(amount);
  if (parts.length === 0) throw new DomainError('participants_too_few', 'participants');
  assertDistinct(parts.map((p) => p.uid));
  const sign = amount < 0 ? -1 : 1;
  const magnitude = Math.abs(amount);
  let explicitSum = 0;
  const open: number[] = [];
  const result = new Map<number, number>();
  for (const part of parts) {
    if (part.amount === undefined || part.amount === null) {
      open.push(part.uid);
      continue;
    }
    assertAmount(part.amount, 'participants');
    const own = sign * part.amount;
    if (own < 0) throw new DomainError('amount_invalid', 'participants');
    explicitSum += own;
    if (!Number.isSafeInteger(explicitSum)) throw new DomainError('remainder_negative', 'participants');
    result.set(part.uid, part.amount === 0 ? 0 : part.amount);
  }
  const remainder = magnitude - explicitSum;
  if (remainder < 0) throw new DomainError('remainder_negative', 'participants');
  if (open.length === 0) {
    if (remainder !== 0) throw new DomainError('parts_do_not_sum', 'participants');
  } else {
    for (const [uid, part] of splitEqually(sign * remainder, open)) result.set(uid, part);
  }
  return new Map([...result].sort((a, b) => a[0] - b[0]));
}
