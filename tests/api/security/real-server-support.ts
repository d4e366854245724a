/** A real server process on a database of its own, for the tests that need sockets and signals. */
import fs from 'node:fs';
import { startServer, type RunningServer } from '../../../bench/stress/server';
import { freshTarget, type StressTarget } from '../../../bench/stress/target';
import { openDatabase } from '../../../server/db/client';
import { TEMPLATE_FILE } from '../global-setup';

export interface RealServer {
  server: RunningServer;
  target: StressTarget;
  /** Stops the server (Ctrl-C) unless it has exited already, and drops its database. */
  dispose(): Promise<void>;
}

export async function startRealServer(name: string, env: Record<string, string>): Promise<RealServer> {
  const target = await freshTarget(name);
  if (target.kind === 'pglite' && fs.existsSync(TEMPLATE_FILE)) {
    // Migrating and loading the rate history into an empty directory takes the server tens of seconds
    // on a busy machine; starting from the suite's migrated template spares that.
    const seeded = await openDatabase({ kind: 'pglite', dataDir: target.env.DATA_DIR!, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]) });
    await seeded.close();
  }
  const server = await startServer({ ...target.env, ...env }, `${name}-${process.pid}`);
  return {
    server,
    target,
    async dispose() {
      try {
        if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
        fs.rmSync(server.logFile, { force: true });
      } finally {
        await target.dispose();
      }
    },
  };
}
