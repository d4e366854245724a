/**
 * The household of the benchmarks: one event of 50 people in 12 families with a long history of
 * every kind of operation (every fifth in euros), built through the service layer so each
 * operation is priced, split and booked exactly as the API would.
 */
import type { Db } from '../server/db/client';
import { users } from '../server/db/schema';
import { addContacts } from '../server/modules/contacts/service';
import { seedRatesIfEmpty } from '../server/modules/currency/rates-seed';
import { createEvent, updateEvent } from '../server/modules/events/service';
import { createOperation } from '../server/modules/operations/service';
import { createSession } from '../server/modules/sessions/service';
import { pick as pickFrom } from './rng';

export const PARTICIPANTS = 50;
export const FAMILIES = 12;

export interface BenchEvent {
  eventId: number;
  /** Everyone in the event, the owner first. */
  uids: number[];
  /** A remembered session of the owner, who wrote every operation. */
  ownerToken: string;
  /** A session of someone who wrote and has seen nothing: their unread count covers the whole history. */
  readerToken: string;
}

export async function seedBenchEvent(db: Db, options: { operations: number; random: () => number; phonePrefix?: string }): Promise<BenchEvent> {
  const { random } = options;
  await seedRatesIfEmpty(db);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: PARTICIPANTS }, (_, i) => ({
        phone: `${options.phonePrefix ?? '+7916'}${String(5_000_000 + i).padStart(7, '0')}`,
        passwordHash: 'bench',
        fullName: `Person ${i + 1}`,
        currency: 'RUB',
      })),
    )
    .returning({ id: users.id, phone: users.phone });
  const owner = people[0]!;
  await addContacts(db, owner.id, { device: 'WEB', contacts: people.slice(1).map((p, i) => ({ name: `Friend ${i}`, phone: p.phone ?? '' })) }, new Date());
  const event = await createEvent(db, owner.id, { event_name: 'Benchmark', contacts: people.slice(1).map((p) => p.id), eventCurrency: 'RUB' });
  const uids = people.map((p) => p.id);
  const families: number[][] = Array.from({ length: FAMILIES }, () => []);
  uids.forEach((uid, i) => families[i % FAMILIES]!.push(uid));
  await updateEvent(db, owner.id, event.id, { data: { families } });

  const kinds = [
    'even_purchase',
    'even_purchase',
    'split_purchase',
    'i_purchased_them',
    'i_lent_them',
    'they_lent_me',
    'deposit',
    'payback',
    'comment',
  ] as const;
  const pick = <T>(list: readonly T[]): T => pickFrom(list, random);
  for (let i = 0; i < options.operations; i++) {
    const kind = pick(kinds);
    const author = owner.id;
    const others = uids.filter((u) => u !== author);
    const some = [...new Set(Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(uids)))];
    const someOthers = [...new Set([pick(others), ...some.filter((u) => u !== author)])];
    const amount = Math.floor(100 + random() * 500_000) / 100;
    const date = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 450) * 86_400_000).toISOString();
    const body = {
      event_id: event.id,
      details: { kind, amount: kind === 'comment' ? undefined : amount, description: `op ${i}`, date, payer: undefined as number | undefined, text: 'note' },
      participants: some.map((uid) => ({ uid })) as { uid: number; amount?: number }[],
    };
    if (kind === 'they_lent_me') {
      body.details.payer = pick(others);
      body.participants = [{ uid: author }];
    } else if (kind === 'payback') {
      body.participants = [{ uid: pick(others) }];
    } else if (kind === 'i_lent_them' || kind === 'i_purchased_them') {
      body.participants = someOthers.map((uid) => ({ uid }));
    } else if (kind === 'split_purchase') {
      body.participants = [{ uid: author, amount: 1 }, ...someOthers.map((uid) => ({ uid }))];
    } else if (kind === 'deposit' || kind === 'even_purchase') {
      body.details.payer = pick(uids);
      body.participants = [...new Set([...some, pick(uids.filter((u) => u !== body.details.payer))])].map((uid) => ({ uid }));
    }
    // Every fifth operation in another currency: those read a rate too.
    if (i % 5 === 0 && kind !== 'comment') (body.details as { currency?: string }).currency = 'EUR';
    await createOperation(db, author, body as never);
  }
  return {
    eventId: event.id,
    uids,
    ownerToken: await createSession(db, owner.id, true),
    readerToken: await createSession(db, people[1]!.id, true),
  };
}

/**
 * The bench event's owner in `count` events in all, the others small (the owner and three of the
 * household, two purchases each), as someone with years of trips behind them: the events list and
 * the People page read all of them.
 */
export async function seedOtherEvents(db: Db, bench: BenchEvent, count: number, random: () => number): Promise<void> {
  const [owner, ...others] = bench.uids as [number, ...number[]];
  for (let i = 1; i < count; i++) {
    const guests = [...new Set(Array.from({ length: 3 }, () => others[Math.floor(random() * others.length)]!))];
    const event = await createEvent(db, owner, { event_name: `Trip ${i}`, contacts: guests, eventCurrency: 'RUB' });
    for (const payer of [owner, guests[0]!]) {
      const body = {
        event_id: event.id,
        details: { kind: 'even_purchase' as const, amount: Math.floor(100 + random() * 100_000) / 100, description: `trip ${i}`, payer },
        participants: [owner, ...guests].map((uid) => ({ uid })),
      };
      await createOperation(db, owner, body);
    }
  }
}
