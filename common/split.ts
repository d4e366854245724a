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

/** How a purchase's cost is divided: the stored result is always exact parts in minor units. */
export const SPLIT_MODES = ['equal', 'exact', 'shares', 'percent'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/** Weights are typed with at most two decimals: 1.5 shares, 33.33 %. Kept as hundredths. */
export const WEIGHT_SCALE = 100;
/** Per person: a share of 10,000 or 100 % is far beyond any real split and keeps products exact. */
export const MAX_SHARE_WEIGHT = 10_000;
export const MAX_PERCENT = 100;

export interface Weight {
  uid: number;
  /** Hundredths of a share or of a percent, a non-negative integer. */
  hundredths: number;
}

/** A typed weight (2, 1.5, 33.33) in hundredths, or null when it has more than two decimals or is not a number. */
export function weightToHundredths(value: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const scaled = Math.round(value * WEIGHT_SCALE);
  return Math.abs(scaled - value * WEIGHT_SCALE) < 1e-6 ? scaled : null;
}

/**
 * Exact parts of `amount` in proportion to the weights: each person's part rounded down, and the
 * leftover minor units one each to the people with a weight in ascending user id order, the same
 * rule as an equal split (DESIGN §3), so shares 1:1:1 split exactly as 'equally' does.
 * `percent` weights must add up to exactly 100 % ('percents_do_not_sum'); shares need one above 0.
 */
export function partsFromWeights(amount: number, weights: readonly Weight[], mode: 'shares' | 'percent'): Map<number, number> {
  assertAmount(amount);
  if (weights.length === 0) throw new DomainError('participants_too_few', 'participants');
  assertDistinct(weights.map((w) => w.uid));
  const cap = (mode === 'percent' ? MAX_PERCENT : MAX_SHARE_WEIGHT) * WEIGHT_SCALE;
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w.hundredths) || w.hundredths < 0 || w.hundredths > cap) throw new DomainError('validation_failed', 'participants');
    total += w.hundredths;
  }
  if (mode === 'percent' && total !== MAX_PERCENT * WEIGHT_SCALE) throw new DomainError('percents_do_not_sum', 'participants');
  if (total === 0) throw new DomainError('participants_too_few', 'participants');
  const sign = amount < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(amount));
  const sorted = [...weights].sort((a, b) => a.uid - b.uid);
  const parts = sorted.map((w) => (magnitude * BigInt(w.hundredths)) / BigInt(total));
  let leftover = magnitude - parts.reduce((s, p) => s + p, 0n);
  sorted.forEach((w, i) => {
    if (leftover > 0n && w.hundredths > 0) {
      parts[i] = (parts[i] as bigint) + 1n;
      leftover--;
    }
  });
  const result = new Map<number, number>();
  sorted.forEach((w, i) => {
    const part = Number(sign * (parts[i] as bigint));
    result.set(w.uid, part === 0 ? 0 : part);
  });
  return result;
}
