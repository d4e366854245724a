import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema, type User } from '../../../common/contract/user';
import { contacts, images, users } from '../../db/schema';
import { DEFAULT_PASSWORD, lastCode, logIn, picture, signUp } from '../../../tests/api/factories';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let phones = 0;
const newPhone = () => `+7903${String(++phones).padStart(7, '0')}`;

const me = async (token: string): Promise<User> => {
  const res = await call(t.app, 'GET', '/app/api/v1/user/me/', { token });
  expect(res.status).toBe(200);
  return userSchema.parse(res.body);
};
const put = (token: string, body: unknown) => call(t.app, 'PUT', '/app/api/v2/user/me/', { token, body });

describe('GET /v1/user/me/', () => {
  it('answers the user in the specification shape', async () => {
    const { token, uid, phone } = await signUp(t, '8 903 000-90-01');
    expect(phone).toBe('+79030009001');
    const user = await me(token);
    expect(user).toEqual({
      user: uid,
      full_name: '',
      first_name: '',
      last_name: '',
      gender: null,
      currency: 'RUB',
      cur_description: 'Russian ruble',
      avatar_url: null,
      phone: '+79030009001',
      is_contact_exists: true,
      registration_date: expect.any(String),
      family: null,
      family_invitations: { received: [], sent: [] },
    });
    expect(Math.abs(Date.parse(user.registration_date!) - Date.now())).toBeLessThan(60_000);
  });

  it('answers 401 without a live token, on every user route', async () => {
    const routes = [
      ['GET', '/app/api/v1/user/me/'],
      ['PUT', '/app/api/v2/user/me/'],
      ['PUT', '/app/api/v1/user/me/'],
      ['DELETE', '/app/api/v2/user/me/'],
      ['POST', '/app/api/v2/user/password/'],
    ] as const;
    for (const [method, url] of routes) {
      for (const token of [undefined, 'made-up']) {
        const res = await call(t.app, method, url, { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.body).toEqual({ error: 'Authentication required', code: 'unauthorized' });
      }
    }
  });
});

describe('PUT /v2/user/me/', () => {
  it('collapses whitespace in names and makes the full name first name, space, surname', async () => {
    const { token } = await signUp(t, newPhone());
    const res = await put(token, { first_name: '  Anna \t Maria ', last_name: ' van   der\nBerg ', gender: 'F', currency: 'usd' });
    expect(res.status).toBe(200);
    expect(userSchema.parse(res.body)).toMatchObject({
      first_name: 'Anna Maria',
      last_name: 'van der Berg',
      full_name: 'Anna Maria van der Berg',
      gender: 'F',
      currency: 'USD',
      cur_description: 'US dollar',
    });
    expect(await me(token)).toEqual(res.body);
  });

  it('accepts full_name alone, splitting it at the first space', async () => {
    const { token } = await signUp(t, newPhone());
    const res = await put(token, { full_name: '  Ivan   Petrov-Vodkin ' });
    expect(res.body).toMatchObject({ first_name: 'Ivan', last_name: 'Petrov-Vodkin', full_name: 'Ivan Petrov-Vodkin' });
  });

  it('changes only the fields sent, and accepts the same update at PUT /v1/user/me/', async () => {
    const { token } = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: 'Olga', last_name: 'Ivanova', gender: 'F' });
    const res = await call(t.app, 'PUT', '/app/api/v1/user/me/', { token, body: { last_name: 'Smirnova' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Olga', last_name: 'Smirnova', full_name: 'Olga Smirnova', gender: 'F' });
    expect((await put(token, { gender: null })).body.gender).toBeNull();
  });

  it('saves the profile when the form sends `family: null` outside a family (families: family.test.ts)', async () => {
    const { token } = await signUp(t, newPhone());
    const res = await put(token, { first_name: 'Petr', last_name: 'Sidorov', family: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ full_name: 'Petr Sidorov', family: null });
  });

  it("refuses empty names with 'First name required' and 'Last name required', changing nothing", async () => {
    const { token } = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: 'Olga', last_name: 'Ivanova' });
    const before = await me(token);
    const cases = [
      [{ first_name: '   ', last_name: 'Ivanova' }, 'First name required', 'first_name_required', 'first_name'],
      [{ first_name: 'Olga', last_name: '' }, 'Last name required', 'last_name_required', 'last_name'],
      [{ full_name: ' \n ' }, 'First name required', 'first_name_required', 'full_name'],
    ] as const;
    for (const [body, error, code, field] of cases) {
      const res = await put(token, { ...body, gender: 'M' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error, code, field });
    }
    expect(await me(token)).toEqual(before);
  });

  it('refuses an unknown currency, a gender other than M or F, wrong types, control characters and huge strings, changing nothing', async () => {
    const { token } = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: 'Olga', last_name: 'Ivanova', currency: 'EUR' });
    const before = await me(token);
    const unknown = await put(token, { currency: 'XYZ', first_name: 'Changed' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'unknown currency', code: 'currency_unknown', field: 'currency' });
    for (const body of [
      { gender: 'X' },
      { gender: 'm' },
      { first_name: 5 },
      { first_name: ['Olga'] },
      { last_name: null },
      { first_name: 'x'.repeat(101) },
      { full_name: 'x'.repeat(100_000) },
      { currency: 'EURO' },
      { avatar_url: 42 },
      { first_name: 'Ol\u0000ga' },
      { first_name: 'Ol\u0007ga' },
    ]) {
      const res = await put(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.body.code).toMatch(/^validation_failed$/);
      expect(res.body.error).toBe('Some fields are not filled in correctly');
    }
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/app/api/v2/user/me/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"first_name": "Ol',
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ code: 'bad_request', error: 'Bad request' });
    expect(await me(token)).toEqual(before);
  });
});

