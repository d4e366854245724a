import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { openEmbeddedTestDatabase } from '../../../tests/api/harness';
import { getMeta, setMeta } from '../meta';
import { meta } from '../schema';
import { isPlainRead, mayEndSession, SnapshotWatch, WriteGeneration } from './write-generation';

describe('isPlainRead', () => {
  it('takes plain selects for reads and anything that may write for a write', () => {
    expect(isPlainRead('select "id" from "events" where "id" = $1')).toBe(true);
    expect(isPlainRead('  SELECT 1')).toBe(true);
    expect(isPlainRead('select "deleted_at", "updated_at" from "operations"')).toBe(true);
    for (const write of [
      'insert into "events" ("name") values ($1)',
      'update "events" set "name" = $1',
      'delete from "events"',
      'with moved as (update "operations" set "event_id" = $1 returning "id") select * from moved',
      "select nextval('events_id_seq')",
      'select pg_advisory_xact_lock(1)',
      'select * from "operations" for update',
      'analyze',
      '(select 1) union (select 2)',
    ]) {
      expect(isPlainRead(write), write).toBe(false);
    }
  });
});

describe('mayEndSession', () => {
  it('takes any write that names the sessions or the users, and nothing else', () => {
    for (const ending of [
      'update "sessions" set "revoked_at" = $1 where "sessions"."token_hash" = $2',
      'delete from sessions where expires_at < now()',
      'update "users" set "deleted_at" = $1 where "users"."id" = $2',
      'DELETE FROM Users WHERE id = $1',
      'truncate sessions',
      'with gone as (delete from "users" where "id" = $1 returning "id") select * from gone',
    ]) {
      expect(mayEndSession(ending), ending).toBe(true);
    }
    for (const other of [
      'select "sessions"."user_id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"',
      'insert into "operations" ("event_id", "author_id") values ($1, $2)',
      'update "event_participants" set seen_live = seen_live + 1 where user_id = $1',
      'select "events"."id" from "events" where "events"."id" = $1 for update',
    ]) {
      expect(mayEndSession(other), other).toBe(false);
    }
  });
});

describe('WriteGeneration', () => {
  it('moves on once a write has ended, committed or not, and not before', async () => {
    const writes = new WriteGeneration();
    let during: number | undefined;
    await writes.around(async () => {
      during = writes.current().writes;
    });
    expect([during, writes.current().writes]).toEqual([0, 1]);
    await expect(writes.around(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(writes.current()).toEqual({ writes: 2, sessions: 2 });
  });

  it('moves the sessions count only for a write that may have ended a session, once it has ended', async () => {
    const writes = new WriteGeneration();
    let ended = false;
    await writes.around(
      async () => {
        ended = true;
      },
      () => ended,
    );
    await writes.around(
      async () => undefined,
      () => false,
    );
    expect(writes.current()).toEqual({ writes: 2, sessions: 1 });
  });
});

describe('SnapshotWatch', () => {
  /** A read of the snapshot the test answers when it likes, numbered in the order they were sent. */
  function heldReads() {
    const sent: { n: number; answer: (value: string) => void }[] = [];
    const watch = new SnapshotWatch(
      () =>
        new Promise<string>((resolve) => {
          const n = sent.length + 1;
          sent.push({ n, answer: resolve });
        }),
    );
    return { watch, sent };
  }

  it('gives a request that asks while a read is under way the next read, sent once that one is back, and shares it', async () => {
    const { watch, sent } = heldReads();
    const first = watch.current();
    expect(sent).toHaveLength(1);
    // These arrived after read 1 was sent: it may have missed a write told just before them.
    const second = watch.current();
    const third = watch.current();
    expect(sent).toHaveLength(1);
    sent[0]!.answer('s1');
    expect(await first).toBe('s1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(2);
    // Arrived while read 2 is under way: not read 2 either.
    const fourth = watch.current();
    sent[1]!.answer('s2');
    expect([await second, await third]).toEqual(['s2', 's2']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(3);
    sent[2]!.answer('s3');
    expect(await fourth).toBe('s3');
    // Nothing under way: a read of its own at once.
    const fifth = watch.current();
    expect(sent).toHaveLength(4);
    sent[3]!.answer('s4');
    expect(await fifth).toBe('s4');
  });

  it('reads again after a read that failed, which fails only those who shared it', async () => {
    let calls = 0;
    const watch = new SnapshotWatch(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return `s${calls}`;
    });
    const failed = watch.current();
    const next = watch.current();
    await expect(failed).rejects.toThrow('connection lost');
    expect(await next).toBe('s2');
    expect(await watch.current()).toBe('s3');
  });
});

describe('the embedded database counts its writes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmbeddedTestDatabase();
  });
  afterAll(() => database.close());

  it('through statements and transactions, but not through reads', async () => {
    const writes = database.writes;
    // The embedded database's watch answers at once, with its count of writes.
    const generation = () => (writes.current() as { writes: number }).writes;
    const before = generation();
    await getMeta(database.db, 'generation_test');
    await database.db.execute(sql`select 1`);
    expect(generation()).toBe(before);

    await setMeta(database.db, 'generation_test', '1');
    const afterInsert = generation();
    expect(afterInsert).toBeGreaterThan(before);

    // A transaction counts as a write whatever it does, once it has ended.
    let inside: number | undefined;
    await database.db.transaction(async (tx) => {
      await tx.update(meta).set({ value: '2' }).where(eq(meta.key, 'generation_test'));
      inside = generation();
    });
    expect(inside).toBe(afterInsert);
    expect(generation()).toBeGreaterThan(afterInsert);
  });

  it('moves its sessions count for a write that names the sessions or the users, in a transaction or not, and for no other', async () => {
    const sessions = () => (database.writes.current() as { sessions: number }).sessions;
    const before = sessions();
    await setMeta(database.db, 'sessions_test', '1');
    await database.db.transaction(async (tx) => {
      await tx.update(meta).set({ value: '2' }).where(eq(meta.key, 'sessions_test'));
    });
    expect(sessions()).toBe(before);

    await database.db.execute(sql`update sessions set revoked_at = now() where token_hash = 'none'`);
    const afterStatement = sessions();
    expect(afterStatement).toBe(before + 1);

    // Rolled back or not, and whichever of its statements named them.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(meta).set({ value: '3' }).where(eq(meta.key, 'sessions_test'));
        await tx.execute(sql`update users set deleted_at = now() where id = -1`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(sessions()).toBe(afterStatement + 1);
  });
});
