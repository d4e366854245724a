import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeResponse, tokenResponse } from '../../../common/contract/auth';
import { userSchema } from '../../../common/contract/user';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema';
import { createSession, hashToken, SESSION_TTL_MS } from '../sessions/service';
import { createCustomTestApp, type TestClock } from '../../../tests/api/custom-app';
import { lastCode } from '../../../tests/api/factories';
import { call, type TestApp } from '../../../tests/api/harness';

const MINUTE = 60_000;
let t: TestApp & { clock: TestClock };
const logLines: string[] = [];

beforeAll(async () => {
  t = await createCustomTestApp({ log: (line) => logLines.push(line) });
});
afterAll(async () => {
  await t.close();
});

let phones = 0;
const newPhone = () => `+7916${String(++phones).padStart(7, '0')}`;
let addresses = 0;
/** Every request from its own address unless a test says otherwise, so the per-address limits stay out of the way. */
const newAddress = () => `10.1.${(++addresses >> 8) & 255}.${addresses & 255}`;

async function post(url: string, body: unknown, address = newAddress()) {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: address });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
const requestCode = (phone: string, purpose = 'signup', address?: string) => post(`/app/api/v2/auth/code/?for=${purpose}`, { phone }, address);
const setPassword = (phone: string, code: string, password: string, purpose = 'signup') =>
  post(`/app/api/v2/auth/password/?for=${purpose}`, { phone, code, password });
const login = (phone: string, password: string, remember = false, address?: string) => post('/app/api/v2/auth/login/', { phone, password, remember }, address);
const me = (token: string) => call(t.app, 'GET', '/app/api/v1/user/me/', { token });

/** A registered account made through the API. */
async function registered(password = 'first-password'): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  expect((await requestCode(phone)).status).toBe(200);
  const res = await setPassword(phone, lastCode(t, phone), password);
  expect(res.status).toBe(200);
  return { phone, token: res.body.token };
}

/** A code for a phone, sent now. */
async function freshCode(phone: string, purpose = 'signup'): Promise<string> {
  const res = await requestCode(phone, purpose);
  expect(res.status).toBe(200);
  return lastCode(t, phone);
}

async function countUsers(phone: string): Promise<number> {
  return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).length;
}

describe('sign-up', () => {
  it('sends a 6-digit code by SMS, writes it to the server log, and answers the E.164 phone', async () => {
    const res = await requestCode('8 (916) 555-01-01');
    expect(res.status).toBe(200);
    expect(codeResponse.parse(res.body)).toEqual({ phone: '+79165550101', expires_in: 600 });
    const sms = t.sms.lastTo('+79165550101');
    expect(sms?.text).toMatch(/\b\d{6}\b/);
    const code = lastCode(t, '+79165550101');
    expect(logLines.filter((line) => line.includes('+79165550101') && line.includes(code))).toHaveLength(1);
  });

  it('creates the account with phone, code and password; the client then logs in with remember', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    const set = await setPassword(phone, code, 'hunter22');
    expect(set.status).toBe(200);
    const { token } = tokenResponse.parse(set.body);
    const profile = userSchema.parse((await me(token)).body);
    expect(profile).toMatchObject({ phone, full_name: '', avatar_url: null, family: null });
    expect(Date.parse(profile.registration_date!)).not.toBeNaN();

    const logged = await login(phone, 'hunter22', true);
    expect(logged.status).toBe(200);
    expect((await me(tokenResponse.parse(logged.body).token)).body.user).toBe(profile.user);
  });

  it("refuses an existing phone with 'User with this phone already exists' at the code step; a made-up code at the password step is only 'incorrect'", async () => {
    const { phone } = await registered();
    const sentBefore = t.sms.outbox.length;
    const code = await requestCode(phone);
    expect(code.status).toBe(409);
    expect(code.body).toMatchObject({ error: 'User with this phone already exists', code: 'user_exists', phone: 'User with this phone already exists' });
    expect(t.sms.outbox.length).toBe(sentBefore);

    // Without a live code the password step cannot tell a registered phone from an unknown one.
    const set = await setPassword(phone, '123456', 'another-password');
    const unknown = await setPassword(newPhone(), '123456', 'another-password');
    expect(set).toEqual(unknown);
    expect(set.status).toBe(400);
    expect(set.body).toMatchObject({ code: 'code_invalid', field: 'code' });
    expect((await login(phone, 'first-password')).status).toBe(200);
  });

  it('lets a placeholder (a phone someone added as a contact) sign up and take over that identity', async () => {
    const phone = newPhone();
    const [placeholder] = await t.database.db.insert(users).values({ phone }).returning({ id: users.id });
    const restore = await requestCode(phone, 'restore');
    expect(restore.status).toBe(404);
    expect(restore.body).toMatchObject({ error: 'This user does not exist.', code: 'user_does_not_exist' });
    expect((await login(phone, '')).status).toBe(401);

    const set = await setPassword(phone, await freshCode(phone), 'taken-over');
    expect(set.status).toBe(200);
    expect((await me(set.body.token)).body.user).toBe(placeholder!.id);
    expect(await countUsers(phone)).toBe(1);
  });

  it("answers 'phone incorrect' for a phone that is not a phone, naming it in the phone field", async () => {
    for (const phone of ['12345', '+7916123456', 'call me', '']) {
      const res = await requestCode(phone);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'phone incorrect', code: 'phone_incorrect', field: 'phone', phone: 'phone incorrect' });
    }
  });

  it("refuses a password shorter than 5 with 'Password is too short' and leaves the code usable", async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    const short = await setPassword(phone, code, '1234');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'Password is too short', code: 'password_too_short', field: 'password' });
    expect(await countUsers(phone)).toBe(0);
    expect((await setPassword(phone, code, '12345')).status).toBe(200);
  });
});

