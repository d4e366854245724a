/**
 * A server for the transactions performance check: a fresh embedded database with one event of
 * four people in two families holding PERF_OPERATIONS (10,000) operations of every kind over a
 * year, made through the service layer (the HTTP API records about 26 a second here, so 10,000
 * would take six minutes; this takes about one). Then it serves the built app like the
 * end-to-end server and writes the sign-in token and the event id to PERF_INFO.
 *
 *   PORT=8484 PERF_INFO=.tmp/perf/info.json node --import tsx e2e/support/perf-server.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { LogSmsSender } from '../../server/lib/sms';
import { addContacts } from '../../server/modules/contacts/service';
import { seedRatesIfEmpty } from '../../server/modules/currency/rates-seed';
import { createEvent, updateEvent } from '../../server/modules/events/service';
import { createOperation } from '../../server/modules/operations/service';
import { createSession } from '../../server/modules/sessions/service';

const OPERATIONS = Number(process.env.PERF_OPERATIONS ?? 10_000);
const INFO = path.resolve(process.env.PERF_INFO ?? '.tmp/perf/info.json');

/** Deterministic, so every run measures the same history. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-perf-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', RATES_REFRESH: 'off', DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await seedRatesIfEmpty(database.db);
  const db = database.db;
  const t0 = performance.now();

  const people = await db
    .insert(users)
    .values(
      ['Anna Smirnova', 'Boris Ivanov', 'Вера Петрова', 'Gleb Orlov'].map((fullName, i) => ({
        phone: `+7916${String(7_000_000 + i).padStart(7, '0')}`,
        passwordHash: 'perf',
        fullName,
        currency: 'RUB',
      })),
    )
    .returning({ id: users.id, phone: users.phone });
  const [anna, boris, vera, gleb] = people.map((p) => p.id) as [number, number, number, number];
  await addContacts(
    db,
    anna,
    { device: 'WEB', contacts: people.slice(1).map((p, i) => ({ name: ['Boris Ivanov', 'Вера Петрова', 'Gleb Orlov'][i]!, phone: p.phone ?? '' })) },
    new Date(),
  );
  const event = await createEvent(db, anna, { event_name: 'A year at the dacha', contacts: [boris, vera, gleb], eventCurrency: 'RUB' });
  await updateEvent(db, anna, event.id, {
    data: {
      families: [
        [anna, boris],
        [vera, gleb],
      ],
    },
  });

  const random = rng(20261121);
  const everyone = [anna, boris, vera, gleb];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const start = Date.UTC(2025, 10, 21);
  const words = ['Groceries', 'Firewood', 'Taxi', 'Dinner', 'Tickets', 'Fuel', 'Coffee', 'Market', 'Boat', 'Museum'];
  for (let i = 0; i < OPERATIONS; i++) {
    // Most by Anna, some by Boris, so the reader has unread operations to mark seen.
    const author = random() < 0.8 ? anna : boris;
    const others = everyone.filter((u) => u !== author);
    const date = new Date(start + Math.floor((i / OPERATIONS) * 365 * 86_400_000) + Math.floor(random() * 3_600_000)).toISOString();
    const amount = Math.floor(100 + random() * 900_000) / 100;
    const r = random();
    let body: Record<string, unknown>;
    if (r < 0.4) body = { details: { kind: 'even_purchase', amount, description: pick(words) }, participants: everyone.map((uid) => ({ uid })) };
    else if (r < 0.55)
      body = {
        details: { kind: 'split_purchase', amount, description: pick(words), payer: pick(everyone) },
        participants: [{ uid: author, amount: 1 }, ...others.map((uid) => ({ uid }))],
      };
    else if (r < 0.65) body = { details: { kind: 'i_purchased_them', amount, description: pick(words) }, participants: others.map((uid) => ({ uid })) };
    else if (r < 0.72) body = { details: { kind: 'i_lent_them', amount, description: '' }, participants: [{ uid: pick(others) }] };
    else if (r < 0.78) body = { details: { kind: 'they_lent_me', amount, description: '', payer: pick(others) }, participants: [] };
    else if (r < 0.84)
      body = { details: { kind: 'deposit', amount, description: 'Refund', payer: pick(everyone) }, participants: everyone.map((uid) => ({ uid })) };
    else if (r < 0.92) body = { details: { kind: 'payback', amount, description: '', payer: author }, participants: [{ uid: pick(others) }] };
    else body = { details: { kind: 'comment', text: `Note ${i}`, description: '' }, participants: [] };
    (body.details as Record<string, unknown>).date = date;
    // Every tenth in euros: those carry two amounts in the feed.
    if (i % 10 === 0 && (body.details as { kind: string }).kind !== 'comment') (body.details as Record<string, unknown>).currency = 'EUR';
    await createOperation(db, author, { event_id: event.id, ...body } as never);
  }
  const seconds = (performance.now() - t0) / 1000;

  const app = await buildApp({ config, database, sms: new LogSmsSender(() => undefined), logger: { level: config.LOG_LEVEL } });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  const token = await createSession(db, anna, true);
  fs.mkdirSync(path.dirname(INFO), { recursive: true });
  fs.writeFileSync(
    INFO,
    JSON.stringify({ url: `http://localhost:${config.PORT}`, token, eventId: event.id, operations: OPERATIONS, seedSeconds: seconds }, null, 2),
  );
  console.log(`perf server: ${OPERATIONS} operations seeded in ${seconds.toFixed(1)} s; http://localhost:${config.PORT}/events/${event.id}/transactions`);

  const stop = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
