import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, DataDirUnwritableError, lockDataDir } from './lock';

const dirs: string[] = [];
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('refuses a directory held by another live process', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      fs.writeFileSync(path.join(dir, 'dolya.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Dolya server/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'dolya.lock'), String(dead.pid));
    const lock = lockDataDir(dir);
    // The pid, and the moment the kernel started this process (field 22 of /proc/<pid>/stat).
    const started = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    expect(fs.readFileSync(path.join(dir, 'dolya.lock'), 'utf8')).toBe(`${process.pid} ${started}`);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'dolya.lock'))).toBe(false);
  });

  it('refuses a lock whose holder is the very process that wrote it, start time and all', () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      const started = fs.readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
      fs.writeFileSync(path.join(dir, 'dolya.lock'), `${holder.pid} ${started}`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now belongs to another live process (pids are reused after a reboot)', () => {
    const dir = tempDir();
    const stranger = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      // Written by an earlier process with this pid, started at another moment.
      fs.writeFileSync(path.join(dir, 'dolya.lock'), `${stranger.pid} 1`);
      const lock = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'dolya.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
      lock.release();
    } finally {
      stranger.kill('SIGKILL');
    }
  });

  it('says in one line what to do when the directory cannot be written, and the server stops with just that', async () => {
    // /sys refuses new directories even to root, as a read-only mount does.
    expect(() => lockDataDir('/sys/dolya-data')).toThrow(DataDirUnwritableError);
    expect(() => lockDataDir('/sys/dolya-data')).toThrow(/^The data directory \/sys\/dolya-data cannot be written \(E[A-Z]+\)\. .*DATA_DIR/);
    const { DATABASE_URL: _unused, ...env } = process.env;
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...env, DATA_DIR: '/sys/dolya-data', PORT: '18977', RATES_REFRESH: 'off', WEB_DIST: './.tmp/no-web' },
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/cannot be written/);
    expect(stderr).not.toMatch(/ at /);
  }, 30_000);

  it('lets the same directory be locked again after release', () => {
    const dir = tempDir();
    lockDataDir(dir).release();
    const again = lockDataDir(dir);
    again.release();
  });
});
