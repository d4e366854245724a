/**
 * Backup and restore of the embedded database (stop the server first):
 *   npm run db:backup -- backups/dolya.tar.gz
 *   npm run db:restore -- backups/dolya.tar.gz
 * DATA_DIR chooses the data directory (default ./data).
 */
import path from 'node:path';
import { backupDataDir, restoreDataDir } from '../server/db/backup';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: npm run db:backup -- <file>   |   npm run db:restore -- <file>');
    process.exit(2);
  }
  if (command === 'backup') {
    const { bytes } = await backupDataDir(dataDir, file);
    console.log(`Backed up ${dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
  } else {
    const { previous } = await restoreDataDir(file, dataDir);
    console.log(`Restored ${file} into ${dataDir}${previous ? `; the database that was there is kept in ${previous}` : ''}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
