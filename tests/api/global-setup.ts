import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client';
import { seedRatesIfEmpty } from '../../server/modules/currency/rates-seed';

/**
 * Migrating a new PGlite costs seconds; loading a dump of an already migrated one costs under one.
 * So the API suite migrates once here and every test file starts from a copy of the result.
 */
export const TEMPLATE_FILE = path.resolve('.tmp/pglite-template.tar.gz');
/** The same for a new database before any migration (fresh-pglite.ts). */
export const EMPTY_TEMPLATE_FILE = path.resolve('.tmp/pglite-empty.tar');

export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const empty = await PGlite.create();
  const emptyDump = await empty.dumpDataDir('none');
  await empty.close();
  fs.writeFileSync(EMPTY_TEMPLATE_FILE, Buffer.from(await emptyDump.arrayBuffer()));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: emptyDump });
  // The bundled rate history takes seconds to load; loading it once here spares every file that.
  await seedRatesIfEmpty(database.db);
  const dump = await database.dump!();
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
