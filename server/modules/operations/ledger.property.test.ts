import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../common/errors';
import type { Entry, OperationKind } from '../../../common/ledger';
import { expenseStatistics, localDay } from '../../../common/ledger-statistics';
import { checkIntegrity } from '../../../bench/stress/checks';
import { pairwiseDebts } from '../../../common/ledger-debts';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../../tests/api/harness';
import { people, type Person } from '../../../tests/api/ledger-factories';
import { addContacts } from '../contacts/service';
import { netBalances } from '../people/balances';
import { participantsOf } from '../events/repository';
import { createEvent } from '../events/service';
import { editOperation, revertOperation } from './edit';
import { createOperation, deleteOperation, markOperationSeen, moveOperation, restoreOperation } from './service';
import { livePairDebts } from './repository';
import { expenses } from './statistics';
import { getOperation } from './views';

/**
 * Through the service layer: whatever sequence of creates (one payer or two, any split mode), edits,
 * reverts to earlier versions, deletes, restores and moves happens,
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

/** What an operation is entered as: shared by creates and edits. */
const entered = {
  kind: fc.constantFrom(...KINDS),
  cents: fc.integer({ min: 1, max: 1_000_000 }),
  currency: fc.constantFrom('RUB', 'RUB', 'EUR', 'KZT'),
  payer: fc.nat(3),
  /** A second payer, who pays `secondCents` of the amount. */
  second: fc.option(fc.nat(3), { nil: undefined }),
  secondCents: fc.integer({ min: 1, max: 1_000_000 }),
  among: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 4 }),
  part: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
  split: fc.constantFrom(undefined, undefined, 'equal' as const, 'shares' as const, 'percent' as const),
  weights: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 4, maxLength: 4 }),
  // Times near midnight, so that a day depends on the reader's time zone in the my-share check.
  date: fc.constantFrom('2026-03-12', '2026-03-12T22:30:00Z', '2026-03-13T02:00:00Z', '2026-03-14T12:00:00Z'),
};

const command = fc.oneof(
  // Creates weigh most, so every history has operations for the other commands to act on.
  { weight: 4, arbitrary: fc.record({ type: fc.constant('create' as const), event: fc.nat(2), author: fc.nat(3), ...entered }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('edit' as const), op: fc.nat(50), by: fc.nat(3), ...entered }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('revert' as const), op: fc.nat(50), by: fc.nat(3), version: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), op: fc.nat(50), by: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('restore' as const), op: fc.nat(50), by: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('move' as const), op: fc.nat(50), to: fc.nat(2), by: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('seen' as const), op: fc.nat(50), by: fc.nat(3), all: fc.boolean() }) },
);

async function check(): Promise<void> {
  const result = rowsOf<{ event_id: number; balance: string | number; recomputed: string | number }>(
    await t.database.db.execute(sql`
    select ep.event_id, ep.user_id, ep.balance,
      coalesce((select sum(e.paid - e.share) from operation_entries e join operations o on o.id = e.operation_id
                where o.event_id = ep.event_id and o.deleted_at is null and e.user_id = ep.user_id), 0) as recomputed
    from event_participants ep`),
  );
  const sums = new Map<number, number>();
  for (const r of result) {
    expect(Number(r.balance)).toBe(Number(r.recomputed));
    sums.set(r.event_id, (sums.get(r.event_id) ?? 0) + Number(r.balance));
  }
  for (const [, sum] of sums) expect(sum).toBe(0);
  const unbalanced = rowsOf(
    await t.database.db.execute(sql`
    select operation_id from operation_entries group by operation_id having sum(paid) <> sum(share)`),
  );
  expect(unbalanced).toEqual([]);
  // The kept volumes the money bounds are checked against (decisions 0034, 0062) are the live sums too.
  const kept = await checkIntegrity(t.database, []);
  expect(kept.driftedVolumes).toEqual([]);
  // Each operation's stored pair debts net to its entries, and the pair balances are their live sums.
  expect(kept.strayDebts).toEqual([]);
  expect(kept.driftedPairs).toEqual([]);
  // And so is each participant's unread count (unread.ts), seen marks included.
  expect(kept.driftedUnread).toEqual([]);
  // And the operations list's counts, kept by triggers (migration 0008).
  expect(kept.driftedCounts).toEqual([]);
  // And My share's days kept at each offset readers asked for (spending-days.ts).
  expect(kept.driftedDays).toEqual([]);
  await checkPairDebts();
  await checkExpenses(checks++);
}

// Five: an event keeps the days of four offsets (spending-days.ts), so the fifth is summed afresh.
const UTC_OFFSETS = [0, 180, -300, 840, 330];
let checks = 0;

/**
 * My share, summed by the database (spending-sums.ts), is the ledger's expenseStatistics over the
 * entries of every live operation, in a time zone that moves operations near midnight to another
 * day; a summary and one opened day agree. Each check reads one participant of each event, alone
 * or with their family, taking turns (every one of them in each event would double the test's time).
 */
