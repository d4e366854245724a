import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addContactsBody, contactListResponse, deleteContactsBody } from '../../../common/contract/contacts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { userIdOf } from '../../plugins/auth';
import { addContacts, listContacts, removeContacts } from './service';

export const contactsRoutes: FastifyPluginAsyncZod<{ db: Db; now: Clock }> = async (app, { db, now }) => {
  const response = { 200: contactListResponse };
  app.get('/user/contacts/', { onRequest: app.authenticate, schema: { response } }, async (request) => listContacts(db, userIdOf(request)));
  app.post('/user/contacts/', { onRequest: app.authenticate, schema: { body: addContactsBody, response } }, async (request) =>
    addContacts(db, userIdOf(request), request.body, now()),
  );
  app.delete('/user/contacts/', { onRequest: app.authenticate, schema: { body: deleteContactsBody, response } }, async (request) =>
    removeContacts(db, userIdOf(request), request.body),
  );
};
