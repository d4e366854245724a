import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOperationBody,
  displayCurrencyQuery,
  debtsQuery,
  debtsResponse,
  expensesQuery,
  expensesResponse,
  moveOperationBody,
  operation,
  operationIdParams,
  operationListQuery,
  operationListResponse,
  seenBody,
  seenResponse,
} from '../../../common/contract/operations';
import type { Db } from '../../db/client';
import { userIdOf } from '../../plugins/auth';
import {
  createOperation,
  deleteOperation,
  expenses,
  listOperations,
  markOperationSeen,
  moveOperation,
  plainDebts,
  restoreOperation,
} from './service';

/** A retried POST with the same key (per author) answers with the first result instead of recording twice. */
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

export const operationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const auth = { onRequest: app.authenticate };
  app.get('/operation/', { ...auth, schema: { querystring: operationListQuery, response: { 200: operationListResponse } } }, async (request) =>
    listOperations(db, userIdOf(request), request.query),
  );
  app.post(
    '/operation/',
    { ...auth, schema: { querystring: displayCurrencyQuery, body: createOperationBody, headers: idempotencyHeaders, response: { 201: operation } } },
    async (request, reply) =>
      reply.status(201).send(await createOperation(db, userIdOf(request), request.body, request.headers['idempotency-key'], request.query.currency)),
  );
  app.get('/operation/expenses/', { ...auth, schema: { querystring: expensesQuery, response: { 200: expensesResponse } } }, async (request) =>
    expenses(db, userIdOf(request), request.query),
  );
  app.get('/operation/debts/', { ...auth, schema: { querystring: debtsQuery, response: { 200: debtsResponse } } }, async (request) =>
    plainDebts(db, userIdOf(request), request.query),
  );
  app.post('/operation/move_operation/', { ...auth, schema: { body: moveOperationBody, response: { 200: operation } } }, async (request) =>
    moveOperation(db, userIdOf(request), request.body.operation_id, request.body.event_id),
  );
  app.delete('/operation/:id/', { ...auth, schema: { params: operationIdParams, response: { 200: operation } } }, async (request) =>
    deleteOperation(db, userIdOf(request), request.params.id),
  );
  app.post('/operation/:id/restore/', { ...auth, schema: { params: operationIdParams, response: { 200: operation } } }, async (request) =>
    restoreOperation(db, userIdOf(request), request.params.id),
  );
  app.post('/operation/:id/seen', { ...auth, schema: { params: operationIdParams, body: seenBody, response: { 200: seenResponse } } }, async (request) =>
    markOperationSeen(db, userIdOf(request), request.params.id, request.body?.all === true),
  );
};
