import type { Queryable } from '../../db/client';
import { hit, release, type RateLimit } from '../../lib/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How sign-in resists guessing without letting a stranger keep the owner out
 * (docs/decisions/0025-sign-in-limits.md). Limits that refuse are keyed by the caller's address,
 * alone or with the phone, so they stop the one who trips them; what is keyed by the phone alone
 * never refuses the owner.
 */
export const LOGIN_LIMITS = {
  /** Guessing across many phones from one address; generous, since a whole office may share one. */
  perAddress: { name: 'login:ip', max: 50, windowMs: 15 * MINUTE },
  /** Guessing one phone's password from one address. */
  perPhoneAndAddress: { name: 'login:phone-ip', max: 10, windowMs: 15 * MINUTE },
  /** Failures from everywhere: past `max`, each further check of this phone's password waits (LOGIN_SLOWDOWN). */
  perPhone: { name: 'login:phone', max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/**
 * Addresses a phone's owner has signed in from: within a month of a right password there, the
 * per-phone slow-down passes that address by, so guessing from elsewhere does not make the owner
 * wait. The per-phone-and-address limit still refuses the address that guesses, shared or not.
 */
export const KNOWN_ADDRESS: RateLimit = { name: 'login-ok:phone-ip', max: Number.MAX_SAFE_INTEGER, windowMs: 30 * 24 * HOUR };

/** The wait before a password check grows by `stepMs` per failure past the per-phone limit, up to `maxMs`. */
export const LOGIN_SLOWDOWN = { stepMs: 1000, maxMs: 10_000 };

export function loginDelayMs(failuresOfPhone: number): number {
  const over = failuresOfPhone - LOGIN_LIMITS.perPhone.max;
  return over <= 0 ? 0 : Math.min(over * LOGIN_SLOWDOWN.stepMs, LOGIN_SLOWDOWN.maxMs);
}

/** A signed-in person's wrong old passwords, when changing it: only the session's holder meets it. */
export const PASSWORD_CHANGE_LIMIT: RateLimit = { name: 'password-change:user', max: 10, windowMs: 15 * MINUTE };

/** DESIGN §7: every code request counts, refused ones too. */
export const CODE_REQUEST_LIMITS = {
  perAddress: { name: 'code:ip', max: 20, windowMs: HOUR },
  perPhoneAndAddress: { name: 'code:phone-ip', max: 5, windowMs: HOUR },
  /**
   * SMS a phone receives in an hour, whoever asks. Past it no SMS goes out, but the request is not
   * refused while the last code sent is still usable: that code is on the owner's phone.
   */
  perPhone: { name: 'code:phone', max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/**
 * Wrong or unknown codes from one address (setting a password and checking a code alike), so that
 * made-up codes cannot be used to ask, phone after phone, which have accounts.
 */
export const CODE_GUESS_LIMIT: RateLimit = { name: 'code-guess:ip', max: 30, windowMs: HOUR };

/**
 * Tries of one code from one address. A code dies only after MAX_CODE_ATTEMPTS tries from all
 * addresses together, so one address can no longer spend a code the owner is about to type.
 * A day's window outlasts any code, so a code's tries are never counted afresh while it lives.
 */
export const CODE_TRIES_PER_ADDRESS: RateLimit = { name: 'code-try:code-ip', max: 5, windowMs: 24 * HOUR };

/**
 * Counts one attempt under each limit before the work it guards and says whether any limit is
 * now past its maximum. Counting first, in one atomic upsert each, is what keeps 100 parallel
 * attempts from all passing a check made before any of them was counted.
 */
export async function reserve(db: Queryable, now: Date, ...counted: Array<[RateLimit, string, number?]>): Promise<{ over: boolean; counts: number[] }> {
  const counts: number[] = [];
  let over = false;
  for (const [limit, subject, max] of counted) {
    const count = await hit(db, limit, subject, now);
    counts.push(count);
    if (count > (max ?? limit.max)) over = true;
  }
  return { over, counts };
}

/** Gives back what `reserve` counted, for an attempt that turned out not to count (a right password). */
export async function giveBack(db: Queryable, now: Date, ...counted: Array<[RateLimit, string]>): Promise<void> {
  for (const [limit, subject] of counted) await release(db, limit, subject, now);
}

export const pairKey = (phone: string, address: string) => `${phone}|${address}`;
