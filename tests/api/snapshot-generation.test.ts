/**
 * A request's read point as the database gives it. Its write generation is the snapshot on
 * PostgreSQL (decision 0047) and the count of writes on the embedded database (0040). It must move
 * whenever a write ends on any connection, committed or rolled back, or a process would answer a
 * read kept from before another process's write. Its sessions generation must move whenever a
 * session may have ended, on any connection, or a process would let a signed-out token in (0049).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseForFile } from './harness';
import { rowsOf } from '../../server/db/rows';

const file = databaseForFile();

const point = async () => file.database.writes.current();
const generation = async () => (await point()).writes;
const sessionsGeneration = async () => (await point()).sessions;

/** Runs statements on a connection of its own (PostgreSQL), or on the one connection there is (embedded). */
async function onAnotherConnection(statements: string[]): Promise<void> {
  const { url, db } = file.database;
  if (!url) {
    for (const statement of statements) await db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('the write generation', () => {
  it('moves when another connection commits a write, and when it rolls one back', async () => {
    const before = await generation();
    await onAnotherConnection([`insert into meta (key, value) values ('snapshot_test', '1')`]);
    const committed = await generation();
    expect(committed).not.toBe(before);

    await onAnotherConnection(['begin', `update meta set value = '2' where key = 'snapshot_test'`, 'rollback']);
    const rolledBack = await generation();
    expect(rolledBack).not.toBe(committed);
    expect(rolledBack).not.toBe(before);
  });

  it('moves its sessions generation when a session is signed out, revoked, expired or removed, or its user deleted, restored or removed', async () => {
    const { db } = file.database;
    const [user] = rowsOf<{ id: number }>(await db.execute(sql.raw(`insert into users (phone, password_hash) values ('+79990000049', 'x') returning id`)));
    await db.execute(sql.raw(`insert into sessions (user_id, token_hash, expires_at) values (${user!.id}, 'generation-test', now() + interval '1 day')`));
    const changes: [string, string[]][] = [
      ['signed out', [`update sessions set revoked_at = now() where token_hash = 'generation-test'`]],
      ['expired', [`update sessions set expires_at = now() where token_hash = 'generation-test'`]],
      ['user deleted', [`update users set deleted_at = now() where id = ${user!.id}`]],
      ['user restored', [`update users set deleted_at = null where id = ${user!.id}`]],
      ['session removed', [`delete from sessions where token_hash = 'generation-test'`]],
      ['user removed', [`delete from users where id = ${user!.id}`]],
    ];
    for (const [what, statements] of changes) {
      const before = await sessionsGeneration();
      await onAnotherConnection(statements);
      expect(await sessionsGeneration(), what).not.toBe(before);
    }
  });

  it('keeps its sessions generation through writes that end no session', async () => {
    const before = await sessionsGeneration();
    await onAnotherConnection([`insert into meta (key, value) values ('sessions_test', '1')`]);
    await onAnotherConnection(['begin', `update meta set value = '2' where key = 'sessions_test'`, 'commit']);
    expect(await sessionsGeneration()).toBe(before);
  });

  it.runIf(!!process.env.DATABASE_URL)('keeps its sessions generation on PostgreSQL through a sign-in and a sign-out rolled back', async () => {
    // The embedded database goes by the statement's text (decision 0052): these name the sessions, so it moves, which only looks sessions up again.
    const before = await sessionsGeneration();
    await onAnotherConnection([`insert into sessions (user_id, token_hash, expires_at) values (0, 'signed-in-test', now() + interval '1 day')`]);
    await onAnotherConnection(['begin', `update sessions set revoked_at = now()`, 'rollback']);
    expect(await sessionsGeneration()).toBe(before);
  });

  it.runIf(!!process.env.DATABASE_URL)('lets a sign-out wait for a revocation of the same sessions, rather than deadlock on the count', async () => {
    const { db, url } = file.database;
    await db.execute(
      sql.raw(
        `insert into sessions (user_id, token_hash, expires_at) values (0, 'one-of-two', now() + interval '1 day'), (0, 'two-of-two', now() + interval '1 day')`,
      ),
    );
    const revoking = new pg.Client({ connectionString: url });
    const signingOut = new pg.Client({ connectionString: url });
    await Promise.all([revoking.connect(), signingOut.connect()]);
    try {
      // Revoking a person's sessions one by one, as revokeAllSessions does: the first is done.
      await revoking.query('begin');
      await revoking.query(`update sessions set revoked_at = now() where token_hash = 'one-of-two'`);
      // Meanwhile the second signs out, and waits.
      const signedOut = signingOut.query(`update sessions set revoked_at = now() where token_hash = 'two-of-two'`);
      const pid = (signingOut as unknown as { processID: number }).processID;
      for (let waited = 0; ; waited += 20) {
        const waiting = await revoking.query(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
        if (waiting.rows[0]?.wait_event_type === 'Lock') break;
        if (waited > 5000) throw new Error('the sign-out never waited');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The revocation reaches the second session: had the sign-out locked it first, one would die.
      await revoking.query(`update sessions set revoked_at = now() where token_hash = 'two-of-two'`);
      await revoking.query('commit');
      await signedOut;
    } finally {
      await Promise.all([revoking.end(), signingOut.end()]);
    }
  });
});
