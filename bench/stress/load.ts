/**
 * The mixed load: a real server on loopback, 1,000 people and 200 events, 70% reads (event list,
 * an event, people, a page of operations) and 30% writes (an even purchase), for a fixed time at
 * as many requests as the server answers from a fixed number of connections. Afterwards every
 * acknowledged write must be in the database and every event must still sum to zero.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { quantile } from '../stats';
import { rng } from '../rng';
import { checkIntegrity, integrityProblems, type IntegrityReport } from './checks';
import { startPgbouncer } from './pgbouncer';
import { evenPurchase, seedWorld, type World } from './seed';
import { startServer } from './server';
import { freshTarget } from './target';

export interface LoadResult {
  database: string;
  /** API processes serving the port (WORKERS). */
  workers: number;
  /** Server connections pgbouncer shared among the API processes, or null when they connected directly. */
  pgbouncerPool: number | null;
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  writes: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  timeouts: number;
  integrity: IntegrityReport;
  problems: string[];
}

interface Pending {
  write: boolean;
}

function nextRequest(world: World, random: () => number) {
  const user = world.users[Math.floor(random() * world.users.length)]!;
  const mine = world.eventsOf.get(user.id) ?? [];
  const event = mine.length ? mine[Math.floor(random() * mine.length)]! : null;
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const roll = random();
  if (event && roll < 0.3) {
    return {
      method: 'POST' as const,
      path: '/app/api/v1/operation/',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(evenPurchase(event, random)),
      write: true,
    };
  }
  const reads = event
    ? ['/app/api/v1/event/', `/app/api/v1/event/${event.id}/`, '/app/api/v1/event/people/', `/app/api/v1/operation/?event=${event.id}`]
    : ['/app/api/v1/event/', '/app/api/v1/event/people/'];
  return { method: 'GET' as const, path: reads[Math.floor(random() * reads.length)]!, headers, write: false };
}

export async function runLoad(options: { seconds: number; connections: number; workers?: number; pgbouncerPool?: number }): Promise<LoadResult> {
  const workers = options.workers ?? 1;
  const target = await freshTarget('load');
  const bouncer = options.pgbouncerPool && target.env.DATABASE_URL ? await startPgbouncer(target.env.DATABASE_URL, options.pgbouncerPool) : null;
  try {
    const seeding = await target.open();
    const started = Date.now();
    const world = await seedWorld(seeding, { users: 1000, events: 200, eventSize: [3, 12], operationsPerEvent: 10, seed: 7 });
    await seeding.close();
    console.log(`# seeded 1,000 people, 200 events, 2,000 operations in ${((Date.now() - started) / 1000).toFixed(1)} s (${target.kind})`);

    const serverEnv = bouncer ? { ...target.env, DATABASE_URL: bouncer.url } : target.env;
    const server = await startServer({ ...serverEnv, WORKERS: String(workers) }, `load-${target.kind}-${workers}${bouncer ? '-pgbouncer' : ''}`);
    const random = rng(11);
    const acknowledged: number[] = [];
    const latencies: number[] = [];
    let writes = 0;
    let finish: (r: autocannon.Result) => void = () => undefined;
    let fail: (e: unknown) => void = () => undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
    const instance = autocannon({
      url: server.url,
      connections: options.connections,
      duration: options.seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (req, context) => {
            const next = nextRequest(world, random);
            (context as { pending?: Pending }).pending = { write: next.write };
            return { ...req, method: next.method, path: next.path, headers: next.headers, body: 'body' in next ? next.body : undefined };
          },
          onResponse: (status, body, context) => {
            const pending = (context as { pending?: Pending }).pending;
            if (pending?.write && status === 201) {
              writes++;
              acknowledged.push((JSON.parse(body) as { id: number }).id);
            }
          },
        },
      ],
    }, (err, res) => (err ? fail(err) : finish(res)));
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    const result = await done;
    await server.stop();

    const checking = await target.open();
    const integrity = await checkIntegrity(checking, acknowledged);
    await checking.close();
    const problems = integrityProblems(integrity);
    if (result.errors || result.non2xx || result.timeouts) problems.push(`${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.timeouts} timeouts`);
    return {
      database: target.kind,
      workers,
      pgbouncerPool: bouncer ? options.pgbouncerPool! : null,
      seconds: options.seconds,
      connections: options.connections,
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.total / options.seconds),
      writes,
      latencyMs: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99), max: Math.max(...latencies) },
      errors: result.errors,
      non2xx: result.non2xx,
      timeouts: result.timeouts,
      integrity,
      problems,
    };
  } finally {
    await bouncer?.stop();
    await target.dispose();
  }
}
