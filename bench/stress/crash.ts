/**
 * kill -9 during a write storm, then a restart on the same data: the database opens, every
 * acknowledged operation is there, and nothing is half-written. Repeated a few times on the same
 * data, so a crash that damages something shows up in the next round too.
 */
import { rng } from '../rng';
import { call } from './http';
import { checkIntegrity, integrityProblems, type IntegrityReport } from './checks';
import { seedWorld } from './seed';
import { startServer } from './server';
import { freshTarget } from './target';
import { emptyLog, runWriters } from './writers';

export interface CrashResult {
  database: string;
  cycles: number;
  acknowledged: number;
  /** Requests cut off by the kill: sent, never answered. They may or may not be there; both are fine. */
  cutOff: number;
  failures: number;
  /** Each start of the server: the first, then each restart after a kill. */
  startMs: number[];
  integrity: IntegrityReport;
  problems: string[];
}

export async function runCrash(options: { cycles: number; clients: number }): Promise<CrashResult> {
  const target = await freshTarget('crash');
  const random = rng(17);
  try {
    const seeding = await target.open();
    const world = await seedWorld(seeding, {
      users: options.clients,
      events: 1,
      eventSize: [options.clients, options.clients],
      operationsPerEvent: 0,
      seed: 9,
    });
    await seeding.close();
    const event = world.events[0]!;
    const log = emptyLog();
    const startMs: number[] = [];
    const problems: string[] = [];
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      const started = Date.now();
      const server = await startServer(target.env, `crash-${target.kind}`);
      startMs.push(Date.now() - started);
      const check = await call(server.url, world.users[0]!.token, 'GET', `/v1/event/${event.id}/`);
      if (check.status !== 200) problems.push(`after restart ${cycle}, the event answered ${check.status}`);
      let killed = false;
      const storm = runWriters(server.url, world.users, event, log, { stop: () => killed, seed: 100 + cycle });
      // Kill at a random moment 1.5–3.5 s into the storm, while writes are in flight.
      await new Promise((r) => setTimeout(r, 1500 + random() * 2000));
      killed = true;
      await server.kill();
      await storm;
    }
    const server = await startServer(target.env, `crash-${target.kind}`);
    await server.stop();
    const checking = await target.open();
    // A delete the kill cut off may have landed or not: either is a consistent database.
    const integrity = await checkIntegrity(checking, log.acknowledged, [...log.deleted, ...log.unansweredDeletes]);
    await checking.close();
    problems.push(...integrityProblems(integrity));
    if (log.failures.length) problems.push(`${log.failures.length} failed requests before a kill, e.g. ${log.failures.slice(0, 3).join('; ')}`);
    if (log.retryMismatches) problems.push(`${log.retryMismatches} retries answered with a different operation`);
    return {
      database: target.kind,
      cycles: options.cycles,
      acknowledged: new Set(log.acknowledged).size,
      cutOff: log.cutOff,
      failures: log.failures.length,
      startMs,
      integrity,
      problems,
    };
  } finally {
    await target.dispose();
  }
}
