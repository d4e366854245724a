import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recurrence, recurrenceParams, repeatBody } from '../../../common/contract/recurrences';
import type { Db } from '../../db/client';
import { userIdOf } from '../../plugins/auth';
import { recurrenceOf, setRecurrence, stopRecurrence } from './service';

/** The repeating series of an operation: read, set or change, stop. */
export const recurrencesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const auth = { onRequest: app.authenticate };
  app.get('/operation/:id/recurrence/', { ...auth, schema: { params: recurrenceParams, response: { 200: recurrence } } }, async (request) =>
    recurrenceOf(db, userIdOf(request), request.params.id),
  );
  app.put('/operation/:id/recurrence/', { ...auth, schema: { params: recurrenceParams, body: repeatBody, response: { 200: recurrence } } }, async (request) =>
    setRecurrence(db, userIdOf(request), request.params.id, request.body),
  );
  app.delete('/operation/:id/recurrence/', { ...auth, schema: { params: recurrenceParams, response: { 200: recurrence } } }, async (request) =>
    stopRecurrence(db, userIdOf(request), request.params.id),
  );
};
