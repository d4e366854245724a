import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPGlite } from '../../tests/api/fresh-pglite';
import type { Db } from './client';
import { fillPendingDebts } from './operation-debts';
import * as schema from './schema';

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
    const client = await freshPGlite();
    const db = drizzle(client);
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
    await expect(
      db.execute(sql`insert into images (key, owner_id, data, width, height, etag) values (${rows[0]!.key}, null, '\\x00'::bytea, 80, 80, 'e')`),
    ).rejects.toThrow();
  });
});

describe('upgrading a database made before operation debts (0004_operation_debts)', () => {
  it('works out the pair debts and pair balances of every earlier operation once, and new operations need none', async () => {
    const client = await freshPGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: await firstMigrations(4) });
    await db.execute(sql`insert into users (id, phone) values (1, '+79160000001'), (2, '+79160000002'), (3, '+79160000003')`);
    await db.execute(sql`insert into events (id, name, owner_id, currency) values (1, 'Dacha', 1, 'RUB')`);
    // Anna pays 300 for three; Boris pays 90 for himself and Vera; Vera's comment has no entries.
    await db.execute(sql`insert into operations (id, event_id, author_id, kind, amount, original_amount, currency, op_date)
      values (1, 1, 1, 'even_purchase', 30000, 30000, 'RUB', now()), (2, 1, 2, 'even_purchase', 9000, 9000, 'RUB', now()),
             (3, 1, 3, 'comment', 0, 0, 'RUB', now())`);
    await db.execute(sql`insert into operation_entries (operation_id, user_id, paid, share)
      values (1, 1, 30000, 10000), (1, 2, 0, 10000), (1, 3, 0, 10000), (2, 2, 9000, 4500), (2, 3, 0, 4500)`);

    await migrate(db, { migrationsFolder });
    expect(await fillPendingDebts(db as unknown as Db)).toBe(3);
    const debts = async () =>
      (
        await db.execute<{ operation_id: number; lo: number; hi: number; amount: string | number }>(
          sql`select * from operation_debts order by operation_id, lo, hi`,
        )
      ).rows.map((r) => [r.operation_id, r.lo, r.hi, Number(r.amount)]);
    expect(await debts()).toEqual([
      [1, 1, 2, -10000],
      [1, 1, 3, -10000],
      [2, 2, 3, -4500],
    ]);
    const pairs = async () =>
      (await db.execute<{ event_id: number; lo: number; hi: number; amount: string | number }>(sql`select * from pair_balances order by lo, hi`)).rows.map(
        (r) => [r.event_id, r.lo, r.hi, Number(r.amount)],
      );
    // Boris and Vera each owe Anna 100; Vera owes Boris 45.
    expect(await pairs()).toEqual([
      [1, 1, 2, -10000],
      [1, 1, 3, -10000],
      [1, 2, 3, -4500],
    ]);
    // Done once: a second start finds nothing pending and writes nothing twice.
    expect(await fillPendingDebts(db as unknown as Db)).toBe(0);
    expect(await debts()).toHaveLength(3);
    expect(await pairs()).toHaveLength(3);
    // An operation recorded from now on is not pending: its debts are written with its entries.
    await db.execute(sql`insert into operations (id, event_id, author_id, kind, amount, original_amount, currency, op_date)
      values (4, 1, 1, 'comment', 0, 0, 'RUB', now())`);
    const { rows } = await db.execute<{ debts_pending: boolean }>(sql`select debts_pending from operations where id = 4`);
    expect(rows[0]?.debts_pending).toBe(false);
  });
});

