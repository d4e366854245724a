import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '../common/contract/health';
import { call, createTestApp, openTestDatabase, type TestApp } from '../tests/api/harness';
import { buildApp } from './app';
import { HEALTH_CHECK_FRESH_MS } from './modules/health/routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the API shell', () => {
  it('reports database reachability on /app/api/v1/health/', async () => {
    const { status, body } = await call(t.app, 'GET', '/app/api/v1/health/');
    expect(status).toBe(200);
    expect(healthResponse.parse(body)).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const { status, body, res } = await call(t.app, 'GET', '/app/api/v1/nothing-here/');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not found', code: 'not_found' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends security headers and a CSP without inline scripts', async () => {
    const { res } = await call(t.app, 'GET', '/app/api/v1/health/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps a short plain X-Request-Id from the caller and replaces anything else with its own', async () => {
    const echoed = await t.app.inject({ method: 'GET', url: '/app/api/v1/health/', headers: { 'x-request-id': 'phone-4f2a.17' } });
    expect(echoed.headers['x-request-id']).toBe('phone-4f2a.17');
    for (const hostile of [`<script>${'x'.repeat(4096)}</script>`, 'a'.repeat(65), 'id with spaces', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/app/api/v1/health/', headers: { 'x-request-id': hostile } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('refuses malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/v1/health/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(JSON.parse(res.body)).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});

describe('the health route with the database gone', () => {
  it('answers 503 and says the database is unreachable, once its last check is over a second old', async () => {
    const database = await openTestDatabase();
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const app = await buildApp({ config: t.config, database, sms: t.sms, logger: false, now: () => new Date(clock) });
    await app.ready();
    try {
      expect((await call(app, 'GET', '/app/api/v1/health/')).status).toBe(200);
      await database.close();
      clock += HEALTH_CHECK_FRESH_MS - 1;
      expect((await call(app, 'GET', '/app/api/v1/health/')).status).toBe(200);
      clock += 1;
      const { status, body } = await call(app, 'GET', '/app/api/v1/health/');
      expect(status).toBe(503);
      expect(healthResponse.parse(body)).toEqual({ status: 'unavailable', database: 'unreachable' });
    } finally {
      await app.close();
      await database.drop?.();
    }
  });
});
