import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { CodePurpose } from '../../../common/contract/auth';
import type { Queryable } from '../../db/client';
import { authCodes, users } from '../../db/schema';

export interface Account {
  id: number;
  passwordHash: string | null;
  deletedAt: Date | null;
}

export async function findAccount(db: Queryable, phone: string): Promise<Account | null> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  return row ?? null;
}

/** A person who can sign in: has a password and has not deleted the account. */
export function isRegistered(account: Account | null): account is Account & { passwordHash: string } {
  return account !== null && account.passwordHash !== null && account.deletedAt === null;
}

/** Stores a new code; only the newest code of a phone and purpose counts, so the older ones go. */
export async function replaceCode(
  db: Queryable,
  code: { phone: string; purpose: CodePurpose; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  await db.delete(authCodes).where(and(eq(authCodes.phone, code.phone), eq(authCodes.purpose, code.purpose)));
  const [row] = await db.insert(authCodes).values(code).returning({ id: authCodes.id });
  return row!.id;
}

export async function deleteCode(db: Queryable, id: number): Promise<void> {
  await db.delete(authCodes).where(eq(authCodes.id, id));
}

/** The newest code of a phone and purpose, whatever its state: only it may ever be used. */
export async function newestCodeId(db: Queryable, phone: string, purpose: CodePurpose): Promise<number | null> {
  const [latest] = await db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(and(eq(authCodes.phone, phone), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.id))
    .limit(1);
  return latest?.id ?? null;
}

/** A code that may still be tried: not used, not expired, attempts left. */
const stillLive = (id: number, maxAttempts: number, now: Date) =>
  and(eq(authCodes.id, id), isNull(authCodes.usedAt), gt(authCodes.expiresAt, now), lt(authCodes.attempts, maxAttempts));

/**
 * Uses up one attempt on code `id` (a phone's newest, newestCodeId) and returns its hash, or null
 * when it may no longer be tried (used, expired, or out of attempts). The attempt is counted by
 * the same statement that checks the limit, so parallel guesses cannot exceed it.
 */
export async function spendCodeAttempt(db: Queryable, id: number, maxAttempts: number, now: Date): Promise<{ id: number; codeHash: string } | null> {
  const [row] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(stillLive(id, maxAttempts, now))
    .returning({ id: authCodes.id, codeHash: authCodes.codeHash });
  return row ?? null;
}

/** The newest code of a phone and purpose when it can still be used, with when it expires. */
export async function findLiveCode(
  db: Queryable,
  phone: string,
  purpose: CodePurpose,
  maxAttempts: number,
  now: Date,
): Promise<{ id: number; expiresAt: Date } | null> {
  const id = await newestCodeId(db, phone, purpose);
  if (id === null) return null;
  const [row] = await db
    .select({ id: authCodes.id, expiresAt: authCodes.expiresAt })
    .from(authCodes)
    .where(stillLive(id, maxAttempts, now));
  return row ?? null;
}

/** Marks a code used; false when another request used it first. */
export async function markCodeUsed(db: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.id, id), isNull(authCodes.usedAt)))
    .returning({ id: authCodes.id });
  return rows.length > 0;
}

/**
 * Registers a phone: a new row, or the existing row of a placeholder (someone added the phone as a
 * contact) or of a deleted account, which the person takes over with its operations history.
 * Returns null when the phone already belongs to a registered account.
 */
export async function claimPhone(db: Queryable, phone: string, passwordHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .insert(users)
    .values({ phone, passwordHash, registeredAt: now })
    .onConflictDoUpdate({
      target: users.phone,
      set: { passwordHash, registeredAt: now, deletedAt: null },
      setWhere: isNull(users.passwordHash),
    })
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** Replaces the password of a registered account; null when the phone has none. */
export async function replacePassword(db: Queryable, phone: string, passwordHash: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.phone, phone), isNotNull(users.passwordHash), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return row?.id ?? null;
}

export async function updatePasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Gives back the attempt a right code spent when it was only checked (POST /v2/auth/code/check/),
 * so that checking the code as it is typed and then using it costs one attempt, like using it.
 */
export async function refundCodeAttempt(db: Queryable, id: number): Promise<void> {
  await db
    .update(authCodes)
    .set({ attempts: sql`greatest(${authCodes.attempts} - 1, 0)` })
    .where(eq(authCodes.id, id));
}
