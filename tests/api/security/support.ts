/**
 * Shared by the security tests: a cheap fingerprint of everything a person can own, and the list of
 * routes the app actually registered, read from Fastify itself so that a new endpoint shows up here
 * without anyone remembering to add it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ERROR_MESSAGES, type ErrorCode } from '../../../common/errors';
import type { TestApp } from '../harness';
import { rowsOf } from '../../../server/db/rows';

/**
 * What a refused request must leave alone. Left out on purpose: sessions' last_seen_at (every
 * signed-in request touches it), auth_codes and rate_limits (refused requests count towards the
 * limits by design, docs/api.md), image_variants and spending_days/spending_day_offsets (caches
 * filled on read: My share keeps a reader's time zone's days on its first read, decision 0045) and
 * rates/meta.
 */
const FINGERPRINTED = {
  users: 'select * from users',
  families: 'select * from families',
  sessions: 'select id, user_id, token_hash, remember, created_at, expires_at, revoked_at from sessions',
  contacts: 'select * from contacts',
  images: 'select id, owner_id, etag, width, height from images',
  events: 'select * from events',
  event_participants: 'select * from event_participants',
  operations: 'select * from operations',
  operation_entries: 'select * from operation_entries',
  operation_debts: 'select * from operation_debts',
  pair_balances: 'select * from pair_balances',
  recurrences: 'select * from recurrences',
  operation_seen: 'select * from operation_seen',
} as const;

const FINGERPRINT_SQL = `select ${Object.entries(FINGERPRINTED)
  .map(([name, query]) => `(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from (${query}) x) as ${name}`)
  .join(', ')}`;

/** One row per table, each a count and an md5 of every row: equal fingerprints mean nothing was written. */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const [row] = rowsOf<Record<string, string>>(await t.database.db.execute(sql.raw(FINGERPRINT_SQL)));
  return { ...row! };
}

/**
 * Every route as 'METHOD /path' (no trailing slash), from `printRoutes`. HEAD routes Fastify adds
 * beside a GET are the same handler and are left out.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const found = new Map<string, Set<string>>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) throw new Error(`cannot read the route line ${JSON.stringify(line)}`);
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    const path = stack.join('').replace(/(.)\/+$/, '$1');
    const methods = found.get(path) ?? new Set<string>();
    for (const method of m[3]?.split(',').map((s) => s.trim()) ?? []) methods.add(method);
    found.set(path, methods);
  }
  const out: string[] = [];
  for (const [path, methods] of found) {
    for (const method of methods) if (!(method === 'HEAD' && methods.has('GET'))) out.push(`${method} ${path}`);
  }
  return out.sort();
}

/** Routes that hold nobody's data by id: sign-in, health, public configuration, the API's description, currencies and the static web app. */
export const PUBLIC_ROUTES = [
  'GET /app/api/v1/health',
  'GET /app/api/v1/config',
  'GET /app/api/docs/openapi.json',
  // The API's reference page and its files: the same public document, readable.
  'GET /app/api/docs',
  'GET /app/api/docs*',
  'GET /app/api/docs/json',
  'GET /app/api/docs/yaml',
  'GET /app/api/docs/static/index.html',
  'GET /app/api/docs/static/swagger-initializer.js',
  'GET /app/api/docs/static/theme/dolya-contrast.css',
  'GET /app/api/docs/static/theme/dolya-landmarks.js',
  'GET /app/api/v1/currency',
  'GET /app/api/v1/currency/rate',
  'POST /app/api/v2/auth/code',
  'POST /app/api/v2/auth/code/check',
  'POST /app/api/v2/auth/password',
  'POST /app/api/v2/auth/login',
  'GET /.well-known/apple-app-site-association',
] as const;

/** A refusal as docs/api.md promises it: `{ error, code }`, the message being the code's. */
export function expectErrorBody(body: unknown, context: unknown): void {
  const b = body as { error?: unknown; code?: unknown } | null;
  const seen = JSON.stringify({ context, body }).slice(0, 2000);
  expect(typeof b?.code, seen).toBe('string');
  expect(b!.error, seen).toBe(ERROR_MESSAGES[b!.code as ErrorCode]);
}
