/**
 * `node --import tsx bench/people.ts`: the People page's latencies on the embedded database
 * (issue 6). One person with 50 people: a 50-person event, five 10-person events (two in EUR)
 * and 20 dialogues, about 4,400 operations in all (BENCH_PEOPLE_OPERATIONS scales them), built
 * through the service layer; then GET /event/people/ (converted or not) and one person's page are
 * measured through `app.inject`, and how many stored pair debts the balance computation sums is printed.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { LogSmsSender } from '../server/lib/sms';
import { addContacts } from '../server/modules/contacts/service';
import { seedRatesIfEmpty } from '../server/modules/currency/rates-seed';
import { createEvent, getOrCreateDialogue } from '../server/modules/events/service';
import { createOperation } from '../server/modules/operations/service';
import { netBalances } from '../server/modules/people/balances';
import { createSession } from '../server/modules/sessions/service';
import { pick as pickFrom, rng } from './rng';
import { quantile } from './stats';

const PEOPLE = 50;
const SCALE = Number(process.env.BENCH_PEOPLE_OPERATIONS ?? 4400) / 4400;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_MS = 50;

interface Timing {
  median: number;
  p95: number;
  /** CPU time of this process per run (the embedded database runs in it): what the machine's load does not inflate. */
  cpu: number;
}

async function time(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuStart);
  return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95), cpu: (cpu.user + cpu.system) / 1000 / runs };
}

async function main(): Promise<void> {
  const random = rng(20260606);
  const pick = <T>(list: readonly T[]): T => pickFrom(list, random);
  const database = await openDatabase({ kind: 'pglite' });
  await seedRatesIfEmpty(database.db);
  const db = database.db;
  const config = loadConfig({ NODE_ENV: 'production', RATES_REFRESH: 'off', WEB_DIST: './.tmp/no-web', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, sms: new LogSmsSender(() => undefined), logger: false });
  await app.ready();

  const people = await db
    .insert(users)
    .values(
      Array.from({ length: PEOPLE + 1 }, (_, i) => ({
        phone: `+7916${String(6_000_000 + i).padStart(7, '0')}`,
        passwordHash: 'bench',
        fullName: `Person ${i}`,
        currency: 'RUB',
      })),
    )
    .returning({ id: users.id, phone: users.phone });
  const me = people[0]!;
  const others = people.slice(1).map((p) => p.id);
  await addContacts(db, me.id, { device: 'WEB', contacts: people.slice(1).map((p, i) => ({ name: `Friend ${i}`, phone: p.phone ?? '' })) }, new Date());

  const t0 = performance.now();
  let created = 0;
  async function fill(eventId: number, members: readonly number[], count: number): Promise<void> {
    for (let i = 0; i < Math.round(count * SCALE); i++) {
      const payer = pick(members);
      const among = [...new Set([payer, ...Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(members))])];
      const kind = among.length > 1 && random() < 0.8 ? 'even_purchase' : 'i_lent_them';
      const participants = kind === 'i_lent_them' ? [{ uid: pick(members.filter((m) => m !== payer)) }] : among.map((uid) => ({ uid }));
      await createOperation(db, payer, {
        event_id: eventId,
        details: { kind, amount: Math.floor(100 + random() * 100_000) / 100, description: '', payer: kind === 'even_purchase' ? payer : undefined },
        participants,
      } as never);
      created += 1;
    }
  }
  const big = await createEvent(db, me.id, { event_name: 'Big', contacts: others, eventCurrency: 'RUB' });
  await fill(big.id, [me.id, ...others], 3000);
  for (let e = 0; e < 5; e++) {
    const members = others.slice(e * 10, e * 10 + 10);
    const ev = await createEvent(db, me.id, { event_name: `Trip ${e}`, contacts: members, eventCurrency: e < 2 ? 'EUR' : 'RUB' });
    await fill(ev.id, [me.id, ...members], 200);
  }
  for (const uid of others.slice(0, 20)) {
    const dialogue = await getOrCreateDialogue(db, me.id, uid);
    await fill(dialogue.id, [me.id, uid], 20);
  }
  const built = `${created} operations built in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  // A server that has been running has planner statistics (autovacuum); a database filled a moment ago has none.
  await db.execute(sql`analyze`);

  const headers = { authorization: `Bearer ${await createSession(db, me.id, true)}` };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const read = (await netBalances(db, me.id)).rows;
  const rows: [string, Timing][] = [
    ['GET /event/people/', await time(RUNS, 10, () => get('/app/api/v1/event/people/'))],
    ['GET /event/people/?currency=EUR', await time(RUNS, 10, () => get('/app/api/v1/event/people/?currency=EUR'))],
    ['GET /event/people/?page=3', await time(RUNS, 10, () => get('/app/api/v1/event/people/?page=3'))],
    [`GET /event/people/{uid}/ (dialogue + 2 events)`, await time(RUNS, 10, () => get(`/app/api/v1/event/people/${others[0]}/`))],
    ['netBalances alone', await time(RUNS, 10, () => netBalances(db, me.id))],
  ];
  await app.close();
  await database.close();
  console.log(`# ${built}; the balance computation sums ${read} stored pair debts (those of the viewer)`);
  console.log(
    `# load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.cpus().length} cores`,
  );
  for (const [name, s] of rows) {
    console.log(
      `${name.padEnd(48)} median ${s.median.toFixed(1).padStart(6)} ms  p95 ${s.p95.toFixed(1).padStart(6)} ms  cpu ${s.cpu.toFixed(1).padStart(6)} ms  ${s.median < TARGET_MS ? 'ok' : 'OVER'} (${TARGET_MS})`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
