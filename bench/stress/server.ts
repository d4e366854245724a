/** The real server as its own process, the way `npm start` runs it, for the stress scenarios and reports. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Where the server's stdout and stderr go (appended to across runs). */
  logFile: string;
  /** Ctrl-C: in-flight requests finish, the database closes. */
  stop(): Promise<void>;
  /** kill -9: nothing gets to finish. */
  kill(): Promise<void>;
}

let nextPort = process.env.STRESS_PORT ? Number(process.env.STRESS_PORT) : null;

/** A port nobody listens on now: others run servers on this machine too, so a fixed one may be taken. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `env` adds to or overrides the defaults (no web app, warnings only, no rates refresh). */
export async function startServer(env: Record<string, string>, logName: string): Promise<RunningServer> {
  const port = nextPort === null ? await freePort() : nextPort++;
  const logFile = path.resolve('.tmp', `stress-${logName}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'a');
  // The scenario's own database only: never the one DATABASE_URL names for the whole run.
  const { DATABASE_URL: _base, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATES_REFRESH: 'off',
      WEB_DIST: './.tmp/no-web',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/app/api/v1/health/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    logFile,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
