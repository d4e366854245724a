import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contact } from '../../../common/contract/contacts';
import {
  givePhoneBody,
  paybackRequestBody,
  paybackRequestResponse,
  peopleListResponse,
  peopleQuery,
  personParams,
  personQuery,
  personResponse,
  userSearchQuery,
  userSearchResponse,
} from '../../../common/contract/people';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { userIdOf } from '../../plugins/auth';
import { KEPT_ANSWER } from '../../plugins/kept-answers';
import { givePhoneOrMerge } from './merge';
import { getPerson, listPeople, requestPayback, searchUser } from './service';

/** The People page (docs/api.md, People): people with balances, payback requests, phone search. */
export const peopleRoutes: FastifyPluginAsyncZod<{ db: Db; now: Clock }> = async (app, { db, now }) => {
  const auth = { onRequest: app.authenticate };
  const read = { ...auth, config: KEPT_ANSWER };
  app.get('/event/people/', { ...read, schema: { querystring: peopleQuery, response: { 200: peopleListResponse } } }, async (request) =>
    listPeople(db, userIdOf(request), request.query),
  );
  app.get('/event/people/:uid/', { ...read, schema: { params: personParams, querystring: personQuery, response: { 200: personResponse } } }, async (request) =>
    getPerson(db, userIdOf(request), request.params.uid, request.query),
  );
  app.post(
    '/event/people/:uid/',
    { ...auth, schema: { params: personParams, body: paybackRequestBody, response: { 201: paybackRequestResponse } } },
    async (request, reply) => reply.status(201).send(await requestPayback(db, userIdOf(request), request.params.uid)),
  );
  app.post('/event/people/:uid/phone/', { ...auth, schema: { params: personParams, body: givePhoneBody, response: { 200: contact } } }, async (request) =>
    givePhoneOrMerge(db, userIdOf(request), request.params.uid, request.body.phone, request.body.merge ?? false, now()),
  );
  app.get('/user/search/', { ...auth, schema: { querystring: userSearchQuery, response: { 200: userSearchResponse } } }, async (request) =>
    searchUser(db, userIdOf(request), request.query, now()),
  );
};
