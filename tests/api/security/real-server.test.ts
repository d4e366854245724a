/**
 * The accounts rules re-checked against the real server: its own process started the way
 * `npm start` runs it, spoken to over loopback HTTP, with SMS codes read from its log. Inject
 * skips the socket, the proxy/address handling and main.ts's configuration and shutdown; this
 * file does not.
 *
 * The server gets a database of its own from freshTarget: a temporary embedded data directory,
 * or under `npm run test:pg` a database created on that PostgreSQL server and dropped afterwards,
 * so rate-limit counters and accounts never mix with the other test files'.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../bench/stress/server';
import { ERROR_MESSAGES, type ErrorCode } from '../../../common/errors';
import { FIRST_PAINT_SCRIPT } from '../../../common/first-paint';
import { startRealServer, type RealServer } from './real-server-support';

/** Low enough that the address limit is reached within this file, above what the other tests spend first. */
const PER_ADDRESS = 10;
// Short enough to wait out in a test, long enough that a loaded machine submits the code in time.
const CODE_TTL_SECONDS = 5;
/**
 * The limits count in fixed windows of the real clock (an hour for code requests, a quarter of an
 * hour for logins; every hour's turn is a quarter's), and the counting tests below add up across
 * a window: begun this close to a window's turn, they wait for the turn first. Far more than a
 * loaded machine needs to get from the first counted request to the last.
 */
const WINDOW_TURN_MARGIN_MS = 120_000;
const QUARTER_HOUR_MS = 15 * 60_000;

/** Resolves once the next window turn is at least WINDOW_TURN_MARGIN_MS away. */
async function clearOfWindowTurn(): Promise<void> {
  const untilTurn = QUARTER_HOUR_MS - (Date.now() % QUARTER_HOUR_MS);
  if (untilTurn < WINDOW_TURN_MARGIN_MS) await new Promise((r) => setTimeout(r, untilTurn + 1_000));
}

let real: RealServer;
let server: RunningServer;

beforeAll(async () => {
  real = await startRealServer('realserver', {
    // SMS codes are logged at info; the stress defaults keep only warnings.
    LOG_LEVEL: 'info',
    CODE_REQUESTS_PER_ADDRESS: String(PER_ADDRESS),
    CODE_TTL_SECONDS: String(CODE_TTL_SECONDS),
  });
  server = real.server;
  await clearOfWindowTurn();
}, 120_000 + WINDOW_TURN_MARGIN_MS);

afterAll(async () => {
  try {
    if (server) {
      await server.stop();
      // main.ts closes the app and the database, then exits 0; anything else is an unclean stop.
      expect(server.process.exitCode).toBe(0);
    }
  } finally {
    await real?.dispose();
  }
}, 60_000);

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/app/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, headers: res.headers };
}

/** A refusal is always JSON { error, code } with the documented English message. */
function expectRefusal(answer: Answer, status: number, code: ErrorCode): void {
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body.error).toBe(ERROR_MESSAGES[code]);
}

