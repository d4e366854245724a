/**
 * `npm run bench:http`: the API's reads and writes through HTTP, as a phone meets them. For each
 * history size (BENCH_HTTP_OPERATIONS, default 10000; e.g. `1000,10000,100000` to see growth) an
 * event of 50 people is seeded through the service layer into a fresh database (embedded, or a new
 * database on DATABASE_URL's server), the real server starts as its own process (npm start's
 * settings, request log included), and each request is driven by autocannon at 10 connections
 * (writes at 4). Between the reads and the writes the events screen is opened in Chromium at phone
 * width (screen.ts), timing its first rows against the data's arrival. Every figure is printed
 * beside the same run's bare-Fastify and health-route figures, and the writes beside the same
 * database's own one-row write transactions (bare-database.ts), since only a ratio measured side by
 * side means anything on a shared machine. A read repeated with nothing written in between is
 * answered from what it answered before (decisions 0040, 0047); the rows
 * "computed afresh" show what a read costs right after a write. Afterwards the database is checked
 * as after the stress runs. Fails only on wrong answers or broken data. Needs the built app (the
 * npm scripts build it).
 *   BENCH_HTTP_SECONDS (10)  BENCH_HTTP_OPERATIONS (10000)  BENCH_HTTP_CONNECTIONS (10)
 *   BENCH_HTTP_EVENTS (1): how many events the owner is in (the others small), e.g. `1,1000` to
 *   see the events list and the People page grow with them
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rng } from '../rng';
import { seedBenchEvent, seedOtherEvents, type BenchEvent } from '../seed-event';
import { checkIntegrity, integrityProblems } from '../stress/checks';
import { startServer } from '../stress/server';
import { freshTarget } from '../stress/target';
import { timeFirstRows, type ScreenFigure } from './screen';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 10);
const WRITERS = 4;
/**
 * Statements an even purchase of the writers sends besides BEGIN and COMMIT, counted with a
 * statement trace: in its transaction the event lock, the insert, the balances, the money-bounds
 * locks and check. On the embedded database also its session, looked up again after every write;
 * on PostgreSQL instead the snapshot and session changes its request begins in, which keep its
 * session known across writes that end none (decisions 0047, 0049).
 */
const STATEMENTS_PER_WRITE = { pglite: 6, postgres: 6 } as const;
// The built app, for timing the events screen (the npm scripts build it first).
const WEB_DIST = process.env.WEB_DIST ?? './dist/web';
const SIZES = (process.env.BENCH_HTTP_OPERATIONS ?? '10000').split(',').map((n) => Number(n.trim()));
const EVENT_COUNTS = (process.env.BENCH_HTTP_EVENTS ?? '1').split(',').map((n) => Number(n.trim()));

interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Bytes of the answer's body as sent uncompressed. */
  bytes: number | null;
  errors: number;
  non2xx: number;
}

interface Measure {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  token?: string;
  connections?: number;
  /** A fresh body (and Idempotency-Key) per request. */
  body?: () => unknown;
  /**
   * Each request's URL made new with a parameter the route ignores, so no answer kept from the
   * last one serves it (decision 0040): the cost of a read right after a write.
   */
  afresh?: boolean;
  onCreated?: (body: string) => void;
}

