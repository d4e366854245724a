/**
 * pgbouncer (Debian's package) in front of a stress scenario's PostgreSQL database, in transaction
 * pooling: the API processes connect to it, and it shares a few server connections among them.
 * The server sends no named prepared statement when told (`DATABASE_PREPARED_STATEMENTS=off`: this
 * pgbouncer, 1.18, cannot follow them), sets nothing on a session and takes only
 * transaction-scoped advisory locks, all of which transaction pooling allows.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server';

export interface Pgbouncer {
  /** The same database as the one given, reached through pgbouncer. */
  url: string;
  stop(): Promise<void>;
}

const BINARY = '/usr/sbin/pgbouncer';

export function pgbouncerInstalled(): boolean {
  return fs.existsSync(BINARY);
}

/** `serverConnections`: how many connections to PostgreSQL pgbouncer keeps for this database. */
export async function startPgbouncer(databaseUrl: string, serverConnections: number): Promise<Pgbouncer> {
  if (!pgbouncerInstalled()) throw new Error('pgbouncer is not installed: apt-get install -y pgbouncer');
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-pgbouncer-'));
  fs.chmodSync(dir, 0o777);
  const config = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    config,
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${decodeURIComponent(target.username) || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 1000',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  fs.chmodSync(config, 0o644);
  // pgbouncer refuses to run as root, so then it runs as postgres (whose cluster this is); setpriv
  // execs it in place, so the signal that stops it reaches pgbouncer itself.
  const asRoot = process.getuid?.() === 0;
  const child = asRoot
    ? spawn('setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', BINARY, config], { stdio: 'ignore' })
    : spawn(BINARY, [config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}; see ${path.join(dir, 'pgbouncer.log')}`);
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer within 15 s; see ${path.join(dir, 'pgbouncer.log')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url: url.toString(),
    stop: async () => {
      // SIGTERM: stop now (SIGINT would wait for clients that have already gone).
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
