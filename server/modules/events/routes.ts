import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { displayQuery, eventIdParams } from '../../../common/contract/common';
import { createEventBody, event, eventListQuery, eventListResponse, payoutResponse, updateEventBody } from '../../../common/contract/events';
import type { Db } from '../../db/client';
import { BODY_LIMITS } from '../../lib/body-limits';
import { userIdOf } from '../../plugins/auth';
import { KEPT_ANSWER } from '../../plugins/kept-answers';
import { createEvent, getEvent, leaveEvent, listEvents, payout, updateEvent } from './service';

export const eventsRoutes: FastifyPluginAsyncZod<{ db: Db; accessChecking?: boolean }> = async (app, { db, accessChecking = true }) => {
  const auth = { onRequest: app.authenticate };
  const read = { ...auth, config: KEPT_ANSWER };
  app.get('/event/', { ...read, schema: { querystring: eventListQuery, response: { 200: eventListResponse } } }, async (request) =>
    listEvents(db, userIdOf(request), { currency: request.query.currency, deleted: request.query.deleted === '1' }),
  );
  app.post('/event/', { ...auth, bodyLimit: BODY_LIMITS.picture, schema: { body: createEventBody, response: { 201: event } } }, async (request, reply) =>
    reply.status(201).send(await createEvent(db, userIdOf(request), request.body)),
  );
  app.get('/event/:id/', { ...read, schema: { params: eventIdParams, querystring: displayQuery, response: { 200: event } } }, async (request) =>
    getEvent(db, userIdOf(request), request.params.id, { currency: request.query.currency }),
  );
  app.get('/event/:id/original/', { ...read, schema: { params: eventIdParams, response: { 200: event } } }, async (request) =>
    getEvent(db, userIdOf(request), request.params.id, { original: true }),
  );
  app.put(
    '/event/:id/',
    { ...auth, bodyLimit: BODY_LIMITS.picture, schema: { params: eventIdParams, body: updateEventBody, response: { 200: event } } },
    async (request) => updateEvent(db, userIdOf(request), request.params.id, request.body, { accessChecking }),
  );
  app.post('/event/:id/leave/', { ...auth, schema: { params: eventIdParams } }, async (request, reply) => {
    await leaveEvent(db, userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
  app.get('/event/:id/payout/', { ...read, schema: { params: eventIdParams, querystring: displayQuery, response: { 200: payoutResponse } } }, async (request) =>
    payout(db, userIdOf(request), request.params.id, { currency: request.query.currency }),
  );
};
