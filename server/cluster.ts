import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { openDatabase } from './db/client';

/**
 * WORKERS=N on PostgreSQL: this process migrates the database once, then keeps N API processes
 * serving the one port (node:cluster hands each a share of the connections). They share nothing
 * but the database: sessions, rate limits, idempotency keys and repeating operations all live
 * there. One of them refreshes exchange rates. A process that dies is replaced; one that dies
 * before it ever listened (a port taken, a bad database) stops them all, since its twin would too.
 */
export async function runPrimary(config: Config): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL!, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  await database.close();

  let closing = false;
  const stopAll = (signal: NodeJS.Signals) => {
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  const start = (index: number): Worker => {
    const worker = cluster.fork({ DOLYA_WORKER: String(index), ...(index > 0 ? { RATES_REFRESH: 'off' } : {}) });
    let listened = false;
    worker.once('listening', () => (listened = true));
    worker.once('exit', (code, signal) => {
      if (closing) return;
      if (!listened) {
        console.error(`API process ${index} stopped before it was serving (${signal ?? `exit ${code}`}); stopping all`);
        process.exitCode = 1;
        stopAll('SIGTERM');
        return;
      }
      console.error(`API process ${index} (pid ${worker.process.pid}) stopped (${signal ?? `exit ${code}`}); starting another`);
      start(index);
    });
    return worker;
  };
  for (let i = 0; i < config.WORKERS; i++) start(i);
  cluster.on('exit', () => {
    if (closing && Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  // Ctrl-C reaches every process of the terminal's group; a SIGTERM from a supervisor reaches only this one.
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  console.log(`Dolya is starting ${config.WORKERS} API processes on port ${config.PORT} (PostgreSQL)`);
}
