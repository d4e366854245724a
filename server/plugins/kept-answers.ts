import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { KeptUntilWrite, type Generation, type WriteWatch } from '../db/speed/write-generation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer depends only on the database, the signed-in user and the URL. */
    keptAnswer?: boolean;
  }
  interface FastifyRequest {
    /** The write generation this request's reads began in, when its answer may be kept. */
    keptFrom: Generation | null;
    /** Set when this request reads for others asking the same meanwhile: its answer goes to them too. */
    keptLead: UnderWay | null;
  }
}

/** Route config of a read whose answer may be kept until the next write (decision 0040). */
export const KEPT_ANSWER = { keptAnswer: true } as const;

/**
 * Room for kept answers: a few hundred events' and people pages' worth. An answer larger than
 * MAX_ANSWER (a whole history of a huge event) is computed each time rather than pushing the
 * others out.
 */
const MAX_CHARS = 32 * 1024 * 1024;
const MAX_ANSWER = 8 * 1024 * 1024;

interface Kept {
  /** The answer as it went out: text, or the bytes the compression made of it. */
  body: string | Buffer;
  headers: Record<string, string>;
}

/**
 * A read being computed that the same read, asked again meanwhile, waits for instead of computing
 * it too: a phone that retries a slow read, or several tabs opening one event, after a write.
 * `answer` settles with what went out, or null when it may not serve the others (refused, or a
 * write ended while it was read), and always settles once the request is over.
 */
interface UnderWay {
  key: string;
  generation: Generation;
  answer: Promise<Kept | null>;
  settle: (answer: Kept | null) => void;
}

/** The headers a route and its compression put on an answer, which a kept answer must carry again. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'etag'] as const;

/** A read is the same read when the same user asks for the same URL, taking the same compression. */
function keyOf(request: FastifyRequest): string {
  const noCompression = request.headers['x-no-compression'] !== undefined;
  return `${request.userId}\n${request.url}\n${request.headers['accept-encoding'] ?? ''}\n${noCompression}`;
}

/**
 * A marked route's HEAD twin shares its hooks; only GET answers are kept, and only those of a
 * signed-in user, whose sign-in told where the request's reads begin.
 */
function generationOf(request: FastifyRequest): Generation | null {
  return request.method === 'GET' && request.userId !== null ? request.writeGeneration : null;
}

/**
 * Answers reads from what the same read answered before, while nothing has been written since:
 * serialised and compressed once. Each request's generation comes from authentication.
 */
export const keptAnswersPlugin = fp(async (app: FastifyInstance, opts: { writes: WriteWatch }) => {
  app.decorateRequest('keptFrom', null);
  app.decorateRequest('keptLead', null);
  const kept = new KeptUntilWrite<Kept>({ maxSize: MAX_CHARS, maxEntrySize: MAX_ANSWER, sizeCalculation: (k) => k.value.body.length + 100 }, opts.writes);
  const underWay = new Map<string, UnderWay>();

  /** The same read under way in the request's generation, if any: one that began in another may have missed a write. */
  function runningIn(key: string, generation: Generation): UnderWay | undefined {
    const running = underWay.get(key);
    return running?.generation === generation ? running : undefined;
  }

  function lead(key: string, generation: Generation): UnderWay {
    let settle!: (answer: Kept | null) => void;
    const answer = new Promise<Kept | null>((resolve) => (settle = resolve));
    const running: UnderWay = { key, generation, answer, settle };
    underWay.set(key, running);
    return running;
  }

  function finish(request: FastifyRequest, answer: Kept | null): void {
    const running = request.keptLead;
    if (!running) return;
    request.keptLead = null;
    if (underWay.get(running.key) === running) underWay.delete(running.key);
    running.settle(answer);
  }

  async function answerKept(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const generation = generationOf(request);
    if (generation === null) return;
    const key = keyOf(request);
    // No await before a read that waits for no one takes the lead, so the next to ask finds it.
    const running = runningIn(key, generation);
    const hit = kept.get(key, generation) ?? (running && (await running.answer));
    if (hit) {
      // Already compressed, when it was: the compression leaves an answer with an encoding alone.
      void reply.headers(hit.headers);
      return reply.send(hit.body);
    }
    request.keptFrom = generation;
    // One that waited in vain (refused, or overtaken by a write) reads for itself; only one at a
    // time leads the others.
    if (!runningIn(key, generation)) request.keptLead = lead(key, generation);
  }

  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const from = request.keptFrom;
    if (from === null || reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      finish(request, null);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    // Dropped when a write ended while this answer was being read: it may have changed what it read.
    const answer = { body: payload, headers };
    kept.keep(keyOf(request), answer, from);
    // Those waiting get it even when it is too large to keep, as long as no write ended meanwhile.
    finish(request, kept.stillCurrent(from) ? answer : null);
    return payload;
  }

  /** Whatever became of the request (an error, a client gone), those waiting on it stop waiting. */
  async function release(request: FastifyRequest): Promise<void> {
    finish(request, null);
  }

  // Only marked routes pay for these hooks. `keep` goes last of the route's own onSend hooks, after
  // its compression, so the answer is kept as it went out.
  const listOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
  app.addHook('onRoute', (route) => {
    if (route.config?.keptAnswer !== true) return;
    route.preHandler = [...listOf(route.preHandler), answerKept];
    route.onSend = [...listOf(route.onSend), keep];
    route.onResponse = [...listOf(route.onResponse), release];
    route.onRequestAbort = [...listOf(route.onRequestAbort), release];
  });
});
