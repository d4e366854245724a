/**
 * Seeds a stress database through the service layer, before the server opens it: people with
 * live sessions, events among them, and some history in each event.
 */
import { users } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { addContacts } from '../../server/modules/contacts/service';
import { seedRatesIfEmpty } from '../../server/modules/currency/rates-seed';
import { createEvent } from '../../server/modules/events/service';
import { createOperation } from '../../server/modules/operations/service';
import { createSession } from '../../server/modules/sessions/service';
import { pick as pickFrom, rng } from '../rng';

export interface StressUser {
  id: number;
  token: string;
}

export interface StressEvent {
  id: number;
  members: number[];
}

export interface World {
  users: StressUser[];
  events: StressEvent[];
  /** Each user's events, for requests that must stay inside what the user may see. */
  eventsOf: Map<number, StressEvent[]>;
}

export interface SeedPlan {
  users: number;
  events: number;
  /** Participants per event, the owner included. */
  eventSize: [min: number, max: number];
  operationsPerEvent: number;
  seed: number;
}

export async function seedWorld(database: Database, plan: SeedPlan): Promise<World> {
  const { db } = database;
  const random = rng(plan.seed);
  const pick = <T>(list: readonly T[]): T => pickFrom(list, random);
  await seedRatesIfEmpty(db);

  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: plan.users }, (_, i) => ({
        phone: `+7917${String(1_000_000 + i).padStart(7, '0')}`,
        passwordHash: 'stress',
        fullName: `Person ${i + 1}`,
        currency: 'EUR',
      })),
    )
    .returning({ id: users.id, phone: users.phone });
  const people: StressUser[] = [];
  for (const row of rows) people.push({ id: row.id, token: await createSession(db, row.id, true) });
  const phoneOf = new Map(rows.map((r) => [r.id, r.phone]));

  const events: StressEvent[] = [];
  const eventsOf = new Map<number, StressEvent[]>();
  for (let e = 0; e < plan.events; e++) {
    const [min, max] = plan.eventSize;
    const size = min + Math.floor(random() * (max - min + 1));
    const members = new Set<number>();
    while (members.size < size) members.add(pick(rows).id);
    const [owner, ...others] = [...members];
    await addContacts(db, owner!, { device: 'WEB', contacts: others.map((uid) => ({ name: '', phone: phoneOf.get(uid)! })) }, new Date());
    const created = await createEvent(db, owner!, { event_name: `Trip ${e + 1}`, contacts: others, eventCurrency: 'EUR' } as never);
    const event = { id: created.id, members: [owner!, ...others] };
    events.push(event);
    for (const uid of event.members) eventsOf.set(uid, [...(eventsOf.get(uid) ?? []), event]);
    for (let i = 0; i < plan.operationsPerEvent; i++) {
      await createOperation(db, pick(event.members), evenPurchase(event, random) as never);
    }
  }
  return { users: people, events, eventsOf };
}

/** An even purchase by the author among 2–4 of the event's people: the common write. */
export function evenPurchase(event: StressEvent, random: () => number, author?: number) {
  const count = Math.min(event.members.length, 2 + Math.floor(random() * 3));
  const shuffled = [...event.members].sort(() => random() - 0.5).slice(0, count);
  const participants = author !== undefined && !shuffled.includes(author) ? [author, ...shuffled.slice(1)] : shuffled;
  return {
    event_id: event.id,
    details: { kind: 'even_purchase', amount: Math.floor(100 + random() * 99_900) / 100, description: 'stress' },
    participants: participants.map((uid) => ({ uid })),
  };
}
