import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when the answer has gone: method, path, status and time,
 * with the request id from the request's logger, and no message: the fields are the message. Fastify's own two lines per request (incoming,
 * completed) serialise the whole request and answer, which cost more than the work of a small
 * route: the health route ran at a few percent of bare Fastify. Not-found paths get no line of
 * their own either; their request line says 404.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    // A failure inside a route is logged with its stack where it is handled (plugins/errors.ts);
    // this error is one of the answer itself (the connection dropped while it was sent).
    if (error) request.log.error({ ...line, err: error });
    else request.log.info(line);
  }
}
