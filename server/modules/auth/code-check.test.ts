/** POST /v2/auth/code/check/: the sign-up and restore screens check a code as it is typed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomTestApp, type TestClock } from '../../../tests/api/custom-app';
import { lastCode } from '../../../tests/api/factories';
import type { TestApp } from '../../../tests/api/harness';

let t: TestApp & { clock: TestClock };
beforeAll(async () => {
  t = await createCustomTestApp();
});
afterAll(() => t.close());

let phones = 0;
const newPhone = () => `+7915${String(++phones).padStart(7, '0')}`;
let addresses = 0;
const newAddress = () => `10.2.${(++addresses >> 8) & 255}.${addresses & 255}`;

async function post(url: string, body: unknown, from = newAddress()) {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: from });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
const check = (phone: string, code: string, purpose = 'signup', from?: string) => post(`/app/api/v2/auth/code/check/?for=${purpose}`, { phone, code }, from);
const setPassword = (phone: string, code: string, purpose = 'signup', from?: string) =>
  post(`/app/api/v2/auth/password/?for=${purpose}`, { phone, code, password: 'password' }, from);
async function freshCode(phone: string, purpose = 'signup'): Promise<string> {
  expect((await post(`/app/api/v2/auth/code/?for=${purpose}`, { phone })).status).toBe(200);
  return lastCode(t, phone);
}
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('checking a code as it is typed', () => {
  it('says a wrong code is incorrect at once and a right one is right, without using it up', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    expect(await check(phone, other(code))).toEqual({ status: 400, body: expect.objectContaining({ code: 'code_invalid', field: 'code' }) });
    expect(await check(phone, code)).toEqual({ status: 200, body: { ok: true } });
    // Still usable, as often as it is checked.
    expect((await check(phone, code)).status).toBe(200);
    expect((await setPassword(phone, code)).status).toBe(200);
    // Used now.
    expect((await check(phone, code)).body.code).toBe('code_invalid');
  });

  it('counts wrong guesses towards the code’s 10 attempts, and right checks not at all', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    for (let i = 0; i < 3; i++) expect((await check(phone, other(code))).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await check(phone, code)).status).toBe(200);
    expect((await setPassword(phone, other(code))).status).toBe(400);
    // Four wrong in all: the right code still works.
    expect((await setPassword(phone, code)).status).toBe(200);

    const guessed = newPhone();
    const secret = await freshCode(guessed);
    for (let i = 0; i < 10; i++) expect((await check(guessed, other(secret))).status).toBe(400);
    // Guessing by checking spends the attempts like guessing by using.
    expect((await check(guessed, secret)).body.code).toBe('code_invalid');
    expect((await setPassword(guessed, secret)).body.code).toBe('code_invalid');
  });

  it('lets one address spend 5 tries of a code and no more, so a stranger cannot spend the owner’s code', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    const stranger = newAddress();
    for (let i = 0; i < 5; i++) expect((await check(phone, other(code), 'signup', stranger)).body.code).toBe('code_invalid');
    // The stranger is done with this code, even with the right one, and is told nothing new.
    expect((await setPassword(phone, code, 'signup', stranger)).body.code).toBe('code_invalid');
    // The owner, typing the code from the SMS, signs up.
    expect((await setPassword(phone, code, 'signup', newAddress())).status).toBe(200);
  });

  it('answers a phone with no code exactly as a wrong code, whether or not it has an account', async () => {
    const registered = newPhone();
    expect((await setPassword(registered, await freshCode(registered))).status).toBe(200);
    const unknown = newPhone();
    const a = await check(registered, '123456');
    const b = await check(unknown, '123456');
    expect(a).toEqual(b);
    expect(a).toEqual({ status: 400, body: expect.objectContaining({ code: 'code_invalid' }) });
    expect((await check(registered, '123456', 'restore')).status).toBe(400);
  });

  it('keeps the purpose apart and refuses a short or non-numeric code without an attempt', async () => {
    const phone = newPhone();
    const code = await freshCode(phone);
    expect((await check(phone, code, 'restore')).body.code).toBe('code_invalid');
    expect((await check(phone, '123')).body.code).toBe('code_too_short');
    expect((await check(phone, 'abcdef')).body.code).toBe('code_invalid');
    expect((await check(phone, code)).status).toBe(200);
  });
});
