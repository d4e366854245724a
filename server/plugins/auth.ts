import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../common/errors';
import type { Db } from '../db/client';
import { KeptUntilWrite, type WriteGeneration } from '../db/write-generation';
import { hashToken, liveSession, type LiveSession } from '../modules/sessions/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id; set by `app.authenticate`, read through `userIdOf`. */
    userId: number | null;
    /** The bearer token of the request, if it carried one. */
    token: string | null;
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

/** Signed-in sessions a busy server keeps at most between writes: far more than sign in at once. */
const KEPT_SESSIONS = 10_000;

/**
 * Routes add `onRequest: app.authenticate`; a missing or dead token is a 401, which the client
 * turns into logout. On the embedded database a live session is kept until the next write (every
 * sign-out, revocation and account deletion is one) or its expiry, whichever comes first (decision 0040).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; writes?: WriteGeneration }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  const kept = opts.writes ? new KeptUntilWrite<LiveSession>(opts.writes, { max: KEPT_SESSIONS }) : null;

  async function userFor(token: string): Promise<number | null> {
    const now = new Date();
    if (!kept) return (await liveSession(opts.db, token, now))?.userId ?? null;
    // Kept by the token's hash, as the database keeps it.
    const key = hashToken(token);
    const known = kept.get(key);
    if (known && known.expiresAt > now) return known.userId;
    const from = kept.generation;
    const session = await liveSession(opts.db, token, now);
    if (session) kept.keep(key, session, from);
    return session?.userId ?? null;
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw new DomainError('unauthorized');
    const userId = await userFor(token);
    if (userId === null) throw new DomainError('unauthorized');
    request.userId = userId;
    request.token = token;
  });
});

/** The signed-in user of a route guarded by `app.authenticate`. */
export function userIdOf(request: FastifyRequest): number {
  if (request.userId === null) throw new DomainError('unauthorized');
  return request.userId;
}