async function checkExpenses(turn: number): Promise<void> {
  const utcOffset = UTC_OFFSETS[turn % UTC_OFFSETS.length]!;
  const result = (await t.database.db.execute(sql`
    select o.id, o.event_id, o.kind, o.op_date, e.user_id, e.paid, e.share from operations o
    join operation_entries e on e.operation_id = o.id where o.deleted_at is null order by o.op_date, o.id, e.user_id`)) as unknown as {
    rows: { id: number; event_id: number; kind: OperationKind; op_date: Date | string; user_id: number; paid: string | number; share: string | number }[];
  };
  const byEvent = new Map<number, Map<number, { id: number; kind: OperationKind; date: Date; entries: Entry[] }>>();
  for (const r of result.rows) {
    const ops = byEvent.get(r.event_id) ?? new Map();
    const op = ops.get(r.id) ?? { id: r.id, kind: r.kind, date: new Date(r.op_date), entries: [] };
    op.entries.push({ uid: r.user_id, paid: Number(r.paid), share: Number(r.share) });
    ops.set(r.id, op);
    byEvent.set(r.event_id, ops);
  }
  const major = (minor: number) => minor / 100;
  for (const eventId of events) {
    const ops = [...(byEvent.get(eventId)?.values() ?? [])].filter((o) => expenseStatistics([o], 1, 0, 0).days.length > 0);
    const participants = await participantsOf(t.database.db, [eventId]);
    const viewer = participants[turn % participants.length]!;
    const family = Math.floor(turn / UTC_OFFSETS.length) % 2 === 1;
    const mine = new Set(family ? participants.filter((p) => p.familyGroup === viewer.familyGroup).map((p) => p.userId) : [viewer.userId]);
    const stats = expenseStatistics(ops, participants.length, viewer.userId, utcOffset);
    const mineOf = (list: Entry[]) => list.reduce((s, e) => (mine.has(e.uid) ? s + e.share : s), 0);
    const onDay = (day: string) => ops.filter((o) => localDay(o.date, utcOffset) === day);
    const query = { event: eventId, utc_offset: utcOffset, family: family ? ('true' as const) : ('false' as const) };
    const full = await expenses(t.database.db, viewer.userId, query);
    expect(full.total_expenses).toBe(major(stats.total_expenses));
    expect(full.avg_expenses).toBe(major(stats.avg_expenses));
    expect(full.my_share).toBe(major([...mine].reduce((s, uid) => s + (stats.shares.get(uid) ?? 0), 0)));
    expect(full.shares).toEqual(participants.map((p) => ({ uid: p.userId, share: major(stats.shares.get(p.userId) ?? 0) })));
    expect(
      full.operations.map((d) => ({
        day: d.day,
        total: d.total,
        mine: d.mine,
        count: d.count,
        ops: d.operations.map((o) => ({ id: o.id, amount: o.amount, mine: o.my_share })),
      })),
    ).toEqual(
      stats.days.map((d) => ({
        day: d.day,
        total: major(d.total),
        mine: major(onDay(d.day).reduce((s, o) => s + mineOf(o.entries), 0)),
        count: onDay(d.day).length,
        ops: onDay(d.day).map((o) => ({ id: o.id, amount: major(o.entries.reduce((sum, e) => sum + e.share, 0)), mine: major(mineOf(o.entries)) })),
      })),
    );
    const summary = await expenses(t.database.db, viewer.userId, { ...query, summary: 'true' });
    expect(summary).toEqual({ ...full, operations: full.operations.map((d) => ({ ...d, operations: [] })) });
    const opened = full.operations.at(-1);
    if (opened) {
      expect((await expenses(t.database.db, viewer.userId, { ...query, day: opened.day })).operations).toEqual([opened]);
    }
  }
}

/**
 * The People page's balances and the Debts tab's pairs, summed from the pair debts stored with each
 * operation, are what the ledger's pairwiseDebts says over the entries of every live operation.
 */
async function checkPairDebts(): Promise<void> {
  const result = (await t.database.db.execute(sql`
    select o.event_id, e.operation_id, e.user_id, e.paid, e.share from operation_entries e
    join operations o on o.id = e.operation_id and o.deleted_at is null order by e.operation_id, e.user_id`)) as unknown as {
    rows: { event_id: number; operation_id: number; user_id: number; paid: string | number; share: string | number }[];
  };
  const byEvent = new Map<number, Map<number, Entry[]>>();
  for (const r of result.rows) {
    const ops = byEvent.get(r.event_id) ?? new Map<number, Entry[]>();
    ops.set(r.operation_id, [...(ops.get(r.operation_id) ?? []), { uid: r.user_id, paid: Number(r.paid), share: Number(r.share) }]);
    byEvent.set(r.event_id, ops);
  }
  // The Debts tab's pairs per event, from the same stored rows.
  for (const eventId of events) expect(await livePairDebts(t.database.db, eventId)).toEqual(pairwiseDebts((byEvent.get(eventId) ?? new Map()).values()));
  for (const person of who) {
    const expected = new Map<number, Map<number, number>>();
    for (const [eventId, ops] of byEvent) {
      for (const debt of pairwiseDebts(ops.values())) {
        const [other, amount] = debt.to === person.uid ? [debt.from, debt.amount] : debt.from === person.uid ? [debt.to, -debt.amount] : [null, 0];
        if (other === null) continue;
        const inEvent = expected.get(eventId) ?? new Map<number, number>();
        inEvent.set(other, amount);
        expected.set(eventId, inEvent);
      }
    }
    expect((await netBalances(t.database.db, person.uid)).byEvent).toEqual(expected);
  }
}

