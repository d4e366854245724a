import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './factories';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t, '+79160000001'));
});
afterAll(() => t.close());

describe('compressed API answers', () => {
  it('sends a large answer in the encoding the client accepts, the same JSON once decoded', async () => {
    const plain = await call(t.app, 'GET', '/app/api/v1/currency/', { token });
    expect(plain.status).toBe(200);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.res.body.length).toBeGreaterThan(1024);

    const br = await call(t.app, 'GET', '/app/api/v1/currency/', { token, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.res.rawPayload).toString())).toEqual(plain.body);
    expect(br.res.rawPayload.length).toBeLessThan(plain.res.body.length / 3);

    const gz = await call(t.app, 'GET', '/app/api/v1/currency/', { token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.res.rawPayload).toString())).toEqual(plain.body);
  });

  it('leaves small answers and errors as they are', async () => {
    const small = await call(t.app, 'GET', '/app/api/v1/health/', { headers: { 'accept-encoding': 'br' } });
    expect(small.status).toBe(200);
    expect(small.res.headers['content-encoding']).toBeUndefined();
    const refused = await call(t.app, 'GET', '/app/api/v1/event/', { headers: { 'accept-encoding': 'br' } });
    expect(refused.status).toBe(401);
    expect(refused.res.headers['content-encoding']).toBeUndefined();
    expect(refused.body.code).toBeTruthy();
  });
});
