/**
 * The mixed load: a real server on loopback, 1,000 people and 200 events, 70% reads (event list,
 * an event, people, a page of operations, My share's summary) and 30% writes (an even purchase),
 * for a fixed time at as many requests as the server answers from a fixed number of connections.
 * Afterwards every acknowledged write must be in the database and every event must still sum to
 * zero.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { quantile } from '../stats';
import { pick, rng } from '../rng';
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
  byKind: Record<string, KindFigures>;
  errors: number;
  non2xx: number;
  timeouts: number;
  integrity: IntegrityReport;
  problems: string[];
}

interface Pending {
  write: boolean;
  /** The request's route, to tell which kind of request was slow or timed out. */
  kind: string;
  sentAt: number;
  answered: boolean;
}

/** How each kind of request fared: the slow tail and the timeouts of a mixed load hide in the totals. */
export interface KindFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
}

/**
 * Readers' time zones for My share: more than an event keeps days for (spending-days.ts), so both
 * the kept days and the days summed afresh are read while writes land, and checked afterwards.
 */
const MY_SHARE_OFFSETS = [0, 180, -300, 60, 330, 600] as const;

function nextRequest(world: World, random: () => number) {
  const user = pick(world.users, random);
  const mine = world.eventsOf.get(user.id) ?? [];
  const event = mine.length ? pick(mine, random) : null;
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const roll = random();
  if (event && roll < 0.3) {
    return {
      method: 'POST' as const,
      path: '/app/api/v1/operation/',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(evenPurchase(event, random)),
      write: true,
      kind: 'POST /operation/',
    };
  }
  const reads = event
    ? [
        ['/app/api/v1/event/', 'GET /event/'],
        [`/app/api/v1/event/${event.id}/`, 'GET /event/{id}/'],
        ['/app/api/v1/event/people/', 'GET /event/people/'],
        [`/app/api/v1/operation/?event=${event.id}`, 'GET /operation/?event='],
        [`/app/api/v1/operation/expenses/?event=${event.id}&summary=true&utc_offset=${pick(MY_SHARE_OFFSETS, random)}`, 'GET /operation/expenses/'],
      ]
    : [
        ['/app/api/v1/event/', 'GET /event/'],
        ['/app/api/v1/event/people/', 'GET /event/people/'],
      ];
  const [path, kind] = pick(reads, random);
  return { method: 'GET' as const, path: path!, headers, write: false, kind: kind! };
}

function figuresByKind(latencies: Map<string, number[]>, timeouts: Map<string, number>): Record<string, KindFigures> {
  const kinds = [...new Set([...latencies.keys(), ...timeouts.keys()])].sort();
  return Object.fromEntries(
    kinds.map((kind) => {
      const ms = latencies.get(kind) ?? [];
      return [
        kind,
        { requests: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), max: ms.length ? Math.max(...ms) : 0, timeouts: timeouts.get(kind) ?? 0 },
      ];
    }),
  );
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

    // Debian's pgbouncer (1.18) cannot follow named prepared statements in transaction pooling.
    const serverEnv = bouncer ? { ...target.env, DATABASE_URL: bouncer.url, DATABASE_PREPARED_STATEMENTS: 'off' } : target.env;
    const server = await startServer({ ...serverEnv, WORKERS: String(workers) }, `load-${target.kind}-${workers}${bouncer ? '-pgbouncer' : ''}`);
    const random = rng(11);
    const acknowledged: number[] = [];
    const latencies: number[] = [];
    const latenciesByKind = new Map<string, number[]>();
    const timeoutsByKind = new Map<string, number>();
    const latenciesOf = (kind: string): number[] => {
      const list = latenciesByKind.get(kind) ?? [];
      latenciesByKind.set(kind, list);
      return list;
    };
    let writes = 0;
    let finish: (r: autocannon.Result) => void = () => undefined;
    let fail: (e: unknown) => void = () => undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
    const instance = autocannon(
      {
        url: server.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        requests: [
          {
            setupRequest: (req, context) => {
              const next = nextRequest(world, random);
              const previous = (context as { pending?: Pending }).pending;
              // A connection's next request is set up once its last one was answered or timed out.
              if (previous && !previous.answered) timeoutsByKind.set(previous.kind, (timeoutsByKind.get(previous.kind) ?? 0) + 1);
              (context as { pending?: Pending }).pending = { write: next.write, kind: next.kind, sentAt: performance.now(), answered: false };
              return { ...req, method: next.method, path: next.path, headers: next.headers, body: 'body' in next ? next.body : undefined };
            },
            onResponse: (status, body, context) => {
              const pending = (context as { pending?: Pending }).pending;
              if (pending) {
                pending.answered = true;
                latenciesOf(pending.kind).push(performance.now() - pending.sentAt);
              }
              if (pending?.write && status === 201) {
                writes++;
                acknowledged.push((JSON.parse(body) as { id: number }).id);
              }
            },
          },
        ],
      },
      (err, res) => (err ? fail(err) : finish(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    const result = await done;
    await server.stop();

    const checking = await target.open();
    const integrity = await checkIntegrity(checking, acknowledged);
    await checking.close();
    const problems = integrityProblems(integrity);
    if (result.errors || result.non2xx || result.timeouts)
      problems.push(`${result.errors} errors, ${result.non2xx} non-2xx answers, ${result.timeouts} timeouts`);
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
      byKind: figuresByKind(latenciesByKind, timeoutsByKind),
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
