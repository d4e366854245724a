import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeCheckRequest,
  codePurposeQuery,
  codeRequest,
  codeResponse,
  loginRequest,
  okResponse,
  setPasswordRequest,
  tokenResponse,
} from '../../../common/contract/auth';
import { DomainError } from '../../../common/errors';
import type { Db } from '../../db/client';
import { BODY_LIMITS } from '../../lib/body-limits';
import type { Clock } from '../../lib/clock';
import type { SmsSender } from '../../lib/sms';
import { checkCode, login, logout, requestCode, setPasswordWithCode } from './service';

/** Sign-up, password restore, login and logout (docs/api.md, Accounts). */
export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sms: SmsSender;
  now: Clock;
  codeRequestsPerAddress?: number;
  codeTtlSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
}> = async (app, { db, sms, now, codeRequestsPerAddress, codeTtlSeconds, sleep }) => {
  const deps = { db, sms, now, codeRequestsPerAddress, codeTtlSeconds, sleep };

  app.post(
    '/v2/auth/code/',
    { bodyLimit: BODY_LIMITS.signedOut, schema: { querystring: codePurposeQuery, body: codeRequest, response: { 200: codeResponse } } },
    async (request) => {
      const sent = await requestCode(deps, request.query.for, request.body, request.ip, (err) =>
        request.log.error({ err, provider: sms.name }, 'sending an SMS code failed'),
      );
      return { phone: sent.phone, expires_in: sent.expiresIn };
    },
  );

  app.post(
    '/v2/auth/code/check/',
    { bodyLimit: BODY_LIMITS.signedOut, schema: { querystring: codePurposeQuery, body: codeCheckRequest, response: { 200: okResponse } } },
    async (request) => {
      await checkCode(deps, request.query.for, request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/v2/auth/password/',
    { bodyLimit: BODY_LIMITS.signedOut, schema: { querystring: codePurposeQuery, body: setPasswordRequest, response: { 200: tokenResponse } } },
    async (request) => ({ token: await setPasswordWithCode(deps, request.query.for, request.body, request.ip) }),
  );

  app.post('/v2/auth/login/', { bodyLimit: BODY_LIMITS.signedOut, schema: { body: loginRequest, response: { 200: tokenResponse } } }, async (request) => ({
    token: await login(deps, request.body, request.ip),
  }));

  app.post('/v1/account/logout/', { onRequest: app.authenticate, schema: { response: { 200: okResponse } } }, async (request) => {
    if (!request.token) throw new DomainError('unauthorized');
    await logout(db, request.token);
    return { ok: true as const };
  });
};