/** Requests a code and reads it from the part of the log written after the request was made. */
async function requestCode(phone: string, purpose: 'signup' | 'restore' = 'signup'): Promise<string> {
  const from = fs.statSync(server.logFile).size;
  const answer = await call('POST', `/v2/auth/code/?for=${purpose}`, { phone });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ phone, expires_in: CODE_TTL_SECONDS });
  const pattern = new RegExp(`SMS to \\${phone}: [^"\\n]*?(\\d{6})`);
  const deadline = Date.now() + 5_000;
  for (;;) {
    const fd = fs.openSync(server.logFile, 'r');
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(size - from);
    fs.readSync(fd, buffer, 0, buffer.length, from);
    fs.closeSync(fd);
    const match = pattern.exec(buffer.toString('utf8'));
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`no SMS for ${phone} in ${server.logFile}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const login = (phone: string, password: string) => call('POST', '/v2/auth/login/', { phone, password });
const me = (token: string) => call('GET', '/v1/user/me/', undefined, token);

/** A code different from the right one, of the right shape. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const ANNA = '+79160000001';
const ANNA_PASSWORD = 'first-secret';
const ANNA_NEW_PASSWORD = 'second-secret';

// In order: code requests from this one address add up towards PER_ADDRESS across the tests.
describe.sequential('accounts on a real server over HTTP', () => {
  it('signs up by SMS code after refusing a wrong code, refuses a short password, then logs in', async () => {
    // Only what must come before the right code does: the code lives CODE_TTL_SECONDS.
    const code = await requestCode(ANNA); // address request 1
    expectRefusal(await call('POST', '/v2/auth/password/?for=signup', { phone: ANNA, code: otherCode(code), password: ANNA_PASSWORD }), 400, 'code_invalid');
    const signedUp = await call('POST', '/v2/auth/password/?for=signup', { phone: ANNA, code, password: ANNA_PASSWORD });
    expect(signedUp.status).toBe(200);
    expect(typeof signedUp.body.token).toBe('string');
    expect((await me(signedUp.body.token as string)).status).toBe(200);
    // The length is checked before anything else, so this refusal says nothing about the code.
    const phone = '+79160000008';
    expectRefusal(await call('POST', '/v2/auth/password/?for=signup', { phone, code, password: 'abcd' }), 400, 'password_too_short');

    const loggedIn = await login(ANNA, ANNA_PASSWORD);
    expect(loggedIn.status).toBe(200);
    const profile = await me(loggedIn.body.token as string);
    expect(profile.status).toBe(200);
    expect(profile.body.phone).toBe(ANNA);
    expectRefusal(await login(ANNA, 'not-the-password'), 401, 'login_failed');
  });

  it('refuses a code once its time is up', async () => {
    const phone = '+79160000002';
    const code = await requestCode(phone); // address request 2
    await new Promise((r) => setTimeout(r, CODE_TTL_SECONDS * 1000 + 500));
    expectRefusal(await call('POST', '/v2/auth/password/?for=signup', { phone, code, password: ANNA_PASSWORD }), 400, 'code_invalid');
    expectRefusal(await login(phone, ANNA_PASSWORD), 401, 'login_failed');
  });

  it('limits code requests for one phone from one address to 5 an hour', async () => {
    const phone = '+79160000003';
    for (let i = 0; i < 5; i++) expect((await call('POST', '/v2/auth/code/', { phone })).status).toBe(200); // requests 3–7
    // Request 8 from the address is under PER_ADDRESS, so it is the limit per phone and address that refuses it.
    expectRefusal(await call('POST', '/v2/auth/code/', { phone }), 429, 'too_many_code_requests');
  });

  it('limits code requests per client address to CODE_REQUESTS_PER_ADDRESS', async () => {
    // Requests 9 and 10 are each a new phone's first, so only the address can refuse the 11th.
    expect((await call('POST', '/v2/auth/code/', { phone: '+79160000004' })).status).toBe(200);
    expect((await call('POST', '/v2/auth/code/', { phone: '+79160000005' })).status).toBe(200);
    expectRefusal(await call('POST', '/v2/auth/code/', { phone: '+79160000006' }), 429, 'too_many_code_requests_here');
    // Refused before anything else: even a phone with an account gets 429, not 409.
    expectRefusal(await call('POST', '/v2/auth/code/', { phone: ANNA }), 429, 'too_many_code_requests_here');
  });

  it('refuses an address after 10 failed logins for one phone, even for the right password', async () => {
    const phone = '+79160000007';
    for (let i = 0; i < 10; i++) expectRefusal(await login(phone, `wrong-${i}`), 401, 'login_failed');
    expectRefusal(await login(phone, 'wrong-10'), 429, 'too_many_login_attempts');
    // Another phone from the same address is not locked (the address allows 50).
    expect((await login(ANNA, ANNA_PASSWORD)).status).toBe(200);
  });

  it('ends a session at logout; other sessions go on', async () => {
    const first = (await login(ANNA, ANNA_PASSWORD)).body.token as string;
    const second = (await login(ANNA, ANNA_PASSWORD)).body.token as string;
    const out = await call('POST', '/v1/account/logout/', undefined, first);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expectRefusal(await me(first), 401, 'unauthorized');
    expectRefusal(await call('POST', '/v1/account/logout/', undefined, first), 401, 'unauthorized');
    expect((await me(second)).status).toBe(200);
  });

  it('changes the password only with the right old one and a long enough new one, ending the other sessions', async () => {
    const caller = (await login(ANNA, ANNA_PASSWORD)).body.token as string;
    const other = (await login(ANNA, ANNA_PASSWORD)).body.token as string;
    const change = (body: unknown) => call('POST', '/v2/user/password/', body, caller);

    expectRefusal(await change({ old_password: 'not-the-password', password: ANNA_NEW_PASSWORD }), 400, 'old_password_incorrect');
    expectRefusal(await change({ old_password: ANNA_PASSWORD, password: 'abcd' }), 400, 'password_too_short');
    // Neither refusal changed anything.
    expect((await me(other)).status).toBe(200);
    expect((await login(ANNA, ANNA_PASSWORD)).status).toBe(200);

    const changed = await change({ old_password: ANNA_PASSWORD, password: ANNA_NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ok: true });
    expect((await me(caller)).status).toBe(200);
    expectRefusal(await me(other), 401, 'unauthorized');
    expectRefusal(await login(ANNA, ANNA_PASSWORD), 401, 'login_failed');
    expect((await login(ANNA, ANNA_NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses without a token, and with a made-up one, as JSON', async () => {
    expectRefusal(await me(''), 401, 'unauthorized');
    expectRefusal(await me('a'.repeat(43)), 401, 'unauthorized');
  });

  it('sends the security headers on a real response, and no HSTS over plain http', async () => {
    const res = await fetch(`${server.url}/app/api/v1/health/`);
    expect(res.status).toBe(200);
    const csp = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    // Scripts from here, and inline only the first paint's, named by its hash.
    const firstPaint = createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${firstPaint}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