async function measure(origin: string, m: Measure, probe: Probe = HEALTH): Promise<Figure> {
  const headers: Record<string, string> = m.token ? { authorization: `Bearer ${m.token}` } : {};
  let bytes: number | null = null;
  if ((m.method ?? 'GET') === 'GET') {
    const res = await fetch(`${origin}${m.path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${m.name}: ${res.status} ${text.slice(0, 200)}`);
    bytes = Buffer.byteLength(text);
  }
  // autocannon calls whatever hooks a request has, so absent ones must not be there at all.
  const request: autocannon.Request = { method: m.method ?? 'GET', path: m.path, headers };
  const body = m.body;
  if (m.afresh) {
    let n = 0;
    request.setupRequest = (req) => ({ ...req, path: `${m.path}${m.path.includes('?') ? '&' : '?'}afresh=${++n}` });
  }
  if (body) {
    request.setupRequest = (req) => ({
      ...req,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body()),
    });
  }
  const onCreated = m.onCreated;
  if (onCreated) {
    request.onResponse = (status, responseBody) => {
      if (status === 201) onCreated(responseBody);
    };
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections: m.connections ?? CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        requests: [request],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  await settle(origin, probe);
  return {
    name: m.name,
    requestsPerSecond: Math.round(result.requests.total / SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A cheap read that goes to the database: the health route answers from a check up to a second old. */
interface Probe {
  path: string;
  token?: string;
}

const HEALTH: Probe = { path: '/app/api/v1/health/' };

/**
 * Requests still running when autocannon stops keep the server busy (the embedded database answers
 * one query at a time, and a slow read holds it for a second); the next measurement starts once
 * three probes in a row answer quickly, so it does not pay for the one before.
 */
async function settle(origin: string, probe: Probe): Promise<void> {
  const deadline = Date.now() + 60_000;
  const headers: Record<string, string> = probe.token ? { authorization: `Bearer ${probe.token}` } : {};
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${origin}${probe.path}`, { headers })).arrayBuffer();
    quick = performance.now() - started < 25 ? quick + 1 : 0;
    if (quick === 0) await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the database itself gives, with nothing of ours (bare-database.ts), measured in its own process. */
interface BareDatabase {
  kind: keyof typeof STATEMENTS_PER_WRITE;
  /** One-row write transactions per second, from as many clients as our writers. */
  writes: number;
  /** Transactions of as many statements as one of our writes, each doing nothing, per second. */
  emptyWrites: number;
  /** `select $1` per second, from as many clients as our readers. */
  reads: number;
}

async function measureBareDatabase(): Promise<BareDatabase> {
  const target = await freshTarget('bare');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('bench/http/bare-database.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        ...target.env,
        BARE_SECONDS: String(SECONDS),
        BARE_WRITERS: String(WRITERS),
        BARE_READERS: String(CONNECTIONS),
        BARE_STATEMENTS: String(STATEMENTS_PER_WRITE[target.kind]),
      },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bare database exited with ${code}`);
    const { writes, emptyWrites, reads } = JSON.parse(out) as Omit<BareDatabase, 'kind'>;
    return { kind: target.kind, writes, emptyWrites, reads };
  } finally {
    await target.dispose();
  }
}

async function startBare(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('bench/http/bare-fastify.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(chunk.toString());
      if (found) resolve(Number(found[1]));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

function reads(seeded: BenchEvent): Measure[] {
  const e = seeded.eventId;
  const as = seeded.ownerToken;
  return [
    { name: 'GET /v1/event/{id}/', path: `/app/api/v1/event/${e}/`, token: as },
    { name: '  … computed afresh each time', path: `/app/api/v1/event/${e}/`, token: as, afresh: true },
    { name: 'GET /v1/operation/?event= (page 1)', path: `/app/api/v1/operation/?event=${e}`, token: as },
    { name: 'GET /v1/event/{id}/payout/', path: `/app/api/v1/event/${e}/payout/`, token: as },
    { name: 'GET /v1/event/', path: '/app/api/v1/event/', token: as },
    { name: 'GET /v1/event/people/', path: '/app/api/v1/event/people/', token: as },
    { name: 'GET /v1/operation/expenses/?event=', path: `/app/api/v1/operation/expenses/?event=${e}&utc_offset=180`, token: as },
    // What the my-share screen asks for: the figures, then a day's operations when it is opened.
    { name: '  …&summary=true (my-share screen)', path: `/app/api/v1/operation/expenses/?event=${e}&utc_offset=180&summary=true`, token: as },
    { name: '  … computed afresh each time', path: `/app/api/v1/operation/expenses/?event=${e}&utc_offset=180&summary=true`, token: as, afresh: true },
    { name: '  …&day= (a day opened)', path: `/app/api/v1/operation/expenses/?event=${e}&utc_offset=180&day=2025-06-01`, token: as },
    { name: '  … computed afresh each time', path: `/app/api/v1/operation/expenses/?event=${e}&utc_offset=180&day=2025-06-01`, token: as, afresh: true },
  ];
}

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '—');
const kb = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1024).toFixed(1)} KB`);

function table(figures: Figure[], health: Figure): string {
  const head = `${'request'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'size'.padStart(10)} ${'of health'.padStart(10)}  targets (p50 < 10, p99 < 50, >= 25% of health)`;
  const rows = figures.map((f) => {
    const met = f.p50 < 10 && f.p99 < 50 && f.requestsPerSecond >= 0.25 * health.requestsPerSecond;
    return `${f.name.padEnd(40)} ${String(f.requestsPerSecond).padStart(8)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${kb(f.bytes).padStart(10)} ${pct(f.requestsPerSecond, health.requestsPerSecond).padStart(10)}  ${met ? 'met' : 'not met'}`;
  });
  return [head, ...rows].join('\n');
}

interface Run {
  operations: number;
  /** How many events the bench event's owner is in, that one included. */
  events: number;
  seedSeconds: number;
  health: Figure;
  figures: Figure[];
  screen: ScreenFigure[];
  writes: Figure;
  problems: string[];
}

async function runSize(operations: number, events: number, bare: Figure, bareDb: BareDatabase): Promise<Run> {
  const target = await freshTarget(`http_${operations}_${events}`);
  try {
    const seeding = await target.open();
    const started = Date.now();
    const seeded = await seedBenchEvent(seeding.db, { operations, random: rng(20261124) });
    await seedOtherEvents(seeding.db, seeded, events, rng(11));
    await seeding.close();
    const seedSeconds = (Date.now() - started) / 1000;
    const others = events > 1 ? `, its owner in ${events.toLocaleString('en')} events` : '';
    console.log(`\n## ${operations.toLocaleString('en')} operations in one event of 50${others} (${target.kind}; seeded in ${seedSeconds.toFixed(1)} s)`);

    const server = await startServer({ ...target.env, LOG_LEVEL: 'info', WEB_DIST }, `bench-http-${process.pid}`);
    const problems: string[] = [];
    const acknowledged: number[] = [];
    let health: Figure;
    let figures: Figure[];
    let writes: Figure;
    let screen: ScreenFigure[];
    try {
      // Start-up work (the bundled rates, the first scheduler pass) finishes before the first figure.
      const probe: Probe = { path: '/app/api/v1/user/me/', token: seeded.ownerToken };
      await settle(server.url, probe);
      health = await measure(server.url, { name: 'GET /v1/health/', path: '/app/api/v1/health/' }, probe);
      figures = [];
      for (const m of reads(seeded)) figures.push(await measure(server.url, m, probe));
      screen = await timeFirstRows(server.url, seeded.eventId, seeded.ownerToken);
      await settle(server.url, probe);
      const random = rng(7);
      const uids = seeded.uids;
      writes = await measure(
        server.url,
        {
          name: `POST /v1/operation/ (${WRITERS} clients)`,
          method: 'POST',
          path: '/app/api/v1/operation/',
          token: seeded.ownerToken,
          connections: WRITERS,
          body: () => ({
            event_id: seeded.eventId,
            details: { kind: 'even_purchase', amount: Math.floor(100 + random() * 99_900) / 100, description: 'bench' },
            participants: [uids[0]!, uids[1 + Math.floor(random() * (uids.length - 1))]!].map((uid) => ({ uid })),
          }),
          onCreated: (body) => acknowledged.push((JSON.parse(body) as { id: number }).id),
        },
        probe,
      );
    } finally {
      await server.stop();
    }
    console.log(
      `bare Fastify ${bare.requestsPerSecond} req/s; health ${health.requestsPerSecond} req/s = ${pct(health.requestsPerSecond, bare.requestsPerSecond)} of bare (target >= 30%)`,
    );
    console.log(table(figures, health));
    console.log(
      `${writes.name}: ${writes.requestsPerSecond} writes/s, p50 ${writes.p50} ms, p99 ${writes.p99} ms = ${pct(writes.requestsPerSecond, bareDb.writes)} of the bare database's one-row write transactions, ${pct(writes.requestsPerSecond, bareDb.emptyWrites)} of its transactions of ${STATEMENTS_PER_WRITE[target.kind]} empty statements`,
    );
    for (const s of screen) {
      console.log(
        `events screen at phone width, CPU ${s.cpuSlowdown}x slower: first rows ${s.afterData} ms after the data arrived (target < 300; loads ${s.loads.map((l) => l.afterData).join(', ')}), ${s.afterScreen} ms after the data and the screen's frame were both in, ${s.fromNavigation} ms after navigation  ${s.afterData < 300 ? 'met' : 'not met'}`,
      );
    }

    for (const f of [health, ...figures, writes]) {
      if (f.errors || f.non2xx) problems.push(`${f.name}: ${f.errors} errors or timeouts, ${f.non2xx} non-2xx answers`);
    }
    const checking = await target.open();
    problems.push(...integrityProblems(await checkIntegrity(checking, acknowledged)));
    await checking.close();
    return { operations, events, seedSeconds, health, figures, screen, writes, problems };
  } finally {
    await target.dispose();
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`no ${WEB_DIST}/index.html: run npm run build first`);
  const bareServer = await startBare();
  let bare: Figure;
  try {
    bare = await measure(bareServer.origin, { name: 'bare Fastify { ok: true }', path: '/' });
  } finally {
    await bareServer.stop();
  }
  const bareDb = await measureBareDatabase();
  console.log(
    `bare Fastify ${bare.requestsPerSecond} req/s; bare ${bareDb.kind} (nothing of ours, own process): ${bareDb.writes} one-row write transactions/s and ${bareDb.emptyWrites} transactions of ${STATEMENTS_PER_WRITE[bareDb.kind]} empty statements/s from ${WRITERS} clients, ${bareDb.reads} \`select $1\`/s from ${CONNECTIONS}`,
  );
  const runs: Run[] = [];
  for (const events of EVENT_COUNTS) for (const size of SIZES) runs.push(await runSize(size, events, bare, bareDb));
  if (runs.length > 1) {
    const label = (r: Run) => `${r.operations}/${r.events}`.padStart(11);
    console.log('\n## growth (p50 ms, and the answer in KB, at each number of operations in the event / events of its owner)');
    console.log(`${'request'.padEnd(40)} ${runs.map(label).join(' ')}`);
    for (let i = 0; i < runs[0]!.figures.length; i++) {
      const cell = (f: Figure) => `${f.p50} ${f.bytes === null ? '' : `(${Math.round(f.bytes / 1024)})`}`.padStart(11);
      console.log(`${runs[0]!.figures[i]!.name.padEnd(40)} ${runs.map((r) => cell(r.figures[i]!)).join(' ')}`);
    }
  }
  const machine = `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;
  console.log(`\n# ${machine}`);
  const dir = path.resolve('bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `http-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), node: process.version, machine, seconds: SECONDS, bare, bareDatabase: bareDb, runs }, null, 2),
  );
  console.log(`# written to ${path.relative(process.cwd(), file)}`);
  const problems = runs.flatMap((r) => r.problems);
  for (const p of problems) console.error(`PROBLEM: ${p}`);
  if (problems.length) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
