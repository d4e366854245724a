import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../common/errors';
import type { Db } from '../db/client';
import { userIdForToken } from '../modules/sessions/service';

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

/** Routes add `onRequest: app.authenticate`; a missing or dead token is a 401, which the client turns into logout. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw new DomainError('unauthorized');
    const userId = await userIdForToken(opts.db, token);
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
