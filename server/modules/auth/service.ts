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
import { hit, isExhausted, type RateLimit } from '../../lib/rate-limit';
import type { SmsSender } from '../../lib/sms';
import { createSession, revokeAllSessions, revokeSession } from '../sessions/service';
import {
  claimPhone,
  deleteCode,
  findAccount,
  isRegistered,
  markCodeUsed,
  replaceCode,
  replacePassword,
  refundCodeAttempt,
  spendCodeAttempt,
  updatePasswordHash,
} from './repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** DESIGN §7: every code request counts, refused ones too, so the limits also slow down probing which phones have accounts. */
export const CODE_REQUEST_LIMITS = {
  perPhone: { name: 'code:phone', max: 5, windowMs: HOUR },
  perAddress: { name: 'code:ip', max: 20, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/** Only failures count, so a person who types the password right is never locked out by their own successes. */
export const LOGIN_FAILURE_LIMITS = {
  perPhone: { name: 'login:phone', max: 10, windowMs: 15 * MINUTE },
  /** Guessing across many phones from one address; generous, since a whole office may share one. */
  perAddress: { name: 'login:ip', max: 50, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

export const MAX_CODE_ATTEMPTS = 5;

export interface AuthDeps {
  db: Db;
  sms: SmsSender;
  now: Clock;
  /** Overrides CODE_REQUEST_LIMITS.perAddress.max (configuration CODE_REQUESTS_PER_ADDRESS). */
  codeRequestsPerAddress?: number;
  /** Overrides CODE_TTL_SECONDS (configuration CODE_TTL_SECONDS). */
  codeTtlSeconds?: number;
}

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
  const byPhone = await hit(deps.db, CODE_REQUEST_LIMITS.perPhone, phone, now);
  const byAddress = await hit(deps.db, CODE_REQUEST_LIMITS.perAddress, address, now);
  const addressMax = deps.codeRequestsPerAddress ?? CODE_REQUEST_LIMITS.perAddress.max;
  if (byPhone > CODE_REQUEST_LIMITS.perPhone.max || byAddress > addressMax) {
    throw new DomainError('too_many_code_requests', 'phone');
  }
  await checkAccountFor(deps.db, purpose, phone);

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const ttlSeconds = deps.codeTtlSeconds ?? CODE_TTL_SECONDS;
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
export async function setPasswordWithCode(deps: AuthDeps, purpose: CodePurpose, input: SetPasswordRequest): Promise<string> {
  const phone = phoneOrThrow(input.phone);
  checkNewPassword(input.password);
  const code = input.code.trim();
  // A code of the wrong shape cannot match, so it costs no attempt.
  if (!/^\d*$/.test(code) || code.length > CODE_LENGTH) throw new DomainError('code_invalid', 'code');
  if (code.length < CODE_LENGTH) throw new DomainError('code_too_short', 'code');
  // Checked before the code, so a sign-up for a taken phone does not use up an attempt.
  await checkAccountFor(deps.db, purpose, phone);

  const now = deps.now();
  const live = await spendCodeAttempt(deps.db, phone, purpose, MAX_CODE_ATTEMPTS, now);
  if (!live || !sameHash(live.codeHash, hashCode(phone, purpose, code))) throw new DomainError('code_invalid', 'code');

  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    // Inside the transaction: if the account step fails the code stays unused and can be retried.
    if (!(await markCodeUsed(tx, live.id, now))) throw new DomainError('code_invalid', 'code');
    let userId: number | null;
    if (purpose === 'signup') {
      userId = await claimPhone(tx, phone, passwordHash, now);
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

/** POST /v2/auth/login/ */
export async function login(deps: AuthDeps, input: LoginRequest, address: string): Promise<string> {
  const phone = phoneOrThrow(input.phone);
  const now = deps.now();
  if (
    (await isExhausted(deps.db, LOGIN_FAILURE_LIMITS.perPhone, phone, now)) ||
    (await isExhausted(deps.db, LOGIN_FAILURE_LIMITS.perAddress, address, now))
  ) {
    throw new DomainError('too_many_login_attempts', 'phone');
  }
  const account = await findAccount(deps.db, phone);
  const registered = isRegistered(account) ? account : null;
  if (!(await verifyPassword(registered?.passwordHash ?? null, input.password)) || !registered) {
    await hit(deps.db, LOGIN_FAILURE_LIMITS.perPhone, phone, now);
    await hit(deps.db, LOGIN_FAILURE_LIMITS.perAddress, address, now);
    throw new DomainError('login_failed');
  }
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
export async function checkCode(deps: AuthDeps, purpose: CodePurpose, input: { phone: string; code: string }): Promise<void> {
  const phone = phoneOrThrow(input.phone);
  const code = input.code.trim();
  if (!/^\d*$/.test(code) || code.length > CODE_LENGTH) throw new DomainError('code_invalid', 'code');
  if (code.length < CODE_LENGTH) throw new DomainError('code_too_short', 'code');
  const live = await spendCodeAttempt(deps.db, phone, purpose, MAX_CODE_ATTEMPTS, deps.now());
  if (!live || !sameHash(live.codeHash, hashCode(phone, purpose, code))) throw new DomainError('code_invalid', 'code');
  await refundCodeAttempt(deps.db, live.id);
}
