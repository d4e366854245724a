import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own, and two processes on one data directory corrupt it.
 * The lock is a file holding the owner's pid and, where the system tells it (Linux /proc), the
 * moment the kernel started that process; it is created exclusively. A lock whose process is gone
 * (a crash, kill -9) is taken over at once, and so is one whose pid now belongs to another process
 * (after a reboot pids are handed out again): its start time differs. A restart never waits.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dir} is in use by another Dolya server (pid ${pid}). ` + 'Stop that server first, or start this one with another DATA_DIR.');
    this.name = 'DataDirLockedError';
  }
}

/** The directory cannot be written (read-only, or another user's): say so in one line. */
export class DataDirUnwritableError extends Error {
  constructor(
    readonly dir: string,
    code: string,
  ) {
    super(`The data directory ${dir} cannot be written (${code}). Give this user write access to it, or set DATA_DIR to a writable directory.`);
    this.name = 'DataDirUnwritableError';
  }
}

const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR']);

/** When the kernel started process `pid` (clock ticks since boot), or null where /proc does not say. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Still held: the pid is alive and, when the lock recorded it, is the same process that wrote it. */
function isHeld(content: string): number | null {
  const [pidText, started] = content.trim().split(/\s+/);
  const holder = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(holder) || holder <= 0 || holder === process.pid || !isAlive(holder)) return null;
  const now = startTimeOf(holder);
  if (started && now !== null && now !== started) return null;
  return holder;
}

export function lockDataDir(dir: string): DataDirLock {
  try {
    return takeLock(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code && UNWRITABLE.has(code)) throw new DataDirUnwritableError(dir, code);
    throw err;
  }
}

function takeLock(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'dolya.lock');
  const mine = [process.pid, startTimeOf(process.pid)].filter((part) => part !== null).join(' ');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === mine) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = isHeld(fs.readFileSync(file, 'utf8'));
      if (holder !== null) throw new DataDirLockedError(dir, holder);
      // A stale lock, from a process that is gone or whose pid is now another's: remove it and try again.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
