import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_SHAPE_LIMITS, JsonShapeScanner } from '../lib/json-shape';

type Done = (err: Error | null, body?: unknown) => void;

const refusal = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/**
 * JSON bodies are looked over while they arrive (server/lib/json-shape.ts): a body deeper or more
 * structured than any the API takes is a 400 bad_request as soon as that shows, and the rest of it
 * is not read (Fastify closes the connection of a refused body). The route's body limit holds as
 * with Fastify's own reader (413), and Fastify's own parser, with its guards against prototype
 * poisoning, parses what passes.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) return done(refusal(413, 'body too large'));
    const scanner = new JsonShapeScanner(JSON_SHAPE_LIMITS);
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (err: Error | null) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      if (err) return done(err);
      if (!Number.isNaN(declared) && received !== declared) return done(refusal(400, 'body length differs from content-length'));
      parse(request, Buffer.concat(chunks, received).toString('utf8'), done);
    };
    function onData(data: Buffer | string) {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      received += chunk.length;
      if (received > limit) return finish(refusal(413, 'body too large'));
      const problem = scanner.feed(chunk);
      if (problem) {
        request.log.info({ problem, received }, 'JSON body refused while it arrived');
        return finish(refusal(400, `JSON body refused: ${problem}`));
      }
      chunks.push(chunk);
    }
    function onEnd(err?: Error) {
      finish(err ? Object.assign(err, { statusCode: 400 }) : null);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
});