describe('avatars', () => {
  it('stores a base64 picture and answers a {size} URL that serves WebP at that size', async () => {
    const { token, uid } = await signUp(t, newPhone());
    const res = await put(token, { avatar_url: await picture(300, 300, 'jpeg') });
    expect(res.status).toBe(200);
    const url = res.body.avatar_url as string;
    expect(url).toMatch(/^\/app\/img\/[0-9a-f]{32}\/\{size\}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: url.replace('{size}', '140x140') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 140, 140]);
    const [row] = await t.database.db
      .select({ ownerId: images.ownerId })
      .from(images)
      .where(eq(images.key, url.split('/')[3]!));
    expect(row!.ownerId).toBe(uid);
  });

  it('tolerates a data: prefix and takes a picture one pixel off square', async () => {
    const { token } = await signUp(t, newPhone());
    const res = await put(token, { avatar_url: `data:image/png;base64,${await picture(101, 100)}` });
    expect(res.status).toBe(200);
    expect(res.body.avatar_url).toMatch(/^\/app\/img\/[0-9a-f]{32}\/\{size\}\.webp$/);
  });

  it('keeps the avatar when the current URL is sent back, removes it on null, and deletes a replaced picture', async () => {
    const { token } = await signUp(t, newPhone());
    const first = (await put(token, { avatar_url: await picture(120, 120) })).body.avatar_url as string;
    const same = await put(token, { avatar_url: first, first_name: 'Same', last_name: 'Avatar' });
    expect(same.body.avatar_url).toBe(first);

    const second = (await put(token, { avatar_url: await picture(130, 130) })).body.avatar_url as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first.replace('{size}', '90x90') })).statusCode).toBe(404);

    const removed = await put(token, { avatar_url: null });
    expect(removed.body.avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.replace('{size}', '90x90') })).statusCode).toBe(404);

    // An empty string, what a cleared file input sends, removes it too.
    expect((await put(token, { avatar_url: await picture(100, 100) })).body.avatar_url).not.toBeNull();
    expect((await put(token, { avatar_url: '' })).body.avatar_url).toBeNull();
  });

  it("refuses another picture's URL, so nobody can wear someone else's avatar", async () => {
    const alice = await signUp(t, newPhone());
    const bob = await signUp(t, newPhone());
    const alicesAvatar = (await put(alice.token, { avatar_url: await picture(100, 100) })).body.avatar_url;
    const res = await put(bob.token, { avatar_url: alicesAvatar });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The file is not a picture', code: 'picture_invalid', field: 'avatar_url' });
    expect((await me(bob.token)).avatar_url).toBeNull();
  });

  it('refuses a non-image, a too small picture, a non-square one and a 6 MB one with their messages, changing nothing', async () => {
    const { token } = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: 'Olga', last_name: 'Ivanova' });
    const before = await me(token);
    const imagesBefore = (await t.database.db.select({ id: images.id }).from(images)).length;
    const cases: [string, number, string, string][] = [
      [Buffer.from('this is not a picture at all').toString('base64'), 400, 'picture_invalid', 'The file is not a picture'],
      ['not base64 !!!', 400, 'picture_invalid', 'The file is not a picture'],
      [await picture(100, 100, 'gif'), 400, 'picture_invalid', 'The file is not a picture'],
      [await picture(69, 69), 400, 'picture_size', 'Picture size should be between 70x70px and 10000x10000px'],
      [await picture(70, 10_001), 400, 'picture_size', 'Picture size should be between 70x70px and 10000x10000px'],
      [await picture(200, 150), 400, 'picture_not_square', 'The picture should be square'],
      [randomBytes(6_000_000).toString('base64'), 400, 'picture_too_big', 'Picture size is too big'],
    ];
    for (const [avatar, status, code, error] of cases) {
      const res = await put(token, { avatar_url: avatar, first_name: 'Changed' });
      expect(res.status, code).toBe(status);
      expect(res.body).toEqual({ error, code, field: 'avatar_url' });
    }
    // 6 MiB of picture is more than 8 MiB of base64: refused before the body is even read.
    const tooLarge = await put(token, { avatar_url: randomBytes(6 * 1024 * 1024).toString('base64') });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: 'The request is too large', code: 'payload_too_large' });

    expect(await me(token)).toEqual(before);
    expect((await t.database.db.select({ id: images.id }).from(images)).length).toBe(imagesBefore);
  });
});

