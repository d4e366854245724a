import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * Repeated statements go to PostgreSQL as named prepared statements (decision 0054). Off behind
   * a pooler in transaction mode that cannot follow them (pgbouncer before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('./dist/web'),
  PUBLIC_DIR: z.string().default('./public'),
  TRUST_PROXY: flag.default(false),
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  RATES_REFRESH: flag.default(true),
  RATES_ECB_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  RATES_CBR_URL: z.url().default('https://www.cbr.ru/scripts/XML_daily.asp'),
  RATES_REFRESH_HOURS: z.coerce.number().positive().default(24),
  /** How long one rates file may take to arrive before the source counts as unreachable. */
  RATES_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** How often each process looks for repeating operations due; a missed one waits at most this long. */
  RECURRENCE_TICK_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
  SUPPORT_EMAIL: z.string().default('support@dolya.app'),
  /**
   * Specification §6 '(unless access checking is off)': off lets every participant regroup an
   * event's families and remove people, for groups that want it; on, only the event's owner.
   */
  ACCESS_CHECKING: flag.default(true),
  /** Code requests one address may make an hour; the end-to-end server, where every browser is 127.0.0.1, raises it. */
  CODE_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** How long an SMS code stays valid; only the real-server test shortens it, to watch a code expire. */
  CODE_TTL_SECONDS: z.coerce.number().int().positive().max(86_400).default(600),
  /**
   * How long one request may take to arrive, body included: the largest picture over a slow phone
   * connection takes a few seconds, so 30 is plenty, and a client trickling bytes is cut off.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(600).default(30),
  /** After SIGTERM or Ctrl-C, how long requests in flight may take before their connections are closed. */
  SHUTDOWN_SECONDS: z.coerce.number().int().positive().max(600).default(10),
  /**
   * API processes sharing the port (node:cluster). Above 1 only on PostgreSQL: the embedded
   * database belongs to the one process that opened its data directory.
   */
  WORKERS: z.coerce.number().int().positive().max(64).default(1),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

/** Reads the environment once at start; a bad value stops the server with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  if (parsed.data.SMS_PROVIDER === 'twilio') {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!parsed.data[key]) throw new Error(`Invalid configuration:\n  ${key}: required when SMS_PROVIDER=twilio`);
    }
  }
  if (parsed.data.WORKERS > 1 && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  WORKERS: above 1 needs DATABASE_URL (the embedded database can be opened by one process only)');
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
