/**
 * `npm run stress [load|race|crash ...]`: the long reliability checks of the real server on
 * loopback. With DATABASE_URL each scenario runs in a fresh database created on that server
 * (`npm run stress:pg` starts a throwaway PostgreSQL for it). Prints the figures, writes them to
 * bench/results/, and exits 1 when any scenario found a problem.
 * On PostgreSQL the load runs once per API process count in STRESS_WORKERS (1,2 there; 1 on the
 * embedded database, which one process owns) and prints how throughput changes. With
 * STRESS_PGBOUNCER=N it runs each of those loads twice, side by side: the processes connected
 * straight to PostgreSQL, then through pgbouncer sharing N server connections among them.
 *   STRESS_SECONDS (60)  STRESS_CONNECTIONS (10)  STRESS_ROUNDS (25)  STRESS_CYCLES (3)  STRESS_WORKERS
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runConcurrency } from './concurrency';
import { runCrash } from './crash';
import { runLoad } from './load';
import { pgbouncerInstalled } from './pgbouncer';

const SCENARIOS = ['load', 'race', 'crash'] as const;
type Scenario = (typeof SCENARIOS)[number];

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

function pgbouncerPools(): number[] {
  const asked = process.env.STRESS_PGBOUNCER;
  if (!asked) return [];
  if (!process.env.DATABASE_URL) throw new Error('STRESS_PGBOUNCER needs PostgreSQL: run it with npm run stress:pg');
  if (!pgbouncerInstalled()) throw new Error('STRESS_PGBOUNCER needs pgbouncer: apt-get install -y pgbouncer');
  return [Number(asked)];
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((a) => !(SCENARIOS as readonly string[]).includes(a));
  if (unknown.length) {
    console.error(`unknown scenario ${unknown.join(', ')}; choose from ${SCENARIOS.join(', ')}`);
    process.exit(2);
  }
  const chosen: Scenario[] = asked.length ? (asked as Scenario[]) : [...SCENARIOS];
  const results: Record<string, unknown> = {};
  const failed: string[] = [];
  const report = (name: string, result: { problems: string[] }) => {
    results[name] = result;
    console.log(`\n## ${name}\n${JSON.stringify({ ...result, problems: undefined }, null, 2)}`);
    if (result.problems.length) {
      failed.push(name);
      for (const p of result.problems) console.log(`PROBLEM: ${p}`);
    } else console.log('ok: no problem found');
  };

  for (const scenario of chosen) {
    if (scenario === 'load') {
      const counts = (process.env.STRESS_WORKERS ?? (process.env.DATABASE_URL ? '1,2' : '1')).split(',').map(Number);
      const pools = [undefined, ...pgbouncerPools()];
      const rates: string[] = [];
      for (const workers of counts) {
        for (const pgbouncerPool of pools) {
          const result = await runLoad({ seconds: env('STRESS_SECONDS', 60), connections: env('STRESS_CONNECTIONS', 10), workers, pgbouncerPool });
          const via = pgbouncerPool ? `, through pgbouncer (${pgbouncerPool} server connections)` : '';
          report(`${workers === 1 ? 'load' : `load, ${workers} API processes`}${via}`, result);
          rates.push(`${workers} process${workers === 1 ? '' : 'es'}${via}: ${result.requestsPerSecond} req/s, p50 ${Math.round(result.latencyMs.p50)} ms`);
        }
      }
      if (rates.length > 1) console.log(`\n# load throughput by API processes:\n${rates.map((r) => `#   ${r}`).join('\n')}`);
    }
    if (scenario === 'race') report('race', await runConcurrency({ clients: 20, rounds: env('STRESS_ROUNDS', 25) }));
    if (scenario === 'crash') report('crash', await runCrash({ cycles: env('STRESS_CYCLES', 3), clients: 20 }));
  }

  // Two shared cores: other work on the machine shows in every figure, so say how busy it was.
  const machine = `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;
  console.log(`\n# ${machine}`);
  const dir = path.resolve('bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `stress-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, machine, results }, null, 2));
  console.log(`# written to ${path.relative(process.cwd(), file)}`);
  if (failed.length) {
    console.error(`stress found problems in: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
