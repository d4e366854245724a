#!/usr/bin/env node
/**
 * Runs a command against a real PostgreSQL server: the one DATABASE_URL names, or else a
 * throwaway cluster of Debian's postgresql started on loopback for the length of the command.
 *   node scripts/with-postgres.mjs vitest run --project api
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(cmd, args, env) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env, shell: false });
  return res.status ?? 1;
}

function npxBin(name) {
  const local = path.resolve('node_modules/.bin', name);
  return fs.existsSync(local) ? local : name;
}

if (process.env.DATABASE_URL) {
  process.exit(run(npxBin(command[0]), command.slice(1), process.env));
}

const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null;
if (!bin || !fs.existsSync(`${bin}/initdb`)) {
  console.error('PostgreSQL is not installed: apt-get install -y postgresql (or set DATABASE_URL).');
  process.exit(1);
}

// PostgreSQL refuses to run as root, so the cluster belongs to the postgres user when we are root.
const asRoot = process.getuid?.() === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-pg-'));
fs.chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
const serverLog = path.join(dir, 'server.log');
const as = (args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);

function pg(args) {
  const [cmd, rest] = as(args);
  execFileSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Starts the cluster on a random port of 55432-56431, which lies in Linux's range of ports given
 * to outgoing connections: a port another socket holds makes the start fail, so another is tried.
 * A start that fails prints the server's log, which the cleanup below would otherwise delete.
 */
function start(attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const port = 55432 + Math.floor(Math.random() * 1000);
    const logged = fs.existsSync(serverLog) ? fs.statSync(serverLog).size : 0;
    try {
      pg([
        `${bin}/pg_ctl`,
        '-D',
        dataDir,
        '-l',
        serverLog,
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
        'start',
      ]);
      return port;
    } catch (err) {
      if (fs.existsSync(serverLog)) console.error(fs.readFileSync(serverLog).subarray(logged).toString());
      if (attempt >= attempts) throw err;
      console.error(`PostgreSQL did not start on port ${port}; trying another`);
    }
  }
}

let code = 1;
try {
  pg([`${bin}/initdb`, '-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL ${versions.at(-1)} on ${url}`);
  code = run(npxBin(command[0]), command.slice(1), { ...process.env, DATABASE_URL: url });
} finally {
  try {
    pg([`${bin}/pg_ctl`, '-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    /* already stopped */
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
