import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../common/contract/auth';
import { changePasswordRequest, familyInvitationParams, updateUserRequest, userSchema } from '../../../common/contract/user';
import { DomainError } from '../../../common/errors';
import type { Db } from '../../db/client';
import { BODY_LIMITS } from '../../lib/body-limits';
import type { Clock } from '../../lib/clock';
import { userIdOf } from '../../plugins/auth';
import { acceptFamilyInvitation, changePassword, deleteMe, dropFamilyInvitation, getMe, updateMe } from './service';

/** The signed-in user's own account (docs/api.md, User). */
export const userRoutes: FastifyPluginAsyncZod<{ db: Db; now: Clock }> = async (app, { db, now }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/v1/user/me/', { schema: { response: { 200: userSchema } } }, async (request) => getMe(db, userIdOf(request)));

  const update = { bodyLimit: BODY_LIMITS.picture, schema: { body: updateUserRequest, response: { 200: userSchema } } };
  app.put('/v2/user/me/', update, async (request) => updateMe(db, userIdOf(request), request.body));
  // The specification lists PUT /user/me/ beside the v2 call without a body of its own; it is the same update.
  app.put('/v1/user/me/', update, async (request) => updateMe(db, userIdOf(request), request.body));

  app.delete('/v2/user/me/', { schema: { response: { 200: okResponse } } }, async (request) => {
    await deleteMe(db, userIdOf(request), now());
    return { ok: true as const };
  });

  const invitation = { schema: { params: familyInvitationParams, response: { 200: userSchema } } };
  app.post('/v1/user/family/invitations/:id/accept/', invitation, async (request) => acceptFamilyInvitation(db, userIdOf(request), request.params.id));
  app.delete('/v1/user/family/invitations/:id/', invitation, async (request) => dropFamilyInvitation(db, userIdOf(request), request.params.id));

  app.post('/v2/user/password/', { schema: { body: changePasswordRequest, response: { 200: okResponse } } }, async (request) => {
    if (!request.token) throw new DomainError('unauthorized');
    await changePassword(db, now, userIdOf(request), request.token, request.body);
    return { ok: true as const };
  });
};
