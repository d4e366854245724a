import { brotliDecompressSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SnapshotWatch, WriteGeneration } from '../db/speed/write-generation';
import { KEPT_ANSWER, keptAnswersPlugin } from './kept-answers';

let writes: WriteGeneration;
let app: FastifyInstance;
/** How many times each route's handler ran: a kept answer does not run it. */
let computed: number;
/** Lets a test hold a read in the middle of its work. */
let pause: Promise<void> | null;

/**
 * As authentication does: the request's generation is the embedded count of writes when there is
 * one, else (PostgreSQL) the snapshot read first thing, which a test names in `x-snapshot`.
 */
async function build(generation: WriteGeneration | undefined): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.decorateRequest('userId', null);
  instance.decorateRequest('writeGeneration', null);
  instance.addHook('onRequest', async (request) => {
    const user = request.headers['x-user'];
    if (typeof user !== 'string') return;
    request.userId = Number(user);
    request.writeGeneration = generation?.current().writes ?? String(request.headers['x-snapshot']);
  });
  // As in the app: compression first, so its hook runs before the one that keeps answers.
  await instance.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // On PostgreSQL the request's snapshot is read by authentication, here the header; the watch itself is never asked.
  const snapshots = new SnapshotWatch(() => Promise.reject(new Error('the test names the snapshot')));
  await instance.register(keptAnswersPlugin, { writes: generation ?? snapshots });
  instance.get('/kept', { config: KEPT_ANSWER }, async (request, reply) => {
    const n = ++computed;
    if (pause && (request.query as { slow?: string }).slow) await pause;
    void reply.header('etag', `"${n}"`);
    const { big } = request.query as { big?: string };
    return { n, q: request.query, ...(big ? { pad: 'x'.repeat(4000) } : {}) };
  });
  instance.get('/plain', async () => ({ n: ++computed }));
  instance.get('/missing', { config: KEPT_ANSWER }, async (request, reply) => {
    computed += 1;
    if (pause && (request.query as { slow?: string }).slow) await pause;
    return reply.status(404).send({ error: 'Not found', code: 'not_found' });
  });
  instance.get('/broken', { config: KEPT_ANSWER }, async () => {
    computed += 1;
    if (pause) await pause;
    throw new Error('broken');
  });
  return instance;
}

/** Holds every read asked with `slow` (and /broken) in the middle of its work until the returned function is called. */
function holdReads(): () => void {
  let resume!: () => void;
  pause = new Promise<void>((resolve) => (resume = resolve));
  return resume;
}

/** Lets the reads just asked reach their handlers. */
const inFlight = () => new Promise((resolve) => setTimeout(resolve, 10));

const get = (url: string, user = 1, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'x-user': String(user), ...headers } });

beforeEach(async () => {
  computed = 0;
  pause = null;
  writes = new WriteGeneration();
  app = await build(writes);
});
afterEach(() => app.close());

