import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/api/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { LogSmsSender } from '../lib/sms';

/** The server's log as the lines it wrote, parsed. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database & { drop?: () => Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', RATES_REFRESH: 'off', WEB_DIST: './.tmp/no-web' });
  app = await buildApp({ config, database, sms: new LogSmsSender(() => undefined), logger: { level: 'info', stream: sink } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await database.drop?.();
});

describe('the request log', () => {
  it('writes one line per request with its method, path, status, time and request id', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/app/api/v1/health/', headers: { 'x-request-id': 'phone-1' } });
    await app.inject({ method: 'GET', url: '/app/api/v1/nothing-here/?q=1', headers: { 'x-request-id': 'phone-2' } });
    await app.inject({ method: 'GET', url: '/app/api/v1/event/' });
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => [l.reqId, l.method, l.url, l.status])).toEqual([
      ['phone-1', 'GET', '/app/api/v1/health/', 200],
      ['phone-2', 'GET', '/app/api/v1/nothing-here/?q=1', 404],
      [expect.any(String), 'GET', '/app/api/v1/event/', 401],
    ]);
    for (const line of lines) {
      expect(line.ms).toEqual(expect.any(Number));
      // Not the whole request and answer, which Fastify's own two lines carried.
      expect(line).not.toHaveProperty('req');
      expect(line).not.toHaveProperty('res');
    }
  });

  it('keeps the bearer token out of the log', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/app/api/v1/event/', headers: { authorization: 'Bearer secret-token-123' } });
    expect(JSON.stringify(lines)).not.toContain('secret-token-123');
  });
});
