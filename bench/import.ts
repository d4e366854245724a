/**
 * `npm run bench:import` (and `bench:import:pg` on PostgreSQL): how long moving a 10,000-row
 * Splitwise group in takes, preview and import, through the service layer, and what it does to
 * someone else's read meanwhile: an unrelated person's contact list read in a loop, its p99 alone
 * and during the import side by side in the same run. Fails only on a wrong answer (an imported
 * balance that is not the file's, or not the preview's).
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { addContacts, listContacts } from '../server/modules/contacts/service';
import { seedRatesIfEmpty } from '../server/modules/currency/rates-seed';
import { importEvent, previewImport } from '../server/modules/transfer/import';

// A multiple of 20, so that the dollar rows (below) leave everyone square.
const ROWS = Math.ceil(Number(process.env.BENCH_IMPORT_ROWS ?? 10_000) / 20) * 20;
/** How long the unrelated read is timed alone before the import. */
const BASELINE_MS = 2_000;

/** Times `read` over and over, a few milliseconds apart, until `done` says stop. */
async function timedReads(read: () => Promise<unknown>, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) {
    const t0 = performance.now();
    await read();
    times.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dasha'];

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL }) : await openDatabase({ kind: 'pglite' });
  const db = database.db;
  await seedRatesIfEmpty(db);
  const suffix = String(Date.now()).slice(-5);
  const people = await db
    .insert(users)
    .values(NAMES.map((name, i) => ({ phone: `+7916${suffix}${String(i).padStart(2, '0')}`, passwordHash: 'bench', fullName: name, currency: 'EUR' })))
    .returning({ id: users.id, phone: users.phone });
  const me = people[0]!.id;
  await addContacts(db, me, { device: 'WEB', contacts: people.slice(1).map((p, i) => ({ name: NAMES[i + 1]!, phone: p.phone ?? '' })) }, new Date());
  // Each row: one of five paid 50.00, everyone's share 10.00. Every fourth row is in dollars, each
  // person paying as many of those as the others, so everyone is square in dollars: their balance
  // in the event is what the euro rows leave, to the cent, whatever the dollar's rate did.
  const expected = NAMES.map(() => 0);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const payer = i % NAMES.length;
    const currency = i % 4 === 0 ? 'USD' : 'EUR';
    if (currency === 'EUR') NAMES.forEach((_, j) => (expected[j]! += j === payer ? 4000 : -1000));
    const effects = NAMES.map((_, j) => (j === payer ? '40.00' : '-10.00'));
    return `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},Item ${i},General,50.00,${currency},${effects.join(',')}`;
  });
  const file = [`Date,Description,Category,Cost,Currency,${NAMES.join(',')}`, ...rows].join('\n');

  let t0 = performance.now();
  const preview = await previewImport(db, me, { file, currency: 'EUR' }, new Date());
  const previewMs = performance.now() - t0;
  // Someone else's read, alone and then while the import runs.
  const other = people[1]!.id;
  const read = () => listContacts(db, other);
  const baselineEnds = performance.now() + BASELINE_MS;
  const alone = await timedReads(read, () => performance.now() > baselineEnds);
  let importing = true;
  const during = timedReads(read, () => !importing);
  t0 = performance.now();
  const result = await importEvent(
    db,
    me,
    { file, event_name: 'Bench import', people: NAMES.map((name, i) => ({ name, uid: people[i]!.id })) },
    new Date(),
  ).finally(() => (importing = false));
  const importMs = performance.now() - t0;
  const meanwhile = await during;
  const balances = result.event.contacts.map((c) => Math.round(c.balance * 100));
  const previewed = preview.result?.balances.map((b) => Math.round(b * 100));
  const wrong =
    JSON.stringify(balances) !== JSON.stringify(expected) ||
    JSON.stringify(previewed) !== JSON.stringify(expected) ||
    preview.operations !== ROWS ||
    result.operations !== ROWS;
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${ROWS} rows, ${(file.length / 1e6).toFixed(2)} MB`);
  console.log(`preview ${previewMs.toFixed(0)} ms, import ${importMs.toFixed(0)} ms (${((ROWS / importMs) * 1000).toFixed(0)} rows/s)`);
  console.log(
    `an unrelated read (someone's contacts): alone p50 ${percentile(alone, 50).toFixed(1)} / p99 ${percentile(alone, 99).toFixed(1)} ms (${alone.length} reads); ` +
      `during the import p50 ${percentile(meanwhile, 50).toFixed(1)} / p99 ${percentile(meanwhile, 99).toFixed(1)} ms, max ${Math.max(...meanwhile).toFixed(1)} ms (${meanwhile.length} reads)`,
  );
  await database.close();
  if (wrong) {
    console.error(`wrong answer: balances ${JSON.stringify(balances)}, expected ${JSON.stringify(expected)}`);
    process.exit(1);
  }
}

void main();