describe('upgrading a database made before kept volumes, unread counts and spent shares (0006, 0007, 0009)', () => {
  it('sums each event’s live operations and each participant’s live entries once, leaving deleted operations out, and counts what each has not seen', async () => {
    const client = await freshPGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: await firstMigrations(6) });
    await db.execute(sql`insert into users (id, phone) values (1, '+79160000001'), (2, '+79160000002'), (3, '+79160000003')`);
    await db.execute(sql`insert into events (id, name, owner_id, currency) values (1, 'Dacha', 1, 'RUB'), (2, 'Empty', 1, 'RUB')`);
    await db.execute(sql`insert into event_participants (event_id, user_id, family_group) values (1, 1, 1), (1, 2, 2), (1, 3, 3), (2, 1, 1)`);
    // Anna pays 300 for three; Boris pays 90 for himself and Vera, then deletes it; a deposit's entries are negative.
    await db.execute(sql`insert into operations (id, event_id, author_id, kind, amount, original_amount, currency, op_date, deleted_at)
      values (1, 1, 1, 'even_purchase', 30000, 30000, 'RUB', now(), null), (2, 1, 2, 'even_purchase', 9000, 9000, 'RUB', now(), now()),
             (3, 1, 3, 'deposit', 6000, 6000, 'RUB', now(), null)`);
    await db.execute(sql`insert into operation_entries (operation_id, user_id, paid, share)
      values (1, 1, 30000, 10000), (1, 2, 0, 10000), (1, 3, 0, 10000), (2, 2, 9000, 4500), (2, 3, 0, 4500),
             (3, 3, -6000, 0), (3, 1, 0, -6000)`);
    // Anna last changed Vera's deposit; Boris has seen Anna's purchase.
    await db.execute(sql`update operations set edited_by = 1 where id = 3`);
    await db.execute(sql`insert into operation_seen (operation_id, user_id) values (1, 2)`);

    await migrate(db, { migrationsFolder });
    const events = await db.execute<{ id: number; live_volume: string }>(sql`select id, live_volume from events order by id`);
    expect(events.rows.map((r) => [r.id, Number(r.live_volume)])).toEqual([
      [1, 36000],
      [2, 0],
    ]);
    // Each participant's kept figure, as [event, person, value].
    // The unread count as derived since 0013 (operations/unread.ts).
    const value = { volume: sql`p.volume`, spent: sql`p.spent`, unread: sql`ev.live_count - p.written_live - p.seen_live` };
    const kept = async (column: keyof typeof value) =>
      (
        await db.execute<{ event_id: number; user_id: number; value: string | number }>(
          sql`select p.event_id, p.user_id, ${value[column]} as value from event_participants p join events ev on ev.id = p.event_id order by p.event_id, p.user_id`,
        )
      ).rows.map((r) => [r.event_id, r.user_id, Number(r.value)]);
    expect(await kept('volume')).toEqual([
      [1, 1, 46000],
      [1, 2, 10000],
      [1, 3, 16000],
      [2, 1, 0],
    ]);
    // 0009: each participant's shares of live spending, the deposit's negative share included.
    expect(await kept('spent')).toEqual([
      [1, 1, 4000],
      [1, 2, 10000],
      [1, 3, 10000],
      [2, 1, 0],
    ]);
    expect(await kept('unread')).toEqual([
      [1, 1, 0],
      [1, 2, 1],
      [1, 3, 2],
      [2, 1, 0],
    ]);
  });
});

describe('kept operation counts (0008_operation_counts)', () => {
  it('counts each event’s operations once on upgrade, then its triggers follow every insert, delete mark, restore, move and removal', async () => {
    const client = await freshPGlite();
    const db = drizzle(client, { schema });
    const counts = async () =>
      (
        await db.execute<{ id: number; operation_count: number; live_count: number }>(sql`select id, operation_count, live_count from events order by id`)
      ).rows.map((r) => [r.id, r.operation_count, r.live_count]);
    const truth = async () =>
      (
        await db.execute<{ id: number; listed: number; live: number }>(sql`
          select ev.id, count(o.id)::int as listed, (count(o.id) filter (where o.deleted_at is null))::int as live
          from events ev left join operations o on o.event_id = ev.id group by ev.id order by ev.id`)
      ).rows.map((r) => [r.id, r.listed, r.live]);
    await migrate(db, { migrationsFolder: await firstMigrations(8) });
    await db.execute(sql`insert into users (id, phone) values (1, '+79160000001')`);
    await db.execute(sql`insert into events (id, name, owner_id, currency) values (1, 'Dacha', 1, 'RUB'), (2, 'Empty', 1, 'RUB')`);
    await db.execute(sql`insert into operations (id, event_id, author_id, kind, amount, original_amount, currency, op_date, deleted_at)
      values (1, 1, 1, 'comment', 0, 0, 'RUB', now(), null), (2, 1, 1, 'comment', 0, 0, 'RUB', now(), now()), (3, 1, 1, 'comment', 0, 0, 'RUB', now(), null)`);

    await migrate(db, { migrationsFolder });
    expect(await counts()).toEqual([
      [1, 3, 2],
      [2, 0, 0],
    ]);
    // Several rows in one statement, one of them already deleted (an import writes batches).
    await db.execute(sql`insert into operations (id, event_id, author_id, kind, amount, original_amount, currency, op_date, deleted_at)
      values (4, 2, 1, 'comment', 0, 0, 'RUB', now(), null), (5, 2, 1, 'comment', 0, 0, 'RUB', now(), now()), (6, 1, 1, 'comment', 0, 0, 'RUB', now(), null)`);
    expect(await counts()).toEqual([
      [1, 4, 3],
      [2, 2, 1],
    ]);
    await db.execute(sql`update operations set deleted_at = now() where id = 1`);
    await db.execute(sql`update operations set deleted_at = now() where id = 2`); // already deleted: no change
    await db.execute(sql`update operations set deleted_at = null where id = 5`);
    await db.execute(sql`update operations set description = 'edited' where id = 3`);
    expect(await counts()).toEqual([
      [1, 4, 2],
      [2, 2, 2],
    ]);
    await db.execute(sql`update operations set event_id = 2 where id in (3, 2)`);
    await db.execute(sql`delete from operations where id = 4`);
    expect(await counts()).toEqual(await truth());
    expect(await counts()).toEqual([
      [1, 2, 1],
      [2, 3, 2],
    ]);
  });
});
