import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { onTestFinished } from 'vitest';
import { EMPTY_TEMPLATE_FILE } from './global-setup';

let template: Blob | undefined;

/**
 * A new, empty embedded database, made from the copy of one that the suite's setup keeps: a new
 * PGlite runs initdb, some 2.5 s here, where loading the copy takes a tenth of that.
 */
export async function emptyPGlite(): Promise<PGlite> {
  if (!template && fs.existsSync(EMPTY_TEMPLATE_FILE)) template = new Blob([fs.readFileSync(EMPTY_TEMPLATE_FILE)]);
  return PGlite.create(template ? { loadDataDir: template } : undefined);
}

/** An empty embedded database of its own for the running test, closed when that test ends. */
export async function freshPGlite(): Promise<PGlite> {
  const client = await emptyPGlite();
  onTestFinished(() => client.close());
  return client;
}
