import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { JSON_SHAPE_LIMITS, JsonShapeScanner } from '../lib/json-shape';

/**
 * Bodies from this size on (a picture, an import file) are parsed on a worker thread: decoding and
 * parsing 5 MB takes 30 to 70 ms, which on the serving thread every other request would wait out.
 */
export const OFF_THREAD_BYTES = 1024 * 1024;
/** Large bodies waiting for the worker beyond this are refused (429): far more than people importing at once. */
const OFF_THREAD_QUEUE = 32;

type Done = (err: Error | null, body?: unknown) => void;

const refusal = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/**
 * JSON bodies are looked over while they arrive (server/lib/json-shape.ts): a body deeper or more
 * structured than any the API takes is a 400 bad_request as soon as that shows, and the rest of it
 * is not read (Fastify closes the connection of a refused body). The route's body limit holds as
 * with Fastify's own reader (413), and what passes is parsed with the same guards against
 * prototype poisoning as Fastify's own parser: by that parser, or for a large body by
 * secure-json-parse on a worker thread.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  // One worker, made when the first large body comes: most processes never see one.
  let pool: Piscina | null = null;
  const worker = () =>
    (pool ??= new Piscina({
      filename: new URL('../lib/json-parse-worker.mjs', import.meta.url).href,
      maxThreads: 1,
      minThreads: 0,
      maxQueue: OFF_THREAD_QUEUE,
      idleTimeout: 60_000,
    }));
  app.addHook('onClose', async () => {
    await pool?.destroy();
  });
  const parseOffThread = (bytes: Buffer, done: Done) => {
    // The body's own memory is handed over, not copied.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
    worker()
      .run(own, { transferList: [own.buffer as ArrayBuffer] })
      .then(
        (body: unknown) => done(null, body),
        (err: Error) => done(/queue/i.test(err.message) ? refusal(429, 'too many large bodies at once') : refusal(400, `JSON body refused: ${err.message}`)),
      );
  };
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
      const body = Buffer.concat(chunks, received);
      if (received >= OFF_THREAD_BYTES) return parseOffThread(body, done);
      parse(request, body.toString('utf8'), done);
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
