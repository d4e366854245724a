/**
 * A second API process, as far as repeating operations go: opens the PostgreSQL database named on
 * the command line and makes every occurrence due at the given moment, as each server process's
 * scheduler does. server/modules/recurrences/recurrences.test.ts runs two of these at once beside
 * its own pool.
 */
import { openDatabase } from '../../server/db/client';
import { makeAllDue } from '../../server/modules/recurrences/occurrences';

const [url, now] = process.argv.slice(2);
if (!url || !now) throw new Error('usage: make-due-process.ts <postgres url> <ISO moment>');
const database = await openDatabase({ kind: 'postgres', url });
try {
  process.stdout.write(String(await makeAllDue(database.db, new Date(now))));
} finally {
  await database.close();
}
