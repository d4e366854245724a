/**
 * Starts the real server for the end-to-end run on a fresh data directory, and tees its log
 * to a file the tests read SMS codes from (the log provider writes one line per code).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-e2e-'));
const logFile = path.resolve(process.env.E2E_LOG ?? '.tmp/e2e-server.log');
fs.mkdirSync(path.dirname(logFile), { recursive: true });
fs.writeFileSync(logFile, '');
const log = fs.createWriteStream(logFile, { flags: 'a' });

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(log);
child.stderr.pipe(log);
child.stderr.pipe(process.stderr);

const stop = () => {
  child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
