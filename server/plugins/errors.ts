import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError, ERROR_MESSAGES, type ErrorBody, type ErrorCode } from '../../common/errors';
import { statusOf } from '../lib/http-status';

function body(code: ErrorCode, field?: string): ErrorBody {
  const b: ErrorBody = { error: ERROR_MESSAGES[code], code };
  if (field) b.field = field;
  if (field === 'phone') b.phone = b.error;
  return b;
}

/**
 * Every failure leaves as `{ error, code }` (DESIGN §6). Domain and validation failures are
 * 4xx with their message; anything unexpected is logged in full and answered as a bare 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) {
      return reply.status(statusOf(err.code)).send(body(err.code, err.field));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return reply.status(400).send(body('validation_failed', field));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(body('validation_failed', err.issues[0]?.path.join('.')));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('internal'));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('payload_too_large'));
    if (status === 429) return reply.status(429).send(body('rate_limited'));
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, bad URL.
      return reply.status(status).send(body(status === 404 ? 'not_found' : 'bad_request'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal'));
  });
});
