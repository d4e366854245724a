import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCustomTestApp, type TestClock } from '../../../tests/api/custom-app';
import { call, type TestApp } from '../../../tests/api/harness';
import { SmsSendError, TwilioSmsSender } from '../../lib/twilio-sms';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com on 127.0.0.1 that records what it is sent and answers as told. */
const received: Received[] = [];
let answer = { status: 201, body: '{"sid":"SM123","status":"queued"}' };
let fake: http.Server;
let baseUrl: string;

const SID = 'AC0123456789abcdef';
const TOKEN = 'secret-auth-token';
const FROM = '+15005550006';

let t: TestApp & { clock: TestClock };

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: new URLSearchParams(body),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createCustomTestApp({ sms: new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl }) });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answer = { status: 201, body: '{"sid":"SM123","status":"queued"}' };
});

const codeIn = (r: Received | undefined) => /\b(\d{6})\b/.exec(r?.form.get('Body') ?? '')?.[1];

describe('the Twilio SMS provider', () => {
  it("posts To, From and Body form-encoded to the account's Messages resource with basic auth", async () => {
    await new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl: `${baseUrl}/` }).send('+79161234567', 'hello');
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r!.method).toBe('POST');
    expect(r!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(r!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(r!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(r!.form)).toEqual({ To: '+79161234567', From: FROM, Body: 'hello' });
  });

  it('throws on a non-2xx answer, naming the status and never the token', async () => {
    answer = { status: 401, body: '{"code":20003,"message":"Authenticate"}' };
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl });
    const err = await sender.send('+79161234567', 'hello').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).status).toBe(401);
    expect((err as Error).message).toContain('20003');
    expect((err as Error).message).not.toContain(TOKEN);
  });

  it('delivers sign-up codes that then create the account', async () => {
    const phone = '+79162000001';
    const res = await call(t.app, 'POST', '/app/api/v2/auth/code/?for=signup', { body: { phone: '8 916 200-00-01' } });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.form.get('To')).toBe(phone);
    const code = codeIn(received[0]);
    expect(code).toMatch(/^\d{6}$/);
    const set = await call(t.app, 'POST', '/app/api/v2/auth/password/?for=signup', { body: { phone, code, password: 'password' } });
    expect(set.status).toBe(200);
    expect(t.sms.outbox).toHaveLength(0);
  });

  it("answers 'Server could not send the code' with 502 when Twilio refuses, and the unsent code is void", async () => {
    answer = { status: 500, body: '{"message":"internal"}' };
    const phone = '+79162000002';
    const res = await call(t.app, 'POST', '/app/api/v2/auth/code/?for=signup', { body: { phone } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'Server could not send the code. Please try again later.', code: 'code_send_failed' });
    const code = codeIn(received[0]);
    expect(code).toMatch(/^\d{6}$/);
    const set = await call(t.app, 'POST', '/app/api/v2/auth/password/?for=signup', { body: { phone, code, password: 'password' } });
    expect(set.status).toBe(400);
    expect(set.body.code).toBe('code_invalid');
  });

  it('throws when Twilio cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sender = new TwilioSmsSender({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl: `http://127.0.0.1:${port}` });
    const err = await sender.send('+79161234567', 'hello').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toMatch(/unreachable/);
  });
});
