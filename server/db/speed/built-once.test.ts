import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseForFile } from '../../../tests/api/harness';
import { builtOnce, idArray, sqlBuiltOnce } from './built-once';
import { rowsOf } from '../rows';
import { contacts, events, users } from '../schema';

const file = databaseForFile();

const userByPhone = builtOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.phone, sql.placeholder('phone'))),
);

const peopleWithContacts = builtOnce((db) =>
  db
    .select({ user: users, contact: contacts })
    .from(users)
    .leftJoin(contacts, and(eq(contacts.ownerId, sql.placeholder('owner')), eq(contacts.contactId, users.id)))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(users.id),
);

const newEvent = builtOnce((db) =>
  db
    .insert(events)
    .values({ name: sql.placeholder('name'), ownerId: sql.placeholder('owner'), currency: sql.placeholder('currency'), lastActivityAt: sql.placeholder('at') })
    .returning(),
);

function countIn(result: unknown): number | undefined {
  return rowsOf<{ n: number }>(result)[0]?.n;
}

const countOfEvents = sqlBuiltOnce<{ owner: number }>(() => sql`select count(*)::int as n from ${events} where owner_id = ${sql.placeholder('owner')}`);

describe('statements built once', () => {
  it('answer what the same builder answers when run ad hoc, with each call its own values', async () => {
    const db = file.database.db;
    const [ann, bo] = await db
      .insert(users)
      .values([
        { phone: '+10000000101', fullName: 'Ann', gender: 'F' },
        { phone: '+10000000102', fullName: 'Bo' },
      ])
      .returning();
    if (!ann || !bo) throw new Error('no users');
    await db.insert(contacts).values({ ownerId: ann.id, contactId: bo.id, name: 'Bobby' });

    expect(await userByPhone(db, { phone: ann.phone })).toEqual(await db.select().from(users).where(eq(users.phone, ann.phone!)));
    expect((await userByPhone(db, { phone: bo.phone }))[0]?.fullName).toBe('Bo');
    expect(await userByPhone(db, { phone: '+10000000999' })).toEqual([]);

    // A left join's missing side is null, as Drizzle reads it, not an object of nulls.
    const adHoc = await db
      .select({ user: users, contact: contacts })
      .from(users)
      .leftJoin(contacts, and(eq(contacts.ownerId, ann.id), eq(contacts.contactId, users.id)))
      .where(sql`${users.id} = any(${idArray([ann.id, bo.id])}::int[])`)
      .orderBy(users.id);
    const once = await peopleWithContacts(db, { owner: ann.id, ids: idArray([ann.id, bo.id]) });
    expect(once).toEqual(adHoc);
    expect(once[0]?.contact).toBeNull();
    expect(once[1]?.contact).toMatchObject({ name: 'Bobby' });
    expect(once[1]?.user.createdAt).toBeInstanceOf(Date);
  });

  it('encode their values as the columns do, and run inside the transaction they are given', async () => {
    const db = file.database.db;
    const [owner] = await db.insert(users).values({ phone: '+10000000103', fullName: 'Cy' }).returning();
    if (!owner) throw new Error('no user');
    const at = new Date('2026-11-28T10:00:00.000Z');
    const [made] = await newEvent(db, { name: 'Trip', owner: owner.id, currency: 'EUR', at });
    expect(made).toMatchObject({ name: 'Trip', ownerId: owner.id, currency: 'EUR', lastActivityAt: at });

    // Seen by the transaction's own later statements, and gone with its rollback.
    await expect(
      db.transaction(async (tx) => {
        await newEvent(tx, { name: 'Undone', owner: owner.id, currency: 'USD', at });
        expect(countIn(await countOfEvents(tx, { owner: owner.id }))).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(countIn(await countOfEvents(db, { owner: owner.id }))).toBe(1);
  });

  it('refuses a value missing for a placeholder, and ids that are not integers', async () => {
    await expect(userByPhone(file.database.db, {} as { phone: string })).rejects.toThrow('No value for placeholder "phone"');
    expect(idArray([3, 1, 2])).toBe('{3,1,2}');
    expect(() => idArray([1.5])).toThrow('not an id');
    expect(() => idArray([Number.NaN])).toThrow('not an id');
  });
});
