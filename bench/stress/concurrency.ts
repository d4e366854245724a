/**
 * Twenty clients adding and deleting operations in one event at once, with retries racing their
 * originals: afterwards exactly the acknowledged, undeleted operations are live, no key was
 * recorded twice, and the balances are exact.
 */
import { sql } from 'drizzle-orm';
import { checkIntegrity, integrityProblems, type IntegrityReport } from './checks';
import { seedWorld } from './seed';
import { startServer } from './server';
import { freshTarget } from './target';
import { emptyLog, runWriters } from './writers';
import { rowsOf } from '../../server/db/rows';

export interface ConcurrencyResult {
  database: string;
  clients: number;
  rounds: number;
  acknowledged: number;
  deleted: number;
  seconds: number;
  integrity: IntegrityReport;
  problems: string[];
}

export async function runConcurrency(options: { clients: number; rounds: number }): Promise<ConcurrencyResult> {
  const target = await freshTarget('race');
  try {
    const seeding = await target.open();
    const world = await seedWorld(seeding, {
      users: options.clients,
      events: 1,
      eventSize: [options.clients, options.clients],
      operationsPerEvent: 0,
      seed: 3,
    });
    await seeding.close();
    const server = await startServer(target.env, `race-${target.kind}`);
    const log = emptyLog();
    const started = Date.now();
    await runWriters(server.url, world.users, world.events[0]!, log, { rounds: options.rounds, seed: 5 });
    const seconds = (Date.now() - started) / 1000;
    await server.stop();

    const checking = await target.open();
    const integrity = await checkIntegrity(checking, log.acknowledged, log.deleted);
    const live = rowsOf<{ id: number }>(await checking.db.execute(sql`select id from operations where deleted_at is null`)).map((r) => Number(r.id));
    await checking.close();

    const problems = integrityProblems(integrity);
    const expected = new Set(log.acknowledged.filter((id) => !log.deleted.includes(id)));
    const extra = live.filter((id) => !expected.has(id));
    if (extra.length) problems.push(`${extra.length} live operations nobody was told about (duplicates)`);
    if (log.retryMismatches) problems.push(`${log.retryMismatches} retries answered with a different operation`);
    if (log.failures.length) problems.push(`${log.failures.length} failed requests, e.g. ${log.failures.slice(0, 3).join('; ')}`);
    return {
      database: target.kind,
      clients: options.clients,
      rounds: options.rounds,
      acknowledged: new Set(log.acknowledged).size,
      deleted: log.deleted.length,
      seconds,
      integrity,
      problems,
    };
  } finally {
    await target.dispose();
  }
}