describe('answers kept between writes', () => {
  it('answers the same read again without running it, with the same body, type and etag', async () => {
    const first = await get('/kept?a=1');
    const second = await get('/kept?a=1');
    expect(computed).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers.etag).toBe('"1"');
  });

  it('keeps a compressed answer as compressed, apart from the same answer asked for uncompressed', async () => {
    const br = { 'accept-encoding': 'br, gzip' };
    const first = await get('/kept?big=1', 1, br);
    const second = await get('/kept?big=1', 1, br);
    expect(computed).toBe(1);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.vary).toBe('accept-encoding');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString()).n).toBe(1);
    const plain = await get('/kept?big=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body).n).toBe(2);
    expect(JSON.parse((await get('/kept?big=1')).body).n).toBe(2);
    expect(computed).toBe(2);
  });

  it('keeps one answer per user and per URL, and none for a read not marked, signed out, or refused', async () => {
    await get('/kept?a=1');
    await get('/kept?a=2');
    await get('/kept?a=1', 2);
    expect(computed).toBe(3);
    await get('/plain');
    await get('/plain');
    await app.inject({ method: 'GET', url: '/kept?a=1' });
    await app.inject({ method: 'GET', url: '/kept?a=1' });
    await get('/missing');
    await get('/missing');
    expect(computed).toBe(9);
    expect(JSON.parse((await get('/kept?a=1', 2)).body)).toEqual({ n: 3, q: { a: '1' } });
  });

  it('reads afresh after any write', async () => {
    await get('/kept');
    await writes.around(async () => {});
    expect(JSON.parse((await get('/kept')).body).n).toBe(2);
    expect(JSON.parse((await get('/kept')).body).n).toBe(2);
  });

  it('answers from what was kept while a write is under way, and reads afresh once it has ended', async () => {
    await get('/kept');
    let finish!: () => void;
    const write = writes.around(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(JSON.parse((await get('/kept')).body).n).toBe(1);
    finish();
    await write;
    expect(JSON.parse((await get('/kept')).body).n).toBe(2);
  });

  it('does not keep a read that a write overtook, even when other reads were kept meanwhile', async () => {
    const resume = holdReads();
    const slow = get('/kept?slow=1');
    await inFlight();
    await writes.around(async () => {});
    await get('/kept?other=1');
    resume();
    expect(JSON.parse((await slow).body).n).toBe(1);
    expect(JSON.parse((await get('/kept?slow=1')).body).n).toBe(3);
    expect(JSON.parse((await get('/kept?other=1')).body).n).toBe(2);
  });

  it('computes a read once for all who ask it while it is under way', async () => {
    const resume = holdReads();
    const br = { 'accept-encoding': 'br' };
    const asked = [get('/kept?slow=1&big=1', 1, br), get('/kept?slow=1&big=1', 1, br), get('/kept?slow=1&big=1', 1, br)];
    const otherUser = get('/kept?slow=1&big=1', 2, br);
    await inFlight();
    resume();
    const answers = await Promise.all(asked);
    expect(computed).toBe(2);
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect(JSON.parse(brotliDecompressSync((await otherUser).rawPayload).toString()).n).not.toBe(
      JSON.parse(brotliDecompressSync(answers[0]!.rawPayload).toString()).n,
    );
  });

  it('does not wait for a read that began before a write ended', async () => {
    const resume = holdReads();
    const before = get('/kept?slow=1');
    await inFlight();
    await writes.around(async () => {});
    const after = get('/kept?slow=1');
    await inFlight();
    expect(computed).toBe(2);
    resume();
    expect(JSON.parse((await before).body).n).toBe(1);
    expect(JSON.parse((await after).body).n).toBe(2);
    expect(JSON.parse((await get('/kept?slow=1')).body).n).toBe(2);
  });

  it('reads afresh for those who waited when a write ended before the read they waited for', async () => {
    const resume = holdReads();
    const first = get('/kept?slow=1');
    const waiting = get('/kept?slow=1');
    await inFlight();
    expect(computed).toBe(1);
    await writes.around(async () => {});
    resume();
    expect(JSON.parse((await first).body).n).toBe(1);
    expect(JSON.parse((await waiting).body).n).toBe(2);
  });

  it('leaves no one waiting on a read that was refused or failed: each reads for itself', async () => {
    const resume = holdReads();
    const missing = [get('/missing?slow=1'), get('/missing?slow=1')];
    const broken = [get('/broken'), get('/broken')];
    await inFlight();
    resume();
    expect((await Promise.all(missing)).map((r) => r.statusCode)).toEqual([404, 404]);
    expect((await Promise.all(broken)).map((r) => r.statusCode)).toEqual([500, 500]);
    expect(computed).toBe(4);
  });

  it('on PostgreSQL answers again only a request whose reads begin in the snapshot the answer was read in', async () => {
    await app.close();
    app = await build(undefined);
    const at = (snapshot: string, url = '/kept') => get(url, 1, { 'x-snapshot': snapshot });
    await at('10:12:10');
    expect(JSON.parse((await at('10:12:10')).body).n).toBe(1);
    // Another process's write ended: the snapshot moved.
    expect(JSON.parse((await at('10:13:')).body).n).toBe(2);
    expect(JSON.parse((await at('10:13:')).body).n).toBe(2);
    // A request that began before that write ended reads for itself, and drops what was kept since.
    expect(JSON.parse((await at('10:12:10')).body).n).toBe(3);
    expect(JSON.parse((await at('10:13:')).body).n).toBe(4);
    expect(computed).toBe(4);
  });

  it('on PostgreSQL keeps a read that a write may have overtaken only under the snapshot it began in', async () => {
    await app.close();
    app = await build(undefined);
    const resume = holdReads();
    const before = get('/kept?slow=1', 1, { 'x-snapshot': '5:6:' });
    const waiting = get('/kept?slow=1', 1, { 'x-snapshot': '5:6:' });
    await inFlight();
    // Begun after a write ended elsewhere: it neither waits for the read under way nor takes its answer.
    const after = get('/kept?slow=1', 1, { 'x-snapshot': '6:7:' });
    await inFlight();
    resume();
    expect(JSON.parse((await before).body).n).toBe(1);
    expect(JSON.parse((await waiting).body).n).toBe(1);
    expect(JSON.parse((await after).body).n).toBe(2);
    expect(JSON.parse((await get('/kept?slow=1', 1, { 'x-snapshot': '6:7:' })).body).n).toBe(2);
    expect(computed).toBe(2);
  });
});