describe('POST /v2/user/password/', () => {
  const change = (token: string, body: unknown) => call(t.app, 'POST', '/app/api/v2/user/password/', { token, body });

  it('replaces the password and ends every other session, keeping the caller signed in', async () => {
    const { token, phone } = await signUp(t, newPhone(), 'old-password');
    const other = await logIn(t, phone, 'old-password');
    // Signed in with before the change, so that a server keeping live sessions has kept it.
    expect((await call(t.app, 'GET', '/app/api/v1/user/me/', { token: other })).status).toBe(200);
    const res = await change(token, { old_password: 'old-password', password: 'new-password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await call(t.app, 'GET', '/app/api/v1/user/me/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/app/api/v1/user/me/', { token: other })).status).toBe(401);
    await expect(logIn(t, phone, 'old-password')).rejects.toThrow(/401/);
    expect(await logIn(t, phone, 'new-password')).toEqual(expect.any(String));
  });

  it("refuses a wrong old password with 'The old password you entered is incorrect. Please try again.'", async () => {
    const { token, phone } = await signUp(t, newPhone(), 'old-password');
    const res = await change(token, { old_password: 'not-it', password: 'new-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'The old password you entered is incorrect. Please try again.',
      code: 'old_password_incorrect',
      field: 'old_password',
    });
    expect(await logIn(t, phone, 'old-password')).toEqual(expect.any(String));
  });

  it("refuses an empty old password with 'Required field' and a short new one with 'Password is too short'", async () => {
    const { token, phone } = await signUp(t, newPhone(), 'old-password');
    const empty = await change(token, { old_password: '', password: 'new-password' });
    expect(empty.body).toEqual({ error: 'Required field', code: 'required_field', field: 'old_password' });
    const short = await change(token, { old_password: 'old-password', password: '1234' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ error: 'Password is too short', code: 'password_too_short', field: 'password' });
    for (const body of [
      {},
      { old_password: 'old-password' },
      { old_password: 1, password: 'new-password' },
      { old_password: 'old-password', password: 'p'.repeat(129) },
    ]) {
      expect((await change(token, body)).status).toBe(400);
    }
    expect(await logIn(t, phone, 'old-password')).toEqual(expect.any(String));
  });

  it('allows 10 wrong old passwords in 15 minutes per account: after them even the right one waits', async () => {
    const { token } = await signUp(t, newPhone(), 'old-password');
    for (let i = 0; i < 10; i++) expect((await change(token, { old_password: `guess-${i}`, password: 'new-password' })).status).toBe(400);
    const res = await change(token, { old_password: 'old-password', password: 'new-password' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('too_many_login_attempts');
  });
});

describe('DELETE /v2/user/me/', () => {
  it('ends every session, erases the profile and keeps the row with its phone for the history of operations', async () => {
    const owner = await signUp(t, newPhone(), 'password', { first_name: 'Gone', last_name: 'Soon', gender: 'M', currency: 'EUR' });
    const friend = await signUp(t, newPhone());
    const avatar = (await put(owner.token, { avatar_url: await picture(100, 100) })).body.avatar_url as string;
    const other = await logIn(t, owner.phone, 'password');
    await t.database.db.insert(contacts).values([
      { ownerId: owner.uid, contactId: friend.uid, name: 'Friend' },
      { ownerId: friend.uid, contactId: owner.uid, name: 'Owner' },
    ]);

    // Signed in with before the deletion, so that a server keeping live sessions has kept both.
    for (const token of [owner.token, other]) expect((await call(t.app, 'GET', '/app/api/v1/user/me/', { token })).status).toBe(200);
    const res = await call(t.app, 'DELETE', '/app/api/v2/user/me/', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    for (const token of [owner.token, other]) expect((await call(t.app, 'GET', '/app/api/v1/user/me/', { token })).status).toBe(401);
    const login = await call(t.app, 'POST', '/app/api/v2/auth/login/', { body: { phone: owner.phone, password: 'password' } });
    expect(login.status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: avatar.replace('{size}', '45x45') })).statusCode).toBe(404);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.uid));
    expect(row).toMatchObject({
      phone: owner.phone,
      passwordHash: null,
      fullName: '',
      firstName: '',
      lastName: '',
      gender: null,
      avatarImageId: null,
      currency: 'RUB',
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    // Their own contact book goes; other people's entries for them stay, shown by phone.
    const remaining = await t.database.db.select({ ownerId: contacts.ownerId }).from(contacts).where(eq(contacts.contactId, owner.uid));
    expect(remaining).toEqual([{ ownerId: friend.uid }]);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.ownerId, owner.uid))).toEqual([]);

    const restore = await call(t.app, 'POST', '/app/api/v2/auth/code/?for=restore', { body: { phone: owner.phone } });
    expect(restore.status).toBe(404);
    expect(restore.body.error).toBe('This user does not exist.');
  });

  it('lets the phone sign up again as a fresh account on the same row', async () => {
    const first = await signUp(t, newPhone(), 'password', { first_name: 'First', last_name: 'Life' });
    expect((await call(t.app, 'DELETE', '/app/api/v2/user/me/', { token: first.token })).status).toBe(200);

    const sent = await call(t.app, 'POST', '/app/api/v2/auth/code/?for=signup', { body: { phone: first.phone } });
    expect(sent.status).toBe(200);
    const set = await call(t.app, 'POST', '/app/api/v2/auth/password/?for=signup', {
      body: { phone: first.phone, code: lastCode(t, first.phone), password: 'second-life' },
    });
    expect(set.status).toBe(200);
    const again = await me(set.body.token);
    expect(again).toMatchObject({ user: first.uid, full_name: '', avatar_url: null, gender: null, currency: 'RUB' });
    expect((await call(t.app, 'POST', '/app/api/v2/auth/login/', { body: { phone: first.phone, password: 'password' } })).status).toBe(401);
    expect(await logIn(t, first.phone, 'second-life')).toEqual(expect.any(String));
  });
});
