/**
 * WORKERS=2 on PostgreSQL (server/cluster.ts): the real server as npm start runs it, two API
 * processes on one port. Both serve; nothing one process keeps is needed by the other, so an
 * idempotency key and a rate limit hold across them; a process that dies is replaced; SIGTERM
 * stops them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../../bench/rng';
import { seedBenchEvent, type BenchEvent } from '../../bench/seed-event';
import { freePort } from '../../bench/stress/server';
import { createSession } from '../../server/modules/sessions/service';
import { hashPassword } from '../../server/lib/passwords';
import { openTestDatabase } from './harness';
import { rowsOf } from '../../server/db/rows';

/** One request on its own connection, so the cluster hands each to whichever process is next. */
async function call(origin: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${path}`, {
    method,
    signal: AbortSignal.timeout(10_000),
    headers: { connection: 'close', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.runIf(!!process.env.DATABASE_URL)('several API processes on one PostgreSQL (WORKERS=2)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: ChildProcess;
  let origin: string;
  let seeded: BenchEvent;
  const lines: Record<string, unknown>[] = [];
  const workerPids = () => new Set(lines.filter((l) => l.url === '/app/api/v1/health/').map((l) => l.pid));

  beforeAll(async () => {
    database = await openTestDatabase();
    seeded = await seedBenchEvent(database.db, { operations: 5, random: rng(5), phonePrefix: '+7918' });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        RATES_REFRESH: 'off',
        WEB_DIST: './.tmp/no-web',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as Record<string, unknown>);
    });
    // Serving once a request gets through to each of the two processes.
    const deadline = Date.now() + 90_000;
    while (workerPids().size < 2) {
      if (Date.now() > deadline) throw new Error('two API processes did not both answer within 90 s');
      await call(origin, 'GET', '/app/api/v1/health/').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
    }
    await database.close();
    await database.drop?.();
  });

  it('answer one idempotency key sent to both at once with one operation', async () => {
    const key = randomUUID();
    const body = {
      event_id: seeded.eventId,
      details: { kind: 'even_purchase', amount: 120, description: 'twice' },
      participants: [{ uid: seeded.uids[0] }, { uid: seeded.uids[1] }],
    };
    const headers = { authorization: `Bearer ${seeded.ownerToken}`, 'idempotency-key': key };
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(origin, 'POST', '/app/api/v1/operation/', body, headers)));
    expect(
      answers.every((a) => a.status === 201 || a.status === 200),
      JSON.stringify(answers.map((a) => a.status)),
    ).toBe(true);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    // Both processes took some of them (the log line is written when the answer has gone).
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(lines.filter((l) => l.method === 'POST' && l.url === '/app/api/v1/operation/').map((l) => l.pid)).size).toBe(2);
    const [stored] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from operations where idempotency_key = ${key}`));
    expect(stored!.n).toBe(1);
  });

  it('answer every read that follows a write with the write in it, whichever process kept the read before', async () => {
    const headers = { authorization: `Bearer ${seeded.ownerToken}` };
    const page = `/app/api/v1/operation/?event=${seeded.eventId}`;
    const idsOn = async () => {
      const answer = await call(origin, 'GET', page, undefined, headers);
      expect(answer.status).toBe(200);
      return (answer.body.objects as { id: number }[]).map((o) => o.id);
    };
    for (let round = 0; round < 6; round += 1) {
      // Read on both processes, twice, so each keeps the answer before the write.
      const before = await idsOn();
      for (let i = 0; i < 3; i += 1) expect(await idsOn()).toEqual(before);
      const body = {
        event_id: seeded.eventId,
        details: { kind: 'even_purchase', amount: 300 + round, description: `round ${round}` },
        participants: [{ uid: seeded.uids[0] }, { uid: seeded.uids[1] }],
      };
      const written = await call(origin, 'POST', '/app/api/v1/operation/', body, { ...headers, 'idempotency-key': randomUUID() });
      expect(written.status).toBe(201);
      for (let i = 0; i < 4; i += 1) expect(await idsOn()).toContain(written.body.id);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(lines.filter((l) => l.url === page).map((l) => l.pid)).size).toBe(2);
  });

  it('refuse a session on both once it is signed out through either, though each kept it', async () => {
    const token = await createSession(database.db, seeded.uids[2]!, false);
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 4; i += 1) expect((await call(origin, 'GET', '/app/api/v1/user/me/', undefined, headers)).status).toBe(200);
    expect((await call(origin, 'POST', '/app/api/v1/account/logout/', undefined, headers)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await call(origin, 'GET', '/app/api/v1/user/me/', undefined, headers)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(lines.filter((l) => l.url === '/app/api/v1/user/me/').map((l) => l.pid)).size).toBe(2);
  });

  it('keep refusing on both a session ended by a password change through either, though each kept it across other writes', async () => {
    const changer = await createSession(database.db, seeded.uids[3]!, false);
    const other = await createSession(database.db, seeded.uids[3]!, false);
    const headers = { authorization: `Bearer ${other}` };
    await database.db.execute(sql`update users set password_hash = ${await hashPassword('old-password')} where id = ${seeded.uids[3]!}`);
    for (let i = 0; i < 4; i += 1) expect((await call(origin, 'GET', '/app/api/v1/user/me/', undefined, headers)).status).toBe(200);
    // Writes that end no session leave it kept on both.
    const body = {
      event_id: seeded.eventId,
      details: { kind: 'even_purchase', amount: 77, description: 'between' },
      participants: [{ uid: seeded.uids[0] }, { uid: seeded.uids[1] }],
    };
    expect(
      (await call(origin, 'POST', '/app/api/v1/operation/', body, { authorization: `Bearer ${seeded.ownerToken}`, 'idempotency-key': randomUUID() })).status,
    ).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await call(origin, 'GET', '/app/api/v1/user/me/', undefined, headers)).status).toBe(200);
    const changed = await call(
      origin,
      'POST',
      '/app/api/v2/user/password/',
      { old_password: 'old-password', password: 'new-password' },
      { authorization: `Bearer ${changer}` },
    );
    expect(changed.status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await call(origin, 'GET', '/app/api/v1/user/me/', undefined, headers)).status).toBe(401);
    expect((await call(origin, 'GET', '/app/api/v1/user/me/', undefined, { authorization: `Bearer ${changer}` })).status).toBe(200);
  });

  it('count a rate limit once across both: five codes an hour for a phone, however the requests are spread', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(origin, 'POST', '/app/api/v2/auth/code/?for=signup', { phone: '+79185550077' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(lines.filter((l) => l.url === '/app/api/v2/auth/code/?for=signup').map((l) => l.pid)).size).toBe(2);
  });

  it('replace a process that dies, and all stop on SIGTERM', async () => {
    const [victim] = [...workerPids()] as number[];
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    // The two first processes and the one that replaced the victim have each answered.
    while (workerPids().size < 3) {
      if (Date.now() > deadline) throw new Error(`no new API process answered within 90 s; answered: ${[...workerPids()].join(', ')}`);
      await call(origin, 'GET', '/app/api/v1/health/').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
