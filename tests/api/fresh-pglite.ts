import { PGlite } from '@electric-sql/pglite';
import { onTestFinished } from 'vitest';

/** An empty embedded database of its own for the running test, closed when that test ends. */
export async function freshPGlite(): Promise<PGlite> {
  const client = new PGlite();
  onTestFinished(() => client.close());
  await client.waitReady;
  return client;
}
