import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { SNAPSHOT_GENERATION } from '../../db/write-generation';

const DAY = 24 * 60 * 60 * 1000;
/** A session that is not remembered ends with the browser tab in the client; on the server a day. */
export const SESSION_TTL_MS = DAY;
export const REMEMBERED_SESSION_TTL_MS = 30 * DAY;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random 256-bit token; only its hash is stored, so a database leak yields no usable session. */
export async function createSession(db: Queryable, userId: number, remember: boolean, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    remember,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (remember ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS)),
  });
  return token;
}

export interface LiveSession {
  userId: number;
  expiresAt: Date;
  /** The database's snapshot the session was read in: where the request's reads begin on PostgreSQL. */
  readIn: string;
}

/** The session a live token opens, or null when it is unknown, revoked, expired or its user deleted. */
export async function liveSession(db: Queryable, token: string, now = new Date()): Promise<LiveSession | null> {
  const rows = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, readIn: SNAPSHOT_GENERATION })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: Queryable, token: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, or every one but the caller's (password change keeps the changer signed in). */
export async function revokeAllSessions(db: Queryable, userId: number, exceptToken?: string, now = new Date()): Promise<void> {
  const rows = await db
    .select({ id: sessions.id, tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const keep = exceptToken ? hashToken(exceptToken) : null;
  for (const row of rows) {
    if (row.tokenHash !== keep) await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.id));
  }
}
