import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database, type DatabaseTarget } from '../../server/db/client';
import { LogSmsSender } from '../../server/lib/sms';
import { TEMPLATE_FILE } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  sms: LogSmsSender;
  config: Config;
  close(): Promise<void>;
}

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * The file's own database (openTestDatabase), opened before its tests and closed and dropped after
 * them: call it at the top of a test file and read `database` in the tests.
 */
export function databaseForFile(): { database: TestDatabase } {
  const file = {} as { database: TestDatabase };
  beforeAll(async () => {
    file.database = await openTestDatabase();
  });
  afterAll(async () => {
    await file.database.close();
    await file.database.drop?.();
  });
  return file;
}

/**
 * A new embedded database, migrated, whatever DATABASE_URL says: a copy of the suite's template
 * (global-setup.ts), which loads in a fraction of the time migrating a new one takes.
 */
export function openEmbeddedTestDatabase(): Promise<Database> {
  const loadDataDir = fs.existsSync(TEMPLATE_FILE) ? new Blob([fs.readFileSync(TEMPLATE_FILE)]) : undefined;
  return openDatabase({ kind: 'pglite', loadDataDir });
}

/**
 * A fresh database for one test file: a copy of the migrated PGlite template, or, when
 * DATABASE_URL is set, a new database created on that PostgreSQL server and dropped afterwards.
 */
export async function openTestDatabase(
  postgres: Pick<Extract<DatabaseTarget, { kind: 'postgres' }>, 'preparedStatements'> = {},
): Promise<Database & { drop?: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return openEmbeddedTestDatabase();
  const name = `dolya_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), ...postgres });
  return {
    ...database,
    url: target.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', RATES_REFRESH: 'off', WEB_DIST: './.tmp/no-web', ...env });
  const database = await openTestDatabase();
  const sms = new LogSmsSender(() => undefined);
  const app = await buildApp({ config, database, sms, logger: false });
  await app.ready();
  return {
    app,
    database,
    sms,
    config,
    async close() {
      await app.close();
      await database.close();
      await database.drop?.();
    },
  };
}

/** Sends a request through the app and parses the JSON answer. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; res: LightMyRequestResponse }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await app.inject({ method, url, headers, payload: options.body as InjectOptions['payload'] });
  let body: unknown = null;
  if (res.body) {
    try {
      body = JSON.parse(res.body);
    } catch {
      body = res.body;
    }
  }
  return { status: res.statusCode, body, res };
}
