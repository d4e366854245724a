/**
 * Test helpers that go through the real HTTP API, as a person would: no rows written behind the
 * server's back, so whatever a test builds on is what the API itself produced.
 */
import sharp from 'sharp';
import type { UpdateUserRequest } from '../../common/contract/user';
import { normalizePhone } from '../../common/phone';
import { call, type TestApp } from './harness';

export const DEFAULT_PASSWORD = 'secret-password';

export interface SignedUp {
  token: string;
  uid: number;
  /** E.164, as the server stores it. */
  phone: string;
}

let addresses = 0;

/**
 * Code requests are limited per client address (20 an hour) and every inject comes from
 * 127.0.0.1, so each sign-up gets an address of its own; a test file may create any number of people.
 */
async function fromNewAddress(t: TestApp, url: string, body: unknown): Promise<{ status: number; body: any }> {
  addresses += 1;
  const remoteAddress = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

function fail(step: string, res: { status: number; body: unknown }): never {
  throw new Error(`${step} answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The newest code the log SMS provider sent to a phone. */
export function lastCode(t: TestApp, phone: string): string {
  const e164 = normalizePhone(phone) ?? phone;
  const text = t.sms.lastTo(e164)?.text;
  const code = text && /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code was sent to ${e164}`);
  return code;
}

/** POST /v2/auth/login/ with remember; returns the token. */
export async function logIn(t: TestApp, phone: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await call(t.app, 'POST', '/app/api/v2/auth/login/', { body: { phone, password, remember: true } });
  if (res.status !== 200) fail('login', res);
  return res.body.token as string;
}

/**
 * A new account: requests a sign-up code, reads it from the outbox, sets the password and logs in
 * with remember, as the web app does; then, when `profile` is given, saves it with PUT /v2/user/me/.
 */
export async function signUp(t: TestApp, phone: string, password = DEFAULT_PASSWORD, profile?: UpdateUserRequest): Promise<SignedUp> {
  const sent = await fromNewAddress(t, '/app/api/v2/auth/code/?for=signup', { phone });
  if (sent.status !== 200) fail('code request', sent);
  const code = lastCode(t, phone);
  const set = await call(t.app, 'POST', '/app/api/v2/auth/password/?for=signup', { body: { phone, code, password } });
  if (set.status !== 200) fail('set password', set);
  const token = await logIn(t, phone, password);
  if (profile) {
    const put = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token, body: profile });
    if (put.status !== 200) fail('profile update', put);
  }
  const me = await call(t.app, 'GET', '/app/api/v1/user/me/', { token });
  if (me.status !== 200) fail('profile read', me);
  return { token, uid: me.body.user as number, phone: me.body.phone as string };
}

/** A plain picture of the given size, base64 without a prefix, as the web app sends a cropped one. */
export async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  return (await image.toFormat(format).toBuffer()).toString('base64');
}
