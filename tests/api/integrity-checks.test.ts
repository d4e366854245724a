/**
 * The integrity checks that every stress and benchmark run ends with: they must pass a sound
 * history of every kind (a deposit's entries are negative) and catch a broken one.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkIntegrity } from '../../bench/stress/checks';
import { rng } from '../../bench/rng';
import { seedBenchEvent } from '../../bench/seed-event';
import { keptSpendingByDay } from '../../server/modules/operations/spending-days';
import { databaseForFile } from './harness';
import { rowsOf } from '../../server/db/rows';

const file = databaseForFile();

describe('the integrity checks', () => {
  it('find nothing wrong in a history of every kind, deposits included, and catch an entry, a pair debt, a pair balance, a kept volume or spent share, an unread count, an operation count or a kept day changed behind the ledger', async () => {
    await seedBenchEvent(file.database.db, { operations: 120, random: rng(3), phonePrefix: '+7917' });
    const [deposits] = rowsOf<{ n: number }>(await file.database.db.execute(sql`select count(*)::int as n from operations where kind = 'deposit'`));
    expect(deposits!.n).toBeGreaterThan(0);
    const [seeded] = rowsOf<{ id: number }>(await file.database.db.execute(sql`select id from events limit 1`));
    // My share's days kept at Moscow's offset from here on (spending-days.ts), checked too.
    expect(await keptSpendingByDay(file.database.db, seeded!.id, [], 180)).not.toBeNull();
    const sound = await checkIntegrity(file.database, []);
    expect(sound).toMatchObject({
      halfWritten: [],
      unbalanced: [],
      nonZeroEvents: [],
      driftedBalances: [],
      strayDebts: [],
      driftedPairs: [],
      driftedVolumes: [],
      driftedUnread: [],
      driftedCounts: [],
      driftedDays: [],
      duplicateKeys: 0,
    });

    const [pair] = rowsOf<{ operation_id: number }>(await file.database.db.execute(sql`select operation_id from operation_debts limit 1`));
    await file.database.db.execute(sql`update operation_debts set amount = amount + 1 where operation_id = ${pair!.operation_id}`);
    expect((await checkIntegrity(file.database, [])).strayDebts).toEqual([Number(pair!.operation_id)]);
    await file.database.db.execute(sql`update operation_debts set amount = amount - 1 where operation_id = ${pair!.operation_id}`);

    const [balance] = rowsOf<{ event_id: number }>(await file.database.db.execute(sql`select event_id from pair_balances limit 1`));
    await file.database.db.execute(sql`update pair_balances set amount = amount + 1 where event_id = ${balance!.event_id}`);
    expect((await checkIntegrity(file.database, [])).driftedPairs).toEqual([Number(balance!.event_id)]);
    await file.database.db.execute(sql`update pair_balances set amount = amount - 1 where event_id = ${balance!.event_id}`);

    const [event] = rowsOf<{ id: number }>(await file.database.db.execute(sql`select id from events where live_volume > 0 limit 1`));
    await file.database.db.execute(sql`update events set live_volume = live_volume + 1 where id = ${event!.id}`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([Number(event!.id)]);
    await file.database.db.execute(sql`update events set live_volume = live_volume - 1 where id = ${event!.id}`);
    await file.database.db.execute(sql`update event_participants set volume = volume + 1 where event_id = ${event!.id} and volume > 0`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([Number(event!.id)]);
    await file.database.db.execute(sql`update event_participants set volume = volume - 1 where event_id = ${event!.id} and volume > 0`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([]);
    await file.database.db.execute(sql`update event_participants set written_volume = written_volume + 1 where event_id = ${event!.id} and written_volume > 0`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([Number(event!.id)]);
    await file.database.db.execute(sql`update event_participants set written_volume = written_volume - 1 where event_id = ${event!.id} and written_volume > 0`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([]);
    await file.database.db.execute(sql`update event_participants set spent = spent + 1 where event_id = ${event!.id}`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([Number(event!.id)]);
    await file.database.db.execute(sql`update event_participants set spent = spent - 1 where event_id = ${event!.id}`);
    expect((await checkIntegrity(file.database, [])).driftedVolumes).toEqual([]);
    // Either count the unread count is derived from, off by one.
    for (const column of ['written_live', 'seen_live']) {
      await file.database.db.execute(
        sql`update event_participants set ${sql.identifier(column)} = ${sql.identifier(column)} + 1 where event_id = ${event!.id}`,
      );
      expect((await checkIntegrity(file.database, [])).driftedUnread).toEqual([Number(event!.id)]);
      await file.database.db.execute(
        sql`update event_participants set ${sql.identifier(column)} = ${sql.identifier(column)} - 1 where event_id = ${event!.id}`,
      );
      expect((await checkIntegrity(file.database, [])).driftedUnread).toEqual([]);
    }
    await file.database.db.execute(sql`update events set live_count = live_count - 1 where id = ${event!.id}`);
    expect((await checkIntegrity(file.database, [])).driftedCounts).toEqual([Number(event!.id)]);
    await file.database.db.execute(sql`update events set live_count = live_count + 1, operation_count = operation_count + 1 where id = ${event!.id}`);
    expect((await checkIntegrity(file.database, [])).driftedCounts).toEqual([Number(event!.id)]);
    await file.database.db.execute(sql`update events set operation_count = operation_count - 1 where id = ${event!.id}`);
    expect((await checkIntegrity(file.database, [])).driftedCounts).toEqual([]);

    const keptDay = sql`(select day from spending_days where event_id = ${seeded!.id} and user_id <> 0 order by day limit 1)`;
    await file.database.db.execute(sql`update spending_days set spent = spent + 1 where event_id = ${seeded!.id} and user_id <> 0 and day = ${keptDay}`);
    expect((await checkIntegrity(file.database, [])).driftedDays).toEqual([seeded!.id]);
    await file.database.db.execute(sql`update spending_days set spent = spent - 1 where event_id = ${seeded!.id} and user_id <> 0 and day = ${keptDay}`);
    await file.database.db.execute(sql`update spending_days set count = count + 1 where event_id = ${seeded!.id} and user_id = 0 and day = ${keptDay}`);
    expect((await checkIntegrity(file.database, [])).driftedDays).toEqual([seeded!.id]);
    await file.database.db.execute(sql`update spending_days set count = count - 1 where event_id = ${seeded!.id} and user_id = 0 and day = ${keptDay}`);
    expect((await checkIntegrity(file.database, [])).driftedDays).toEqual([]);
    // A day kept at an offset the event does not keep is stray, even a row of zeros.
    await file.database.db.execute(sql`insert into spending_days values (${seeded!.id}, 60, 0, '2026-01-01', 0, 0)`);
    expect((await checkIntegrity(file.database, [])).driftedDays).toEqual([seeded!.id]);
    await file.database.db.execute(sql`delete from spending_days where utc_offset = 60`);

    const [victim] = rowsOf<{ operation_id: number }>(await file.database.db.execute(sql`select operation_id from operation_entries where paid > 0 limit 1`));
    await file.database.db.execute(sql`update operation_entries set paid = paid + 1 where operation_id = ${victim!.operation_id} and paid > 0`);
    expect((await checkIntegrity(file.database, [])).unbalanced).toEqual([Number(victim!.operation_id)]);
  });
});
