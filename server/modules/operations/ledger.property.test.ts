import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../common/errors';
import type { OperationKind } from '../../../common/ledger';
import { createTestApp, type TestApp } from '../../../tests/api/harness';
import { people, type Person } from '../../../tests/api/ledger-factories';
import { addContacts } from '../contacts/service';
import { createEvent } from '../events/service';
import { createOperation, deleteOperation, moveOperation, restoreOperation } from './service';

/**
 * Through the service layer: whatever sequence of creates, deletes, restores and moves happens,
 * every event's balances sum to zero and equal a recomputation from the entries of its live
 * operations. Invalid steps (a move into an event missing someone, say) must be refused whole.
 */
let t: TestApp;
let who: Person[];
let events: number[];

beforeAll(async () => {
  t = await createTestApp();
  who = await people(t, ['Anna', 'Boris', 'Vera', 'Gleb']);
  const db = t.database.db;
  const [anna] = who as [Person];
  await addContacts(db, anna.uid, { device: 'WEB', contacts: who.slice(1).map((p) => ({ name: p.name, phone: p.phone })) }, new Date());
  const all = who.slice(1).map((p) => p.uid);
  events = [
    (await createEvent(db, anna.uid, { event_name: 'All RUB', contacts: all, eventCurrency: 'RUB' })).id,
    (await createEvent(db, anna.uid, { event_name: 'Three', contacts: all.slice(0, 2), eventCurrency: 'RUB' })).id,
    (await createEvent(db, anna.uid, { event_name: 'All EUR', contacts: all, eventCurrency: 'EUR' })).id,
  ];
});
afterAll(async () => {
  await t.close();
});

const KINDS: OperationKind[] = ['even_purchase', 'split_purchase', 'i_purchased_them', 'i_lent_them', 'they_lent_me', 'deposit', 'payback', 'comment'];

const command = fc.oneof(
  // Creates weigh most, so every history has operations for the other commands to act on.
  { weight: 3, arbitrary: fc.record({
    type: fc.constant('create' as const),
    event: fc.nat(2),
    kind: fc.constantFrom(...KINDS),
    cents: fc.integer({ min: 1, max: 1_000_000 }),
    currency: fc.constantFrom('RUB', 'RUB', 'EUR', 'KZT'),
    author: fc.nat(3),
    payer: fc.nat(3),
    among: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 4 }),
    part: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
  }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), op: fc.nat(50), by: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('restore' as const), op: fc.nat(50), by: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('move' as const), op: fc.nat(50), to: fc.nat(2), by: fc.nat(3) }) },
);

async function check(): Promise<void> {
  const result = (await t.database.db.execute(sql`
    select ep.event_id, ep.user_id, ep.balance,
      coalesce((select sum(e.paid - e.share) from operation_entries e join operations o on o.id = e.operation_id
                where o.event_id = ep.event_id and o.deleted_at is null and e.user_id = ep.user_id), 0) as recomputed
    from event_participants ep`)) as unknown as { rows: { event_id: number; balance: string | number; recomputed: string | number }[] };
  const sums = new Map<number, number>();
  for (const r of result.rows) {
    expect(Number(r.balance)).toBe(Number(r.recomputed));
    sums.set(r.event_id, (sums.get(r.event_id) ?? 0) + Number(r.balance));
  }
  for (const [, sum] of sums) expect(sum).toBe(0);
  const unbalanced = (await t.database.db.execute(sql`
    select operation_id from operation_entries group by operation_id having sum(paid) <> sum(share)`)) as unknown as { rows: unknown[] };
  expect(unbalanced.rows).toEqual([]);
}

describe('balances under random operation histories', () => {
  it('always sum to zero per event and equal a recomputation from entries', async () => {
    const created: number[] = [];
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 16 }), async (commands) => {
        for (const c of commands) {
          try {
            if (c.type === 'create') {
              const author = who[c.author]!;
              const amount = c.cents / 100;
              const participants = c.among.map((i, n) => ({ uid: who[i]!.uid, amount: n === 0 && c.part !== undefined ? c.part / 100 : undefined }));
              const op = await createOperation(db, author.uid, {
                event_id: events[c.event]!,
                details: {
                  kind: c.kind,
                  amount: c.kind === 'comment' ? undefined : amount,
                  currency: c.currency,
                  description: '',
                  text: 'note',
                  date: '2026-03-12',
                  payer: c.kind === 'i_purchased_them' || c.kind === 'i_lent_them' ? undefined : who[c.payer]!.uid,
                },
                participants,
              });
              created.push(op.id);
            } else if (created.length > 0) {
              const opId = created[c.op % created.length]!;
              const by = who[c.by]!.uid;
              if (c.type === 'delete') await deleteOperation(db, by, opId);
              else if (c.type === 'restore') await restoreOperation(db, by, opId);
              else await moveOperation(db, by, opId, events[c.to]!);
            }
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
        }
        await check();
      }),
      // 45 histories: at 30 about one run in a few hundred created no more than 40 operations
      // (most random creates are refused as invalid), and the reach check below failed by chance.
      { numRuns: 45 },
    );
    // The generator must reach the interesting paths, or the property proves little.
    const counts = (await db.execute(sql`
      select count(*) filter (where deleted_at is not null)::int as deleted, count(distinct event_id)::int as events, count(*)::int as total
      from operations`)) as unknown as { rows: { deleted: number; events: number; total: number }[] };
    expect(counts.rows[0]!.total).toBeGreaterThan(40);
    expect(counts.rows[0]!.deleted).toBeGreaterThan(0);
    expect(counts.rows[0]!.events).toBe(3);
  });
});
