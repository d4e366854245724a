import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_TTL_SECONDS,
  PASSWORD_MIN_LENGTH,
  type CodePurpose,
  type LoginRequest,
  type SetPasswordRequest,
} from '../../../common/contract/auth';
import { DomainError } from '../../../common/errors';
import { normalizePhone } from '../../../common/phone';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { countedLately, hit, type RateLimit } from '../../lib/rate-limit';
import type { SmsSender } from '../../lib/sms';
import { createSession, revokeAllSessions, revokeSession } from '../sessions/service';
import { CODE_GUESS_LIMIT, CODE_REQUEST_LIMITS, CODE_TRIES_PER_ADDRESS, KNOWN_ADDRESS, LOGIN_LIMITS, giveBack, loginDelayMs, pairKey, reserve } from './limits';
import {
  claimPhone,
  deleteCode,
  findAccount,
  findLiveCode,
  isRegistered,
  markCodeUsed,
  newestCodeId,
  replaceCode,
  replacePassword,
  refundCodeAttempt,
  spendCodeAttempt,
  updatePasswordHash,
} from './repository';

/** Tries of one code from all addresses together; from one address, CODE_TRIES_PER_ADDRESS (decision 0025). */
export const MAX_CODE_ATTEMPTS = 10;

export interface AuthDeps {
  db: Db;
  sms: SmsSender;
  now: Clock;
  /** Overrides CODE_REQUEST_LIMITS.perAddress.max (configuration CODE_REQUESTS_PER_ADDRESS). */
  codeRequestsPerAddress?: number;
  /** Overrides CODE_TTL_SECONDS (configuration CODE_TTL_SECONDS). */
  codeTtlSeconds?: number;
  /** How a slowed-down sign-in waits; tests pass one that moves their clock. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A phone as typed, in E.164, or 'phone incorrect'. */
export function phoneOrThrow(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new DomainError('phone_incorrect', 'phone');
  return phone;
}

export function checkNewPassword(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new DomainError('password_too_short', field);
}

/** Codes are stored hashed with their phone and purpose, so a database read shows no live code. */
function hashCode(phone: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${phone}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Sign-up needs a phone without an account; restore needs one with an account. */
async function checkAccountFor(db: Db, purpose: CodePurpose, phone: string): Promise<void> {
  const registered = isRegistered(await findAccount(db, phone));
  if (purpose === 'signup' && registered) throw new DomainError('user_exists', 'phone');
  if (purpose === 'restore' && !registered) throw new DomainError('user_does_not_exist', 'phone');
}

/**
 * POST /v2/auth/code/: sends a new 6-digit code by SMS, replacing any earlier one for the same
 * phone and purpose. `log` receives the provider's failure, which the client only sees as
 * 'Server could not send the code'.
 */
export async function requestCode(
  deps: AuthDeps,
  purpose: CodePurpose,
  input: { phone: string },
  address: string,
  log: (err: unknown) => void,
): Promise<{ phone: string; expiresIn: number }> {
  const phone = phoneOrThrow(input.phone);
  const now = deps.now();
  const addressMax = deps.codeRequestsPerAddress ?? CODE_REQUEST_LIMITS.perAddress.max;
  const asked = await reserve(
    deps.db,
    now,
    [CODE_REQUEST_LIMITS.perAddress, address, addressMax],
    [CODE_REQUEST_LIMITS.perPhoneAndAddress, pairKey(phone, address)],
  );
  if (asked.over) {
    // Say which: past the address's own limit even a new phone is refused, and the person should know it is not their number.
    throw new DomainError((asked.counts[0] ?? 0) > addressMax ? 'too_many_code_requests_here' : 'too_many_code_requests', 'phone');
  }
  await checkAccountFor(deps.db, purpose, phone);

  const ttlSeconds = deps.codeTtlSeconds ?? CODE_TTL_SECONDS;
  if ((await hit(deps.db, CODE_REQUEST_LIMITS.perPhone, phone, now)) > CODE_REQUEST_LIMITS.perPhone.max) {
    // Enough SMS for this phone this hour, perhaps asked for by someone else: the owner can still
    // use the code already sent, which a new one would have replaced.
    const live = await findLiveCode(deps.db, phone, purpose, MAX_CODE_ATTEMPTS, now);
    if (!live) throw new DomainError('too_many_code_requests', 'phone');
    return { phone, expiresIn: Math.max(1, Math.floor((live.expiresAt.getTime() - now.getTime()) / 1000)) };
  }

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const id = await replaceCode(deps.db, {
    phone,
    purpose,
    codeHash: hashCode(phone, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  try {
    await deps.sms.send(phone, `Dolya code: ${code}. It expires in ${Math.max(1, Math.round(ttlSeconds / 60))} minutes.`);
  } catch (err) {
    // A code nobody received must not stay guessable.
    await deleteCode(deps.db, id);
    log(err);
    throw new DomainError('code_send_failed', 'phone');
  }
  return { phone, expiresIn: ttlSeconds };
}

/**
 * POST /v2/auth/password/: with a valid code, sets the password of a new account (sign-up) or of
 * an existing one (restore, which also ends every session of the account). Answers a token of a
 * new, not remembered session.
 */
export async function setPasswordWithCode(deps: AuthDeps, purpose: CodePurpose, input: SetPasswordRequest, address: string): Promise<string> {
  const phone = phoneOrThrow(input.phone);
  checkNewPassword(input.password);
  const code = input.code.trim();
  // A code of the wrong shape cannot match, so it costs no attempt.
  if (!/^\d*$/.test(code) || code.length > CODE_LENGTH) throw new DomainError('code_invalid', 'code');
  if (code.length < CODE_LENGTH) throw new DomainError('code_too_short', 'code');
  // The account is looked at only once the code is right: a live code exists only where the code
  // request passed its account check, so made-up codes learn nothing about the phone.
  const live = await spendGuess(deps, purpose, phone, code, address);

  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    // Inside the transaction: if the account step fails the code stays unused and can be retried.
    if (!(await markCodeUsed(tx, live.id, deps.now()))) throw new DomainError('code_invalid', 'code');
    let userId: number | null;
    if (purpose === 'signup') {
      userId = await claimPhone(tx, phone, passwordHash, deps.now());
      if (userId === null) throw new DomainError('user_exists', 'phone');
    } else {
      userId = await replacePassword(tx, phone, passwordHash);
      if (userId === null) throw new DomainError('user_does_not_exist', 'phone');
      // Whoever knew the old password is signed out everywhere.
      await revokeAllSessions(tx, userId);
    }
    return createSession(tx, userId, false);
  });
}

/**
 * POST /v2/auth/login/. Refused past the address's and the phone-and-address's failures; slowed,
 * never refused, past the phone's own (docs/decisions/0025-sign-in-limits.md). Each attempt is
 * counted before its password is checked and given back when the password is right.
 */
export async function login(deps: AuthDeps, input: LoginRequest, address: string): Promise<string> {
  const phone = phoneOrThrow(input.phone);
  const now = deps.now();
  const byAddress: [typeof LOGIN_LIMITS.perAddress, string] = [LOGIN_LIMITS.perAddress, address];
  const byPair: [typeof LOGIN_LIMITS.perAddress, string] = [LOGIN_LIMITS.perPhoneAndAddress, pairKey(phone, address)];
  const byPhone: [typeof LOGIN_LIMITS.perAddress, string] = [LOGIN_LIMITS.perPhone, phone];
  if ((await reserve(deps.db, now, byAddress, byPair)).over) throw new DomainError('too_many_login_attempts', 'phone');
  const delay = loginDelayMs(await hit(deps.db, LOGIN_LIMITS.perPhone, phone, now));
  if (delay > 0 && !(await countedLately(deps.db, KNOWN_ADDRESS, pairKey(phone, address), now))) await (deps.sleep ?? realSleep)(delay);

  const account = await findAccount(deps.db, phone);
  const registered = isRegistered(account) ? account : null;
  if (!(await verifyPassword(registered?.passwordHash ?? null, input.password)) || !registered) {
    throw new DomainError('login_failed');
  }
  await giveBack(deps.db, now, byAddress, byPair, byPhone);
  await hit(deps.db, KNOWN_ADDRESS, pairKey(phone, address), now);
  if (needsRehash(registered.passwordHash)) {
    await updatePasswordHash(deps.db, registered.id, await hashPassword(input.password));
  }
  return createSession(deps.db, registered.id, input.remember ?? false);
}

/** POST /v1/account/logout/: the token stops working at once. */
export async function logout(db: Db, token: string): Promise<void> {
  await revokeSession(db, token);
}

/**
 * POST /v2/auth/code/check/: whether a code is the live one for the phone and purpose, without
 * using it, so the sign-up and restore screens can say 'incorrect' as soon as the code is typed
 * rather than after the password step. It spends an attempt like a use (a wrong guess here counts
 * towards the code's limit) and gives it back when right. It looks at no account: a live code
 * exists only where the code request passed its account check, so the answer says nothing more
 * about the phone than the code request did.
 */
export async function checkCode(deps: AuthDeps, purpose: CodePurpose, input: { phone: string; code: string }, address: string): Promise<void> {
  const phone = phoneOrThrow(input.phone);
  const code = input.code.trim();
  if (!/^\d*$/.test(code) || code.length > CODE_LENGTH) throw new DomainError('code_invalid', 'code');
  if (code.length < CODE_LENGTH) throw new DomainError('code_too_short', 'code');
  const live = await spendGuess(deps, purpose, phone, code, address);
  await refundCodeAttempt(deps.db, live.id);
}

/**
 * Spends one attempt of the live code and answers it when `code` is that code. A wrong code and
 * a phone with no live code answer alike, 'incorrect', and count against the caller's address.
 */
async function spendGuess(deps: AuthDeps, purpose: CodePurpose, phone: string, code: string, address: string): Promise<{ id: number }> {
  const now = deps.now();
  const guess: [RateLimit, string] = [CODE_GUESS_LIMIT, address];
  if ((await reserve(deps.db, now, guess)).over) throw new DomainError('too_many_code_attempts', 'code');
  const id = await newestCodeId(deps.db, phone, purpose);
  if (id === null) throw new DomainError('code_invalid', 'code');
  // Past its own tries of this code an address is answered as for a wrong code, and the code lives on for the others.
  const tries: [RateLimit, string] = [CODE_TRIES_PER_ADDRESS, `${id}|${address}`];
  if ((await reserve(deps.db, now, tries)).over) throw new DomainError('code_invalid', 'code');
  const live = await spendCodeAttempt(deps.db, id, MAX_CODE_ATTEMPTS, now);
  if (!live || !sameHash(live.codeHash, hashCode(phone, purpose, code))) throw new DomainError('code_invalid', 'code');
  await giveBack(deps.db, now, guess, tries);
  return live;
}