describe('codes', () => {
  it('answers made-up codes alike for registered and unknown phones, and refuses an address after 30 wrong codes an hour', async () => {
    const { phone } = await registered();
    const prober = '192.0.2.77';
    const probe = (p: string, purpose: string, code = '123456') =>
      post(`/app/api/v2/auth/password/?for=${purpose}`, { phone: p, code, password: 'password' }, prober);
    const answers = [await probe(phone, 'signup'), await probe(newPhone(), 'signup'), await probe(phone, 'restore'), await probe(newPhone(), 'restore')];
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(400);
    expect(answers[0]!.body.code).toBe('code_invalid');
    for (let i = answers.length; i < 30; i++) expect((await probe(newPhone(), 'signup')).status).toBe(400);
    const refused = await probe(phone, 'signup');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_code_attempts', error: 'Too many wrong codes. Please try again later.', field: 'code' });
    // Checking a code as it is typed is the same door.
    const check = await post('/app/api/v2/auth/code/check/?for=signup', { phone, code: '123456' }, prober);
    expect(check.status).toBe(429);
    // Another address is not affected, and the hour passes.
    const fresh = newPhone();
    expect((await setPassword(fresh, await freshCode(fresh), 'password')).status).toBe(200);
    t.clock.advance(60 * MINUTE);
    expect((await probe(newPhone(), 'signup')).status).toBe(400);
  });

  it('ends a code after 10 wrong tries from anywhere: the right code fails afterwards', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      const res = await setPassword(phone, wrong, 'password');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'The confirmation code is incorrect or expired.', code: 'code_invalid', field: 'code' });
    }
    const right = await setPassword(phone, code, 'password');
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('code_invalid');
    expect(await countUsers(phone)).toBe(0);
    // A new code starts over.
    expect((await setPassword(phone, await freshCode(phone), 'password')).status).toBe(200);
  });

  it('accepts the right code on the fifth try', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await setPassword(phone, wrong, 'password')).status).toBe(400);
    expect((await setPassword(phone, code, 'password')).status).toBe(200);
  });

  it('is single use: a replayed code is refused', async () => {
    const { phone } = await registered('password-zero');
    const code = await freshCode(phone, 'restore');
    expect((await setPassword(phone, code, 'password-one', 'restore')).status).toBe(200);
    const replay = await setPassword(phone, code, 'password-two', 'restore');
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'The confirmation code is incorrect or expired.', code: 'code_invalid' });
    expect((await login(phone, 'password-one')).status).toBe(200);
    expect((await login(phone, 'password-two')).status).toBe(401);
  });

  it('lives 10 minutes', async () => {
    const live = newPhone();
    const liveCode = await freshCode(live);
    const dead = newPhone();
    const deadCode = await freshCode(dead);
    t.clock.advance(10 * MINUTE - 1000);
    expect((await setPassword(live, liveCode, 'password')).status).toBe(200);
    t.clock.advance(2000);
    const expired = await setPassword(dead, deadCode, 'password');
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: 'The confirmation code is incorrect or expired.', code: 'code_invalid' });
    expect(await countUsers(dead)).toBe(0);
  });

  it('is replaced by a newer code for the same phone', async () => {
    const phone = newPhone();
    const first = await freshCode(phone);
    let second = await freshCode(phone);
    while (second === first) second = await freshCode(phone);
    expect((await setPassword(phone, first, 'password')).body.code).toBe('code_invalid');
    expect((await setPassword(phone, second, 'password')).status).toBe(200);
  });

  it('is good only for the purpose it was sent for', async () => {
    const { phone } = await registered();
    const code = await freshCode(phone, 'restore');
    // There is no sign-up code for this phone, so the restore code is simply wrong there; it stays good for restore.
    expect((await setPassword(phone, code, 'password', 'signup')).body.code).toBe('code_invalid');
    expect((await setPassword(phone, code, 'new-password', 'restore')).status).toBe(200);
  });

  it("answers 'confirmation code too short' for fewer than 6 digits and 'incorrect' for letters or too many, without using an attempt", async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    for (let i = 0; i < 6; i++) {
      const short = await setPassword(phone, '123', 'password');
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ error: 'confirmation code too short', code: 'code_too_short', field: 'code' });
      expect((await setPassword(phone, 'abcdef', 'password')).body.code).toBe('code_invalid');
      expect((await setPassword(phone, `${code}0`, 'password')).body.code).toBe('code_invalid');
    }
    expect((await setPassword(phone, ` ${code} `, 'password')).status).toBe(200);
  });

  it('sends one phone at most 5 SMS an hour, whoever asks; past that the last code stays usable, and only without one is the request refused', async () => {
    // The limit counts per clock hour: start at the top of one, so the two minutes below stay in it.
    t.clock.advance(60 * MINUTE - (t.clock.now().getTime() % (60 * MINUTE)));
    const phone = newPhone();
    for (let i = 0; i < 5; i++) expect((await requestCode(phone)).status).toBe(200);
    const sent = t.sms.outbox.length;
    const fifth = lastCode(t, phone);
    t.clock.advance(2 * MINUTE);
    // A sixth request, from yet another address: nothing is sent, nothing replaced.
    const sixth = await requestCode(phone);
    expect(sixth.status).toBe(200);
    expect(sixth.body.expires_in).toBe(8 * 60);
    expect(t.sms.outbox.length).toBe(sent);
    expect((await setPassword(phone, fifth, 'password')).status).toBe(200);

    // The code is used now, so there is nothing left to offer and no SMS may go out.
    const seventh = await requestCode(phone, 'restore');
    expect(seventh.status).toBe(429);
    expect(seventh.body).toMatchObject({
      error: 'Too many code requests for this phone number. Please try again later.',
      code: 'too_many_code_requests',
      phone: 'Too many code requests for this phone number. Please try again later.',
    });
    expect((await requestCode(`8${phone.slice(2)}`, 'restore')).status).toBe(429);
    expect(t.sms.outbox.length).toBe(sent);

    t.clock.advance(60 * MINUTE);
    expect((await requestCode(phone, 'restore')).status).toBe(200);
    expect(t.sms.outbox.length).toBe(sent + 1);
  });

  it('allows one address 5 code requests an hour for one phone, and the owner elsewhere still gets a code', async () => {
    const phone = newPhone();
    const stranger = '203.0.113.50';
    for (let i = 0; i < 5; i++) expect((await requestCode(phone, 'signup', stranger)).status).toBe(200);
    const refused = await requestCode(phone, 'signup', stranger);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_code_requests');
    // The owner's own request: the code on their phone is still the live one.
    const own = await requestCode(phone, 'signup', '203.0.113.51');
    expect(own.status).toBe(200);
    expect((await setPassword(phone, lastCode(t, phone), 'password')).status).toBe(200);
  });

  it('allows 20 code requests per address an hour, whatever the phones', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await requestCode(newPhone(), 'signup', address)).status).toBe(200);
    const next = await requestCode(newPhone(), 'signup', address);
    expect(next.status).toBe(429);
    // The message says it is the network, not the number: a new phone from here is refused too.
    expect(next.body).toMatchObject({ code: 'too_many_code_requests_here', error: 'Too many code requests from this network. Please try again later.' });
    expect((await requestCode(newPhone(), 'signup', '203.0.113.8')).status).toBe(200);
  });

  it('keeps the counters in the database, so two API processes share one limit', async () => {
    const second = await buildApp({ config: t.config, database: t.database, sms: t.sms, logger: false, now: t.clock.now });
    try {
      const phone = newPhone();
      const address = newAddress();
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const res = await app.inject({ method: 'POST', url: '/app/api/v2/auth/code/', payload: { phone }, remoteAddress: address });
        expect(res.statusCode).toBe(200);
      }
      const sixth = await second.inject({ method: 'POST', url: '/app/api/v2/auth/code/', payload: { phone }, remoteAddress: address });
      expect(sixth.statusCode).toBe(429);
      // And a code sent by one process is accepted by the other.
      const other = newPhone();
      await second.inject({ method: 'POST', url: '/app/api/v2/auth/code/', payload: { phone: other }, remoteAddress: newAddress() });
      expect((await setPassword(other, lastCode(t, other), 'password')).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('restore', () => {
  it("refuses an unknown phone with 'This user does not exist.' at the code step; at the password step a made-up code is 'incorrect'", async () => {
    const phone = newPhone();
    const code = await requestCode(phone, 'restore');
    expect(code.status).toBe(404);
    expect(code.body).toMatchObject({ error: 'This user does not exist.', code: 'user_does_not_exist', phone: 'This user does not exist.' });
    const set = await setPassword(phone, '123456', 'password', 'restore');
    expect(set.status).toBe(400);
    expect(set.body.code).toBe('code_invalid');
    expect(await countUsers(phone)).toBe(0);
  });

  it('replaces the password and ends every session of the account', async () => {
    const { phone, token } = await registered('old-password');
    const other = (await login(phone, 'old-password', true)).body.token;
    expect((await me(other)).status).toBe(200);

    const set = await setPassword(phone, await freshCode(phone, 'restore'), 'new-password', 'restore');
    expect(set.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await me(set.body.token)).status).toBe(200);
    expect((await login(phone, 'old-password')).status).toBe(401);
    expect((await login(phone, 'new-password')).status).toBe(200);
  });
});

describe('login and sessions', () => {
  it("refuses a wrong password and an unknown phone alike with 'The phone number or password you entered is incorrect.'", async () => {
    const { phone } = await registered('right-password');
    const message = 'The phone number or password you entered is incorrect.';
    for (const res of [await login(phone, 'wrong-password'), await login(newPhone(), 'right-password'), await login(phone, '')]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: message, code: 'login_failed' });
    }
  });

  it('keeps a remembered session 30 days and another one day, storing only a hash of the token', async () => {
    const { phone } = await registered('password');
    const before = Date.now();
    const remembered = (await login(phone, 'password', true)).body.token as string;
    const brief = (await login(phone, 'password', false)).body.token as string;
    const rows = await t.database.db
      .select({ tokenHash: sessions.tokenHash, remember: sessions.remember, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.phone, phone));
    expect(rows.some((r) => r.tokenHash === remembered || r.tokenHash === brief)).toBe(false);
    const days = (remember: boolean) => rows.filter((r) => r.remember === remember).map((r) => Math.round((r.expiresAt.getTime() - before) / 86_400_000));
    expect(days(true)).toEqual([30]);
    // The sign-up session and the brief login.
    expect(days(false)).toEqual([1, 1]);
    expect(remembered).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('ends a session at logout: the token is refused afterwards, other sessions go on', async () => {
    const { phone } = await registered('password');
    const token = (await login(phone, 'password', true)).body.token;
    const other = (await login(phone, 'password', true)).body.token;
    // Used just before, so the server knows it as live (decision 0040) when it is ended.
    expect((await me(token)).status).toBe(200);
    const out = await call(t.app, 'POST', '/app/api/v1/account/logout/', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    const reused = await me(token);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ error: 'Authentication required', code: 'unauthorized' });
    expect((await call(t.app, 'POST', '/app/api/v1/account/logout/', { token })).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it('keeps a live session known through writes that end none, until any session ends', async () => {
    const { phone } = await registered('password');
    const token = (await login(phone, 'password', true)).body.token;
    const bystander = (await login(phone, 'password', true)).body.token;
    // Ends a session behind the server's back: past the trigger that counts session changes on
    // PostgreSQL (0049), and in a statement that names no session for the embedded database (0052).
    await t.database.db.execute(sql`
      create function revoked_unseen(hash text) returns void language plpgsql as $$
      begin
        alter table sessions disable trigger sessions_changed;
        update sessions set revoked_at = now() where token_hash = hash;
        alter table sessions enable trigger sessions_changed;
      end $$`);
    try {
      expect((await me(token)).status).toBe(200);
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select revoked_unseen(${hashToken(token)})`);
      });
      // A write like any other, after which only a server that looked the session up again refuses it.
      expect((await me(token)).status).toBe(200);
      // Any session's end, counted, drops every kept session.
      expect((await call(t.app, 'POST', '/app/api/v1/account/logout/', { token: bystander })).status).toBe(200);
      expect((await me(token)).status).toBe(401);
    } finally {
      await t.database.db.execute(sql`drop function revoked_unseen`);
    }
  });

  it('refuses a session once it has expired, though it was used a moment before and nothing was written since', async () => {
    const { phone } = await registered('password');
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    const expiresAt = Date.now() + 1500;
    const token = await createSession(t.database.db, user!.id, false, new Date(expiresAt - SESSION_TTL_MS));
    expect((await me(token)).status).toBe(200);
    expect((await me(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt + 50 - Date.now()));
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 for a missing, malformed or unknown token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-token' },
    ]) {
      const res = await call(t.app, 'GET', '/app/api/v1/user/me/', { headers });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
    expect((await call(t.app, 'POST', '/app/api/v1/account/logout/')).status).toBe(401);
  });

  it('refuses an address after 10 failed logins for one phone, right password included, while the owner signs in from elsewhere', async () => {
    const { phone } = await registered('password');
    const stranger = '198.51.100.40';
    for (let i = 0; i < 10; i++) expect((await login(phone, `wrong-${i}`, false, stranger)).status).toBe(401);
    const locked = await login(phone, 'password', false, stranger);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: 'Too many login attempts. Please try again later.', code: 'too_many_login_attempts' });
    expect((await login(phone, 'password', false, '198.51.100.41')).status).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await login(phone, 'password', false, stranger)).status).toBe(200);
  });

  it('slows down, never refuses, a phone whose password is guessed from many addresses: a second more per failure past 10, at most 10 s', async () => {
    const { phone } = await registered('password');
    t.clock.waits.length = 0;
    for (let i = 0; i < 25; i++) expect((await login(phone, `wrong-${i}`)).status).toBe(401);
    expect(t.clock.waits).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    const owner = await login(phone, 'password');
    expect(owner.status).toBe(200);
    expect(t.clock.waits.at(-1)).toBe(10_000);
  });

  it('does not make the owner wait at an address they signed in from, however many guess from elsewhere', async () => {
    const { phone } = await registered('password');
    const home = '198.51.100.80';
    expect((await login(phone, 'password', false, home)).status).toBe(200);
    for (let i = 0; i < 25; i++) expect((await login(phone, `wrong-${i}`)).status).toBe(401);
    t.clock.waits.length = 0;
    expect((await login(phone, 'password', false, home)).status).toBe(200);
    expect(t.clock.waits).toEqual([]);
    // A guesser at that same address is not slowed, but past 10 failures there is refused.
    for (let i = 0; i < 10; i++) expect((await login(phone, `home-guess-${i}`, false, home)).status).toBe(401);
    expect((await login(phone, 'password', false, home)).status).toBe(429);
    // Elsewhere, the owner's first sign-in waits as before.
    t.clock.waits.length = 0;
    expect((await login(phone, 'password')).status).toBe(200);
    expect(t.clock.waits).toEqual([10_000]);
  });

  it('counts an attempt before checking its password: of 100 parallel wrong passwords from one address, 10 are checked and 90 refused', async () => {
    const { phone } = await registered('password');
    const address = '198.51.100.60';
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(phone, `parallel-${i}`, false, address)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  });

  it('does not count successful logins against the limit', async () => {
    const { phone } = await registered('password');
    const address = '198.51.100.70';
    for (let i = 0; i < 12; i++) expect((await login(phone, 'password', false, address)).status).toBe(200);
    // Nor do they slow anyone down, and a right password after failures gives back its own count.
    t.clock.waits.length = 0;
    for (let i = 0; i < 9; i++) expect((await login(phone, `wrong-${i}`, false, address)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(phone, 'password', false, address)).status).toBe(200);
    expect((await login(phone, 'wrong-again', false, address)).status).toBe(401);
    expect(t.clock.waits).toEqual([]);
  });

  it('allows 50 failed logins per address in 15 minutes, whatever the phones', async () => {
    const address = '198.51.100.9';
    const { phone } = await registered('password');
    for (let i = 0; i < 50; i++) expect((await login(newPhone(), 'password', false, address)).status).toBe(401);
    const locked = await login(phone, 'password', false, address);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_login_attempts');
    expect((await login(phone, 'password', false, '198.51.100.10')).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers malformed JSON, wrong types, missing fields and huge strings with a 4xx message, changing nothing', async () => {
    const phone = newPhone();
    const sent = t.sms.outbox.length;
    const huge = 'x'.repeat(100_000);
    const cases: Record<string, unknown[]> = {
      '/app/api/v2/auth/code/': ['{"phone": "+7916', { phone: 79160000000 }, { phone: [phone] }, {}, { phone: huge }, null],
      '/app/api/v2/auth/password/': [
        '{"phone"',
        { phone, code: 123456, password: 'password' },
        { phone, code: '123456', password: 'p'.repeat(129) },
        { phone, code: '1'.repeat(100), password: 'password' },
        { phone: huge, code: '123456', password: 'password' },
        { phone, code: '123456' },
      ],
      '/app/api/v2/auth/login/': [
        '[',
        { phone, password: null, remember: true },
        { phone, password: 'password', remember: 'yes' },
        { phone, password: huge },
        { password: 'password' },
        'null',
      ],
    };
    for (const [url, bodies] of Object.entries(cases)) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        });
        const label = `${url} ${String(JSON.stringify(body)).slice(0, 60)}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        const answer = JSON.parse(res.body);
        expect(typeof answer.error, label).toBe('string');
        expect(typeof answer.code, label).toBe('string');
      }
    }
    expect(t.sms.outbox.length).toBe(sent);
    expect(await countUsers(phone)).toBe(0);
  });

  it('refuses an unknown purpose', async () => {
    const res = await requestCode(newPhone(), 'takeover');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('treats a missing purpose as sign-up', async () => {
    const phone = newPhone();
    expect((await post('/app/api/v2/auth/code/', { phone })).status).toBe(200);
    expect((await post('/app/api/v2/auth/password/', { phone, code: lastCode(t, phone), password: 'password' })).status).toBe(200);
    expect(await countUsers(phone)).toBe(1);
  });
});
