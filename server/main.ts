import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { keepPlannerStatistics } from './db/speed/planner-statistics';
import { DataDirLockedError, DataDirUnwritableError, lockDataDir, type DataDirLock } from './db/lock';
import { LogSmsSender, type SmsSender } from './lib/sms';
import { TwilioSmsSender } from './lib/twilio-sms';

const PRETTY_LOG = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,status,ms',
    // A request line (lib/request-log.ts) has fields and no message: 'GET /app/api/v1/event/ 200 in 4.1 ms'.
    messageFormat: '{if method}{method} {url} {status} in {ms} ms{end}{if msg}{msg}{end}',
  },
};

/** How often the embedded database's growth is looked at, for its planner statistics. */
const STATISTICS_CHECK_MS = 10 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.WORKERS > 1 && cluster.isPrimary) return runPrimary(config);
  let lock: DataDirLock | null = null;
  if (!config.DATABASE_URL) lock = lockDataDir(config.dataDir);

  // The server's logger exists only once the app is built; until then, the console.
  let warn = (message: string) => console.warn(message);
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
          onConnectionError: (error) => warn(`A database connection was closed: ${error.message}`),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  // Development reads the log in a terminal; production keeps JSON lines for whatever collects them.
  const logger = config.NODE_ENV === 'development' ? { level: config.LOG_LEVEL, transport: PRETTY_LOG } : { level: config.LOG_LEVEL };
  const app = await buildApp({
    config,
    database,
    sms: smsSender(config, (line) => app.log.info(line)),
    logger,
  });
  warn = (message) => app.log.warn(message);
  // PostgreSQL's autovacuum keeps its own; the embedded database has none (decision 0039).
  const statistics =
    database.kind === 'pglite'
      ? keepPlannerStatistics({ db: database.db, intervalMs: STATISTICS_CHECK_MS, log: (err) => app.log.warn({ err }, 'planner statistics not refreshed') })
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // app.close waits for in-flight requests; the database closes only after the last one. A client
    // still sending after the deadline loses its connection, so one slow client cannot keep a
    // stopped server alive with its port already refusing everyone else.
    const deadline = setTimeout(() => {
      app.log.warn(`requests still open after ${config.SHUTDOWN_SECONDS} s: closing their connections`);
      app.server.closeAllConnections();
    }, config.SHUTDOWN_SECONDS * 1000);
    await app.close();
    clearTimeout(deadline);
    await statistics?.stop();
    await database.close();
    lock?.release();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('exit', () => lock?.release());

  await app.listen({ port: config.PORT, host: config.HOST });
  statistics?.start();
  app.log.info(`Dolya is serving on http://localhost:${config.PORT} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

/** SMS_PROVIDER=log writes codes to the server log; twilio sends them (loadConfig has checked its settings). */
function smsSender(config: Config, log: (line: string) => void): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return new TwilioSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
      baseUrl: config.TWILIO_BASE_URL,
    });
  }
  return new LogSmsSender(log);
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || err instanceof DataDirUnwritableError || (err instanceof Error && err.message.startsWith('Invalid configuration'))) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
