import { afterEach, describe, expect, it } from 'vitest';
import { publicConfigResponse } from '../../../common/contract/config';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('GET /app/api/v1/config/', () => {
  it('gives the support address from SUPPORT_EMAIL, without signing in', async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org' });
    const { status, body } = await call(t.app, 'GET', '/app/api/v1/config/');
    expect(status).toBe(200);
    expect(publicConfigResponse.parse(body)).toEqual({ support_email: 'help@example.org' });
  });

  it('falls back to the default address when SUPPORT_EMAIL is not set', async () => {
    t = await createTestApp();
    const { body } = await call(t.app, 'GET', '/app/api/v1/config/');
    expect(body).toEqual({ support_email: 'support@dolya.app' });
  });
});
