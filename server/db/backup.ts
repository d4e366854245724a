import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client';
import { lockDataDir } from './lock';

/**
 * Backup and restore of the embedded database. Both take the data directory's lock, so they
 * refuse to run while a server uses it (a copy of a live PGlite directory is not consistent).
 */
export async function backupDataDir(dataDir: string, outFile: string): Promise<{ bytes: number }> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`No database in ${dataDir}`);
  const lock = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const dump = await database.dump!();
      const bytes = Buffer.from(await dump.arrayBuffer());
      fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
      // Written beside the target and renamed, so a failed backup never leaves half a file under the name.
      const partial = `${outFile}.partial`;
      fs.writeFileSync(partial, bytes);
      fs.renameSync(partial, outFile);
      return { bytes: bytes.length };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Restores a backup into a data directory. An existing database there is moved aside to
 * `<dir>.before-restore-<time>` rather than deleted, so a wrong restore loses nothing.
 */
export async function restoreDataDir(backupFile: string, dataDir: string): Promise<{ previous: string | null }> {
  const archive = fs.readFileSync(backupFile);
  const lock = lockDataDir(dataDir);
  let previous: string | null = null;
  try {
    const entries = fs.readdirSync(dataDir).filter((f) => f !== 'dolya.lock');
    if (entries.length > 0) {
      previous = `${path.resolve(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.mkdirSync(previous);
      for (const entry of entries) fs.renameSync(path.join(dataDir, entry), path.join(previous, entry));
    }
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([archive]) });
    // Opening applies any migration newer than the backup; a ping proves the result is usable.
    const ok = await database.ping();
    await database.close();
    if (!ok) throw new Error('The restored database does not answer');
    return { previous };
  } finally {
    lock.release();
  }
}
