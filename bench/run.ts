/**
 * `npm run bench`: the ledger's request latencies on the embedded database (issue 4).
 * An event with 50 participants in 12 families and 10,000 operations is built through the service
 * layer; the event with balances, its payout and a page of operations are then measured through
 * `app.inject` (routing, auth, validation and serialisation included), and the settle-up planner
 * alone at 20 families (exact) and 1,000 (greedy). Results go to bench/results/ (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { planSettlement, type BalanceRow } from '../common/settle';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { LogSmsSender } from '../server/lib/sms';
import { seedRatesIfEmpty } from '../server/modules/currency/rates-seed';
import { rng } from './rng';
import { seedBenchEvent } from './seed-event';
import { quantile } from './stats';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 50;
const PLANNER_TARGET_MS = 100;

interface Stat {
  name: string;
  runs: number;
  median: number;
  p95: number;
  target: number;
}

function summarise(name: string, samples: number[], target: number): Stat {
  return { name, runs: samples.length, median: quantile(samples, 0.5), p95: quantile(samples, 0.95), target };
}

async function time(runs: number, warmup: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

function zeroSumBalances(n: number, random: () => number, magnitude: number): BalanceRow[] {
  const rows: BalanceRow[] = [];
  let sum = 0;
  for (let i = 1; i < n; i++) {
    const balance = Math.round((random() - 0.5) * 2 * magnitude);
    rows.push({ id: i, balance });
    sum += balance;
  }
  rows.push({ id: n, balance: -sum });
  return rows;
}

async function main(): Promise<void> {
  const stats: Stat[] = [];
  const notes: string[] = [];
  const random = rng(20260412);

  let t0 = performance.now();
  const database = await openDatabase({ kind: 'pglite' });
  notes.push(`migrate ${(performance.now() - t0).toFixed(0)} ms`);
  t0 = performance.now();
  const rateRows = await seedRatesIfEmpty(database.db);
  notes.push(`rates seed ${rateRows} rows in ${(performance.now() - t0).toFixed(0)} ms`);
  const db = database.db;

  const config = loadConfig({ NODE_ENV: 'production', RATES_REFRESH: 'off', WEB_DIST: './.tmp/no-web', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, sms: new LogSmsSender(() => undefined), logger: false });
  await app.ready();

  t0 = performance.now();
  const seeded = await seedBenchEvent(db, { operations: OPERATIONS, random });
  const event = { id: seeded.eventId };
  const token = seeded.ownerToken;
  notes.push(`${OPERATIONS} operations created through the service layer in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const headers = { authorization: `Bearer ${token}` };
  // Someone who authored nothing and has seen nothing: their unread count covers all 10,000.
  const otherHeaders = { authorization: `Bearer ${seeded.readerToken}` };
  const get = async (url: string, as = headers) => {
    const res = await app.inject({ method: 'GET', url, headers: as });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const warm = Math.min(20, RUNS);
  stats.push(summarise('GET /event/{id}/ (50 people, balances)', await time(RUNS, warm, () => get(`/app/api/v1/event/${event.id}/`)), TARGET_MS));
  stats.push(
    summarise('GET /event/{id}/ as a reader with 10k unread', await time(RUNS, warm, () => get(`/app/api/v1/event/${event.id}/`, otherHeaders)), TARGET_MS),
  );
  stats.push(summarise('GET /event/{id}/?currency=EUR', await time(RUNS, warm, () => get(`/app/api/v1/event/${event.id}/?currency=EUR`)), TARGET_MS));
  stats.push(summarise('GET /event/{id}/payout/ (12 families)', await time(RUNS, warm, () => get(`/app/api/v1/event/${event.id}/payout/`)), TARGET_MS));
  stats.push(summarise('GET /operation/?event= (page 1 of 20)', await time(RUNS, warm, () => get(`/app/api/v1/operation/?event=${event.id}`)), TARGET_MS));
  stats.push(summarise('GET /operation/?event=&page=400', await time(RUNS, warm, () => get(`/app/api/v1/operation/?event=${event.id}&page=400`)), TARGET_MS));
  stats.push(summarise('GET /event/ (list)', await time(RUNS, warm, () => get('/app/api/v1/event/')), TARGET_MS));
  stats.push(
    summarise(
      'GET /operation/expenses/ (all 10k)',
      await time(Math.max(5, Math.floor(RUNS / 20)), 2, () => get(`/app/api/v1/operation/expenses/?event=${event.id}&utc_offset=180`)),
      Infinity,
    ),
  );

  const exact = Array.from({ length: 30 }, () => zeroSumBalances(20, random, 1_000_000));
  // A hard shape for the exact search: many small balances with many zero-sum subgroups.
  exact.push(...Array.from({ length: 10 }, () => zeroSumBalances(20, random, 5)));
  let k = 0;
  stats.push(
    summarise('planSettlement, 20 families (exact)', await time(exact.length, 3, () => planSettlement(exact[k++ % exact.length]!)), PLANNER_TARGET_MS),
  );
  const big = Array.from({ length: 10 }, () => zeroSumBalances(1000, random, 1_000_000));
  k = 0;
  stats.push(summarise('planSettlement, 1000 families (greedy)', await time(big.length * 3, 2, () => planSettlement(big[k++ % big.length]!)), Infinity));

  await app.close();
  await database.close();

  const line = (s: Stat) =>
    `${s.name.padEnd(44)} ${String(s.runs).padStart(5)} ${s.median.toFixed(2).padStart(9)} ${s.p95.toFixed(2).padStart(9)}  ${Number.isFinite(s.target) ? (s.median < s.target ? `ok (< ${s.target})` : `OVER ${s.target}`) : ''}`;
  // Two shared cores: other work on the machine shows up in every figure, so say how busy it was.
  notes.push(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.cpus().length} cores`,
  );
  console.log(notes.map((n) => `# ${n}`).join('\n'));
  console.log(`${'measure'.padEnd(44)} ${'runs'.padStart(5)} ${'median ms'.padStart(9)} ${'p95 ms'.padStart(9)}`);
  for (const s of stats) console.log(line(s));
  const dir = path.resolve('bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, notes, stats }, null, 2));
  console.log(`# written to ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
