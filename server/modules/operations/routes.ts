import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOperationBody,
  displayCurrencyQuery,
  debtsQuery,
  debtsResponse,
  expensesQuery,
  expensesResponse,
  ifMatchHeaders,
  addReceiptBody,
  moveOperationBody,
  receiptParams,
  operation,
  operationChangedBody,
  operationHistoryResponse,
  operationIdParams,
  operationVersionParams,
  operationListQuery,
  operationListResponse,
  seenBody,
  seenResponse,
} from '../../../common/contract/operations';
import type { FastifyReply } from 'fastify';
import { DomainError, ERROR_MESSAGES } from '../../../common/errors';
import type { Operation } from '../../../common/contract/operations';
import type { Db } from '../../db/client';
import { userIdOf } from '../../plugins/auth';
import { KEPT_ANSWER } from '../../plugins/kept-answers';
import { editOperation, etagOf, revertOperation } from './edit';
import { operationHistory } from './history';
import { addReceipt, deleteReceipt } from './receipts';
import { BODY_LIMITS } from '../../lib/body-limits';
import { createOperation, deleteOperation, listOperations, markOperationSeen, moveOperation, restoreOperation } from './service';
import { expenses, plainDebts } from './statistics';
import { makeMissedOf } from '../recurrences/service';
import { getOperation } from './views';

/** A retried POST with the same key (per author) answers with the first result instead of recording twice. */
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** An operation with the ETag an edit sends back as If-Match. */
function withVersion(reply: FastifyReply, op: Operation): Operation {
  void reply.header('etag', etagOf(op.version));
  return op;
}

export const operationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const auth = { onRequest: app.authenticate };
  const read = { ...auth, config: KEPT_ANSWER };

  /**
   * A change made from an old version is refused with 412 and the operation as it stands now, so
   * the editor can look at the other person's change before saving again.
   */
  async function unlessChanged(viewer: number, operationId: number, reply: FastifyReply, change: () => Promise<Operation>) {
    try {
      return withVersion(reply, await change());
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'operation_changed') throw err;
      const current = await getOperation(db, viewer, operationId);
      return reply
        .status(412)
        .header('etag', etagOf(current.version))
        .send({ error: ERROR_MESSAGES.operation_changed, code: 'operation_changed' as const, current });
    }
  }

  app.get('/operation/', { ...read, schema: { querystring: operationListQuery, response: { 200: operationListResponse } } }, async (request) =>
    listOperations(db, userIdOf(request), request.query),
  );
  app.post(
    '/operation/',
    { ...auth, schema: { querystring: displayCurrencyQuery, body: createOperationBody, headers: idempotencyHeaders, response: { 201: operation } } },
    async (request, reply) => {
      const op = await createOperation(db, userIdOf(request), request.body, request.headers['idempotency-key'], request.query.currency);
      // A repeating operation dated in the past: its missed occurrences are there when the list reloads.
      await makeMissedOf(db, op.recurrence_id);
      return reply.status(201).send(op);
    },
  );
  app.get('/operation/expenses/', { ...read, schema: { querystring: expensesQuery, response: { 200: expensesResponse } } }, async (request) =>
    expenses(db, userIdOf(request), request.query),
  );
  app.get('/operation/debts/', { ...read, schema: { querystring: debtsQuery, response: { 200: debtsResponse } } }, async (request) =>
    plainDebts(db, userIdOf(request), request.query),
  );
  app.post('/operation/move_operation/', { ...auth, schema: { body: moveOperationBody, response: { 200: operation } } }, async (request) =>
    moveOperation(db, userIdOf(request), request.body.operation_id, request.body.event_id),
  );
  app.get(
    '/operation/:id/',
    { ...read, schema: { params: operationIdParams, querystring: displayCurrencyQuery, response: { 200: operation } } },
    async (request, reply) => withVersion(reply, await getOperation(db, userIdOf(request), request.params.id, request.query.currency)),
  );
  app.put(
    '/operation/:id/',
    {
      ...auth,
      schema: {
        params: operationIdParams,
        querystring: displayCurrencyQuery,
        headers: ifMatchHeaders.extend(idempotencyHeaders.shape),
        body: createOperationBody,
        response: { 200: operation, 412: operationChangedBody },
      },
    },
    async (request, reply) => {
      const viewer = userIdOf(request);
      return unlessChanged(viewer, request.params.id, reply, () =>
        editOperation(db, viewer, request.params.id, request.body, request.headers['if-match'], request.query.currency, request.headers['idempotency-key']),
      );
    },
  );
  app.get('/operation/:id/history/', { ...auth, schema: { params: operationIdParams, response: { 200: operationHistoryResponse } } }, async (request) =>
    operationHistory(db, userIdOf(request), request.params.id),
  );
  app.post(
    '/operation/:id/history/:version/restore/',
    {
      ...auth,
      schema: {
        params: operationVersionParams,
        querystring: displayCurrencyQuery,
        headers: ifMatchHeaders,
        response: { 200: operation, 412: operationChangedBody },
      },
    },
    async (request, reply) => {
      const viewer = userIdOf(request);
      const { id, version } = request.params;
      return unlessChanged(viewer, id, reply, () => revertOperation(db, viewer, id, version, request.headers['if-match'], request.query.currency));
    },
  );
  app.post(
    '/operation/:id/receipts/',
    { ...auth, bodyLimit: BODY_LIMITS.picture, schema: { params: operationIdParams, body: addReceiptBody, response: { 201: operation } } },
    async (request, reply) => reply.status(201).send(await addReceipt(db, userIdOf(request), request.params.id, request.body.picture)),
  );
  app.delete('/operation/:id/receipts/:receipt/', { ...auth, schema: { params: receiptParams, response: { 200: operation } } }, async (request) =>
    deleteReceipt(db, userIdOf(request), request.params.id, request.params.receipt),
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
