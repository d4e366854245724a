/**
 * Where a stress scenario keeps its data: a fresh embedded data directory, or, when DATABASE_URL
 * is set, a fresh database created on that server for the scenario and dropped after it. The
 * scenarios never touch the database DATABASE_URL itself names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';

export interface StressTarget {
  kind: 'pglite' | 'postgres';
  /** What the server process needs in its environment to open this database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function freshTarget(name: string): Promise<StressTarget> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dolya-stress-${name}-`));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `dolya_stress_${name}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${database}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    dispose: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    },
  };
}