type Entered = { [K in keyof typeof entered]: (typeof entered)[K] extends fc.Arbitrary<infer T> ? T : never };

function bodyOf(c: Entered, eventId: number, kind: OperationKind = c.kind) {
  const amount = c.cents / 100;
  const twoPayers = c.second !== undefined && c.second !== c.payer && c.secondCents < c.cents;
  const payers = twoPayers
    ? [
        { uid: who[c.payer]!.uid, amount: (c.cents - c.secondCents) / 100 },
        { uid: who[c.second!]!.uid, amount: c.secondCents / 100 },
      ]
    : undefined;
  // Percentages made to add up to 100 from the weights, the last person taking the rest.
  const percents = c.among.map((_, n) => (n === c.among.length - 1 ? 0 : Math.min(c.weights[n]! / 4, 100)));
  const rest = 100 - percents.reduce((s, p) => s + p, 0);
  const weightOf = (n: number) =>
    c.split === 'percent' ? (n === c.among.length - 1 ? rest : percents[n]!) : c.split === 'shares' ? c.weights[n]! / 100 : undefined;
  return {
    event_id: eventId,
    details: {
      kind,
      amount: kind === 'comment' ? undefined : amount,
      currency: c.currency,
      description: '',
      text: 'note',
      date: c.date,
      payer: kind === 'i_purchased_them' || kind === 'i_lent_them' ? undefined : who[c.payer]!.uid,
      payers,
      split: c.split,
    },
    participants: c.among.map((i, n) => ({ uid: who[i]!.uid, amount: n === 0 && c.part !== undefined ? c.part / 100 : undefined, weight: weightOf(n) })),
  };
}

const PURCHASES: OperationKind[] = ['even_purchase', 'split_purchase', 'i_purchased_them'];

describe('balances under random operation histories', () => {
  it('always sum to zero per event and equal a recomputation from entries', async () => {
    const created: number[] = [];
    const edits = { n: 0, reverts: 0 };
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 16 }), async (commands) => {
        for (const c of commands) {
          try {
            if (c.type === 'create') {
              const op = await createOperation(db, who[c.author]!.uid, bodyOf(c, events[c.event]!));
              created.push(op.id);
            } else if (created.length > 0 && c.type === 'edit') {
              const by = who[c.by]!.uid;
              const current = await getOperation(db, by, created[c.op % created.length]!);
              // A purchase may become another purchase; other kinds keep theirs.
              const kind = PURCHASES.includes(current.kind) && PURCHASES.includes(c.kind) ? c.kind : current.kind;
              await editOperation(db, by, current.id, bodyOf(c, current.event_id, kind), `"${current.version}"`);
              edits.n++;
            } else if (created.length > 0 && c.type === 'revert') {
              await revertOperation(db, who[c.by]!.uid, created[c.op % created.length]!, c.version, undefined);
              edits.reverts++;
            } else if (created.length > 0) {
              const opId = created[c.op % created.length]!;
              const by = who[c.by]!.uid;
              if (c.type === 'delete') await deleteOperation(db, by, opId);
              else if (c.type === 'restore') await restoreOperation(db, by, opId);
              else if (c.type === 'move') await moveOperation(db, by, opId, events[c.to]!);
              else if (c.type === 'seen') await markOperationSeen(db, by, opId, c.all);
            }
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
        }
        await check();
      }),
      // 50 histories (45 before edits joined the mix): at 30 about one run in a few hundred created no more than 40 operations
      // (most random creates are refused as invalid), and the reach check below failed by chance.
      { numRuns: 50 },
    );
    // The generator must reach the interesting paths, or the property proves little.
    const [counts] = rowsOf<{ deleted: number; events: number; total: number }>(
      await db.execute(sql`
      select count(*) filter (where deleted_at is not null)::int as deleted, count(distinct event_id)::int as events, count(*)::int as total
      from operations`),
    );
    expect(counts!.total).toBeGreaterThan(40);
    expect(counts!.deleted).toBeGreaterThan(0);
    expect(counts!.events).toBe(3);
    const [shapes] = rowsOf<{ changed: number; several: number; weighted: number }>(
      await db.execute(sql`
      select count(*) filter (where version > 1)::int as changed,
        count(*) filter (where meta ? 'payers')::int as several,
        count(*) filter (where meta->>'split' in ('shares', 'percent'))::int as weighted
      from operations`),
    );
    expect(shapes!.changed).toBeGreaterThan(10);
    expect(shapes!.several).toBeGreaterThan(0);
    expect(shapes!.weighted).toBeGreaterThan(0);
    expect(edits.n).toBeGreaterThan(0);
  });
});
