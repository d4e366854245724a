/**
 * `npm run bench:write` (`bench:write:pg`): where one even purchase's time goes, and so how many
 * writes a second the database alone would allow if nothing of ours cost anything (decision 0059).
 * An event of 50 people and BENCH_WRITE_OPERATIONS operations (10,000) is seeded through the
 * service layer; then BENCH_WRITE_RUNS even purchases (500, three rounds) are written one after
 * another through the service, as the API's route does.
 * - Embedded database: PGlite runs on this thread, so the time spent inside its engine (each call
 *   into its WebAssembly) is measured exactly, per statement, beside the write's whole time.
 * - PostgreSQL: the CPU time of the `postgres` processes of this machine (from /proc) per write, so
 *   only when the server runs here, as `npm run bench:write:pg`'s throwaway cluster does.
 * Prints figures only; fails only when a write fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { createOperation } from '../server/modules/operations/service';
import { rng } from './rng';
import { seedBenchEvent } from './seed-event';
import { freshTarget } from './stress/target';

const OPERATIONS = Number(process.env.BENCH_WRITE_OPERATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_WRITE_RUNS ?? 500);
const ROUNDS = 3;

/** Time inside PGlite's engine, per statement: its one synchronous call into WebAssembly per exchange. */
function watchEngine() {
  const names = new Map<string, string>();
  const spent = new Map<string, number>();
  const proto = PGlite.prototype as unknown as { execProtocolRawSync: (message: Uint8Array) => unknown };
  const call = proto.execProtocolRawSync;
  if (typeof call !== 'function') throw new Error("PGlite no longer has execProtocolRawSync: this bench needs another way into its engine's calls");
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    const started = performance.now();
    try {
      return call.call(this, message);
    } finally {
      const label = statementOf(message, names);
      spent.set(label, (spent.get(label) ?? 0) + performance.now() - started);
    }
  };
  return { spent, reset: () => spent.clear() };
}

/**
 * The statement an exchange runs, read from its protocol messages: a Parse names its text, a Bind
 * the prepared statement it runs (the embedded client names repeated ones, decision 0051), a Query
 * its text.
 */
function statementOf(message: Uint8Array, names: Map<string, string>): string {
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);
  const view = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  for (let at = 0; at + 5 <= view.length;) {
    const type = String.fromCharCode(view[at]!);
    const length = view.readInt32BE(at + 1);
    const [first, second] = view
      .subarray(at + 5, at + 1 + length)
      .toString('utf8')
      .split('\0');
    if (type === 'P') names.set(first!, short(second!));
    if (type === 'P' || type === 'Q') return short(type === 'P' ? second! : first!);
    if (type === 'B') return names.get(second!) ?? 'an unnamed statement';
    at += 1 + length;
  }
  return 'other exchanges';
}

/** CPU seconds used so far by this machine's processes named `postgres`. */
function postgresCpuSeconds(): number | null {
  try {
    const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while being read.
      }
    }
    return ticks / ticksPerSecond;
  } catch {
    return null;
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const perSecond = (msPerWrite: number) => Math.round(1000 / msPerWrite).toLocaleString('en');

const target = await freshTarget('write_anatomy');
const engine = target.kind === 'pglite' ? watchEngine() : null;
const database = await target.open();
try {
  const seeded = await seedBenchEvent(database.db, { operations: OPERATIONS, random: rng(20261202) });
  const owner = seeded.uids[0]!;
  let n = 0;
  const write = () =>
    createOperation(database.db, owner, {
      event_id: seeded.eventId,
      details: { kind: 'even_purchase', amount: 1 + (n % 999), description: 'bench' },
      participants: [{ uid: owner }, { uid: seeded.uids[1 + (n++ % 49)]! }],
    } as Parameters<typeof createOperation>[2]);
  for (let i = 0; i < 100; i++) await write();
  console.log(
    `# one even purchase at a time into an event of 50 people and ${OPERATIONS.toLocaleString('en')} operations (${target.kind}, ${os.availableParallelism()} cores)`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    engine?.reset();
    const cpuBefore = postgresCpuSeconds();
    const started = performance.now();
    for (let i = 0; i < RUNS; i++) await write();
    const perWrite = (performance.now() - started) / RUNS;
    if (engine) {
      const inEngine = [...engine.spent.values()].reduce((a, b) => a + b, 0) / RUNS;
      console.log(
        `round ${round}: ${ms(perWrite)} a write, ${ms(inEngine)} of it inside PGlite's engine (${Math.round((100 * inEngine) / perWrite)}%), ${ms(perWrite - inEngine)} elsewhere; ` +
          `the engine's time alone allows ${perSecond(inEngine)} writes/s on its one thread`,
      );
      if (round === ROUNDS)
        for (const [label, spent] of [...engine.spent].sort((a, b) => b[1] - a[1])) console.log(`  ${ms(spent / RUNS).padStart(8)}  ${label}`);
    } else {
      const cpuAfter = postgresCpuSeconds();
      const inServer = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / RUNS;
      console.log(
        `round ${round}: ${ms(perWrite)} a write` +
          (inServer === null
            ? " (PostgreSQL's CPU not readable here)"
            : `, ${ms(inServer)} of CPU in this machine's postgres processes; their CPU alone allows ${perSecond(inServer / os.availableParallelism())} writes/s on all ${os.availableParallelism()} cores`),
      );
    }
  }
} finally {
  await database.close();
  await target.dispose();
}
