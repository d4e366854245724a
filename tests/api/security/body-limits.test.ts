/**
 * Bodies are refused unread past what their route needs (decision 0018): megabytes of nested JSON
 * to the sign-in cost the server nearly a second to parse, for anyone, without an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../../server/lib/body-limits';
import { call, createTestApp, type TestApp } from '../harness';
import { eventWith, people, type Person } from '../ledger-factories';

let t: TestApp;
let anna: Person;
let event: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await people(t, ['Anna', 'Boris']);
  anna = a!;
  event = await eventWith(t, anna, [b!]);
});
afterAll(() => t.close());

const nested = (bytes: number) => `{"phone":"+79160000000","password":"secret","x":${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}}`;

describe('request body limits', () => {
  it('refuses more than 8 KB to the signed-out routes with 413, before parsing it', async () => {
    for (const url of ['/app/api/v2/auth/login/', '/app/api/v2/auth/code/', '/app/api/v2/auth/password/', '/app/api/v2/auth/code/check/']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: nested(100 * 1024) });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 413,
        body: { error: 'The request is too large', code: 'payload_too_large' },
      });
    }
    // What a person sends is far below it.
    const normal = await t.app.inject({
      method: 'POST',
      url: '/app/api/v2/auth/login/',
      payload: { phone: '+79160000000', password: 'x'.repeat(128), remember: true },
    });
    expect(normal.statusCode).toBe(401);
    expect(BODY_LIMITS.signedOut).toBeGreaterThan(
      JSON.stringify({ phone: '+7 (916) 000-00-00', password: 'x'.repeat(128), remember: true, code: '123456' }).length * 20,
    );
  });

  it('refuses more than 256 KB to a signed-in route without pictures, and takes a 500-contact phone book', async () => {
    const big = await call(t.app, 'POST', '/app/api/v1/operation/', {
      token: anna.token,
      body: { event_id: event, details: { kind: 'comment', text: 'x'.repeat(300 * 1024) }, participants: [] },
    });
    expect({ status: big.status, code: big.body.code }).toEqual({ status: 413, code: 'payload_too_large' });
    const book = Array.from({ length: 500 }, (_, i) => ({
      name: `Friend number ${i} with a long family name`,
      phone: `+7915${String(1_000_000 + i).padStart(7, '0')}`,
    }));
    const upload = await call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: anna.token, body: { device: 'WEB', contacts: book } });
    expect(upload.status).toBe(200);
  });
});

describe('JSON bodies of a known shape (decision 0061)', () => {
  const profile = { first_name: 'Anna', last_name: 'Test' };

  it('refuses a picture route body nested deeper than any the API takes, even where the extra key would be ignored', async () => {
    const deep = `{"first_name":"Anna","last_name":"Test","x":${'['.repeat(1000)}${']'.repeat(1000)}}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/app/api/v2/user/me/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.token}` },
      payload: deep,
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error: 'Bad request', code: 'bad_request' } });
  });

  it('refuses megabytes of numbers and commas on a picture route before parsing them', async () => {
    const numbers = `{"first_name":"Anna","last_name":"Test","x":[${'1,'.repeat(3 * 1024 * 1024)}1]}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/app/api/v2/user/me/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.token}` },
      payload: numbers,
    });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 'bad_request' });
  });

  it('guards a large body, parsed off the serving thread, against prototype poisoning as a small one', async () => {
    const poisoned = `{"first_name":"Anna","__proto__":{"admin":true},"avatar_url":"${'A'.repeat(2 * 1024 * 1024)}"}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/app/api/v2/user/me/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.token}` },
      payload: poisoned,
    });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 'bad_request' });
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/app/api/v2/user/me/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.token}` },
      payload: `{"avatar_url":"${'A'.repeat(2 * 1024 * 1024)}"`,
    });
    expect({ status: broken.statusCode, code: broken.json().code }).toEqual({ status: 400, code: 'bad_request' });
  });

  it('still reads a picture of megabytes to the end and a string with escaped quotes', async () => {
    const escaped = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: anna.token, body: { ...profile, first_name: 'An"na\\' } });
    expect(escaped.status).toBe(200);
    expect(escaped.body.first_name).toBe('An"na\\');
    const picture = await call(t.app, 'PUT', '/app/api/v2/user/me/', {
      token: anna.token,
      body: { ...profile, avatar_url: 'data:image/png;base64,' + 'A'.repeat(6 * 1024 * 1024) },
    });
    expect(picture.body.code).toBe('picture_too_big');
  });
});
