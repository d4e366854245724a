import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../common/errors';
import type { Db } from '../db/client';
import { KeptUntilWrite, type Generation, type WriteWatch } from '../db/speed/write-generation';
import { hashToken, liveSession, type LiveSession } from '../modules/sessions/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id; set by `app.authenticate`, read through `userIdOf`. */
    userId: number | null;
    /** The bearer token of the request, if it carried one. */
    token: string | null;
    /** Where the signed-in request's reads begin: kept answers read in it serve it (decision 0047). */
    writeGeneration: Generation | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Signed-in sessions a busy server keeps at most: far more than sign in at once. */
const KEPT_SESSIONS = 10_000;

interface SignedIn {
  userId: number;
  generation: Generation;
}

/**
 * Routes add `onRequest: app.authenticate`; a missing or dead token is a 401, which the client
 * turns into logout. The request's read point is read first thing, and a live session is kept
 * until a session is signed out, revoked or lost with its account, or it expires, whichever comes
 * first (decisions 0047, 0049, 0052).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; writes: WriteWatch }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  app.decorateRequest('writeGeneration', null);
  const { writes } = opts;
  const kept = new KeptUntilWrite<LiveSession>({ max: KEPT_SESSIONS }, writes, 'sessions');

  async function signedIn(token: string): Promise<SignedIn | null> {
    const point = await writes.current();
    const now = new Date();
    // Kept by the token's hash, as the database keeps it.
    const key = hashToken(token);
    const known = kept.get(key, point.sessions);
    if (known && known.expiresAt > now) return { userId: known.userId, generation: point.writes };
    const session = await liveSession(opts.db, token, now);
    if (session) kept.keep(key, session, point.sessions);
    return session && { userId: session.userId, generation: point.writes };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw new DomainError('unauthorized');
    const found = await signedIn(token);
    if (found === null) throw new DomainError('unauthorized');
    request.userId = found.userId;
    request.token = token;
    request.writeGeneration = found.generation;
  });
});

/** The signed-in user of a route guarded by `app.authenticate`. */
export function userIdOf(request: FastifyRequest): number {
  if (request.userId === null) throw new DomainError('unauthorized');
  return request.userId;
}
