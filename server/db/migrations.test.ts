import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const cleanup: string[] = [];
afterEach(async () => {
  for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The migrations folder as it was after its first `count` migrations, for upgrading a database made then. */
async function firstMigrations(count: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dolya-migrations-'));
  cleanup.push(dir);
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe('upgrading a database made before image keys (0001_image_keys)', () => {
  it('gives every stored picture its own random key and then requires one', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: await firstMigrations(1) });
      for (let i = 0; i < 3; i++) {
        await db.execute(sql`insert into images (owner_id, data, width, height, etag) values (null, '\\x00'::bytea, 80, 80, 'e')`);
      }
      await migrate(db, { migrationsFolder });
      const { rows } = await db.execute<{ key: string }>(sql`select key from images order by id`);
      expect(rows).toHaveLength(3);
      for (const { key } of rows) expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(rows.map((r) => r.key)).size).toBe(3);
      await expect(db.execute(sql`insert into images (owner_id, data, width, height, etag) values (null, '\\x00'::bytea, 80, 80, 'e')`)).rejects.toThrow();
      await expect(db.execute(sql`insert into images (key, owner_id, data, width, height, etag) values (${rows[0]!.key}, null, '\\x00'::bytea, 80, 80, 'e')`)).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});
