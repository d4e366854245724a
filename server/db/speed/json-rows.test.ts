import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseForFile } from '../../../tests/api/harness';
import { idArray } from './built-once';
import { jsonRowsBuiltOnce } from './json-rows';
import { eventParticipants, events, users } from '../schema';

const file = databaseForFile();

describe('jsonRowsBuiltOnce', () => {
  it('hands over the rows drizzle reads, decoded alike, in the order asked, with wide numbers exact', async () => {
    const db = file.database.db;
    const [owner, other] = await db
      .insert(users)
      .values([
        { phone: '+10000000001', fullName: 'Ann "A" \\ Lee', gender: 'F' },
        { phone: '+10000000002', fullName: 'Бо' },
      ])
      .returning();
    if (!owner || !other) throw new Error('no users');
    const [event] = await db.insert(events).values({ name: 'Trip', ownerId: owner.id, currency: 'EUR' }).returning();
    if (!event) throw new Error('no event');
    await db.insert(eventParticipants).values([
      // Past 2^53: a JSON number would round these.
      { eventId: event.id, userId: owner.id, familyGroup: 1, position: 1, balance: -4500, volume: '123456789012345678901234567', spent: '9007199254740993' },
      { eventId: event.id, userId: other.id, familyGroup: 2, position: 0, balance: 4500, volume: '0', spent: '0' },
    ]);
    const fields = {
      userId: eventParticipants.userId,
      position: eventParticipants.position,
      balance: eventParticipants.balance,
      volume: eventParticipants.volume,
      spent: eventParticipants.spent,
      joinedAt: eventParticipants.joinedAt,
      name: users.fullName,
      gender: users.gender,
      registered: sql<boolean>`${users.passwordHash} is not null`,
      doubled: sql<number>`${eventParticipants.position} * 2`.mapWith(Number),
    };
    const where = inArray(eventParticipants.eventId, [event.id]);
    const asRows = await db
      .select(fields)
      .from(eventParticipants)
      .innerJoin(users, eq(users.id, eventParticipants.userId))
      .where(where)
      .orderBy(asc(eventParticipants.position));
    const asJson = await jsonRowsBuiltOnce(fields, sql`${eventParticipants.position}`, (built, rows) =>
      built
        .select({ rows })
        .from(eventParticipants)
        .innerJoin(users, eq(users.id, eventParticipants.userId))
        .where(sql`${eventParticipants.eventId} = any(${sql.placeholder('events')}::int[])`),
    )(db, { events: idArray([event.id]) });
    expect(asJson).toEqual(asRows);
    expect(asJson.map((r) => r.userId)).toEqual([other.id, owner.id]);
    expect(asJson[1]).toMatchObject({ volume: '123456789012345678901234567', spent: '9007199254740993', name: 'Ann "A" \\ Lee', gender: 'F' });
    expect(asJson[1]?.joinedAt).toBeInstanceOf(Date);
    expect(asJson[0]).toMatchObject({ gender: null, registered: false, doubled: 0 });
  });

  it('answers an empty list when nothing matches', async () => {
    const db = file.database.db;
    const found = await jsonRowsBuiltOnce({ id: users.id }, undefined, (built, rows) =>
      built
        .select({ rows })
        .from(users)
        .where(eq(users.id, sql.placeholder('id'))),
    )(db, { id: -1 });
    expect(found).toEqual([]);
  });
});
