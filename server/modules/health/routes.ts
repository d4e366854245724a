import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../common/contract/health';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { sharedCheck } from './shared-check';

/** How old the database check behind a health answer may be. */
export const HEALTH_CHECK_FRESH_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; now: Clock }> = async (app, { database, now }) => {
  const databaseAnswers = sharedCheck(() => database.ping(), HEALTH_CHECK_FRESH_MS, now);
  app.get('/health/', { schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (_req, reply) => {
    const ok = await databaseAnswers();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok ? database.kind : 'unreachable' });
  });
};
