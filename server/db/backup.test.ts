import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from './backup';
import { openDatabase } from './client';
import { meta } from './schema';

const dirs: string[] = [];
const temp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-backup-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function writeMarker(dataDir: string, value: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.db.insert(meta).values({ key: 'marker', value }).onConflictDoUpdate({ target: meta.key, set: { value } });
  await database.close();
}

async function readMarker(dataDir: string): Promise<string | undefined> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const rows = await database.db.select().from(meta).where(eq(meta.key, 'marker'));
  await database.close();
  return rows[0]?.value;
}

describe.skipIf(!!process.env.DATABASE_URL)('backup and restore of the embedded database', () => {
  it('restores exactly what was backed up, keeping the replaced database aside', async () => {
    const root = temp();
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'backups', 'dolya.tar.gz');
    await writeMarker(dataDir, 'before');
    await backupDataDir(dataDir, file);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    await writeMarker(dataDir, 'after');
    const { previous } = await restoreDataDir(file, dataDir);
    expect(await readMarker(dataDir)).toBe('before');
    expect(previous).not.toBeNull();
    expect(await readMarker(previous!)).toBe('after');
  }, 60_000);

  it('refuses to back up a directory a live server holds', async () => {
    const root = temp();
    const dataDir = path.join(root, 'data');
    await writeMarker(dataDir, 'x');
    fs.writeFileSync(path.join(dataDir, 'dolya.lock'), String(process.ppid));
    await expect(backupDataDir(dataDir, path.join(root, 'b.tar.gz'))).rejects.toThrow(/in use by another Dolya server/);
    expect(fs.existsSync(path.join(root, 'b.tar.gz'))).toBe(false);
  }, 60_000);

  it('refuses a directory with no database in it', async () => {
    await expect(backupDataDir(temp(), path.join(temp(), 'x.tar.gz'))).rejects.toThrow(/No database/);
  });
});
