import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../../common/contract/events';
import { userSchema, type User } from '../../../common/contract/user';
import { families, users } from '../../db/schema';
import { DEFAULT_PASSWORD, signUp } from '../../../tests/api/factories';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, type Person } from '../../../tests/api/ledger-factories';

let t: TestApp;

let phones = 0;
const newPhone = () => `+7908${String(++phones).padStart(7, '0')}`;

async function member(name: string, phone = newPhone()): Promise<Person> {
  const s = await signUp(t, phone, DEFAULT_PASSWORD, { first_name: name, last_name: 'Test' });
  return { uid: s.uid, token: s.token, phone: s.phone, name };
}

async function me(who: Person): Promise<User> {
  const res = await call(t.app, 'GET', '/app/api/v1/user/me/', { token: who.token });
  expect(res.status).toBe(200);
  return userSchema.parse(res.body);
}

const put = (who: Person, body: unknown) => call(t.app, 'PUT', '/app/api/v2/user/me/', { token: who.token, body });
const setFamily = (head: Person, members: readonly (Person | string)[]) =>
  put(head, { family: { head: head.phone, members: members.map((m) => (typeof m === 'string' ? m : m.phone)) } });

async function familyOf(who: Person): Promise<{ head: number; members: number[] } | null> {
  const f = (await me(who)).family;
  return f ? { head: f.head.uid, members: f.members.map((m) => m.uid).sort((a, b) => a - b) } : null;
}

const uids = (list: readonly Person[]) => list.map((p) => p.uid).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('creating and showing a family', () => {
  it('lets a head add up to 5 members, registered or not, and shows it to everyone in it', async () => {
    const head = await member('Head');
    const kids = [await member('Kid1'), await member('Kid2'), await member('Kid3'), await member('Kid4')];
    const res = await put(head, { family: { head: head.phone, members: [...kids.map((k) => k.phone), '8 (908) 999-00-01'] } });
    expect(res.status).toBe(200);
    const family = userSchema.parse(res.body).family;
    expect(family).toMatchObject({ head: { uid: head.uid, phone: head.phone, name: 'me', is_me: true }, is_head: true, balance: 0, currency: 'RUB', balances: [] });
    expect(family?.members).toHaveLength(5);
    const placeholder = family?.members.find((m) => m.phone === '+79089990001');
    expect(placeholder).toMatchObject({ is_registered: false });
    const seen = await me(kids[0]!);
    expect(seen.family).toMatchObject({ id: family?.id, head: { uid: head.uid, phone: head.phone }, is_head: false });
    expect(seen.family?.members.map((m) => m.uid)).toContain(kids[0]!.uid);
    // The placeholder is in the family when that phone signs up.
    const late = await member('Late', '+79089990001');
    expect(late.uid).toBe(placeholder?.uid);
    expect((await me(late)).family?.id).toBe(family?.id);
  });

  it("refuses a sixth member with 'There should be less than five people in the family', changing nothing", async () => {
    const head = await member('Head');
    const five = await Promise.all(Array.from({ length: 5 }, () => newPhone()));
    expect((await setFamily(head, five)).status).toBe(200);
    const before = await familyOf(head);
    const res = await put(head, { first_name: 'Renamed', family: { head: head.phone, members: [...five, newPhone()] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'There should be less than five people in the family', code: 'family_too_big', field: 'family.members' });
    expect(await familyOf(head)).toEqual(before);
    expect((await me(head)).first_name).toBe('Head');
    // The head listing themselves among the members does not count as a sixth.
    expect((await setFamily(head, [...five, head.phone])).status).toBe(200);
    // A new family of six is refused the same way, and nothing is created.
    const other = await member('Other');
    const six = await put(other, { family: { head: other.phone, members: Array.from({ length: 6 }, () => newPhone()) } });
    expect(six.body.code).toBe('family_too_big');
    expect(await familyOf(other)).toBeNull();
  });

  it("refuses a member of another family ('This person is already in another family'), changing nothing", async () => {
    const [h1, h2, taken, free] = [await member('H1'), await member('H2'), await member('Taken'), await member('Free')];
    expect((await setFamily(h1, [taken])).status).toBe(200);
    expect((await setFamily(h2, [free])).status).toBe(200);
    const res = await setFamily(h2, [free, taken]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'This person is already in another family', code: 'family_member_taken', field: 'family.members' });
    expect(await familyOf(h2)).toEqual({ head: h2.uid, members: [free.uid] });
    expect(await familyOf(taken)).toEqual({ head: h1.uid, members: [taken.uid] });
    // Another family's head is taken too, and someone outside a family cannot start one with them.
    expect((await setFamily(h2, [free, h1])).body.code).toBe('family_member_taken');
    const loner = await member('Loner');
    expect((await setFamily(loner, [taken])).body.code).toBe('family_member_taken');
    expect(await familyOf(loner)).toBeNull();
  });

  it('refuses a head phone that is not the caller, and malformed phones and types', async () => {
    const [a, b] = [await member('A'), await member('B')];
    const cases: [unknown, number, string, string | undefined][] = [
      [{ head: b.phone, members: [newPhone()] }, 403, 'family_not_head', 'family.head'],
      [{ head: a.phone, members: ['12'] }, 400, 'phone_incorrect', 'family.members'],
      [{ head: 'nope', members: [newPhone()] }, 400, 'phone_incorrect', 'family.head'],
      [{ head: a.phone, members: 'x' }, 400, 'validation_failed', 'family.members'],
      [{ head: a.phone }, 400, 'validation_failed', 'family.members'],
      [{ head: a.phone, members: [42] }, 400, 'validation_failed', 'family.members.0'],
      ['family', 400, 'validation_failed', 'family'],
    ];
    for (const [family, status, code, field] of cases) {
      const res = await put(a, { family });
      expect([family, res.status, res.body.code, res.body.field]).toEqual([family, status, code, field]);
    }
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/app/api/v2/user/me/',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: '{"family": {"head": "x", "members": [}',
    });
    expect([malformed.statusCode, JSON.parse(malformed.body).code]).toEqual([400, 'bad_request']);
    expect(await familyOf(a)).toBeNull();
    expect(await familyOf(b)).toBeNull();
  });
});

describe('who may change it', () => {
  it("refuses a non-head member's change with 'Only the head of the family can change it'", async () => {
    const [head, m1, m2, outsider] = [await member('Head'), await member('M1'), await member('M2'), await member('Out')];
    expect((await setFamily(head, [m1, m2])).status).toBe(200);
    for (const family of [
      { head: head.phone, members: [m1.phone, m2.phone, outsider.phone] },
      { head: head.phone, members: [m1.phone] },
      { head: m1.phone, members: [m2.phone] },
      { members: [m1.phone, m2.phone, outsider.phone] },
    ]) {
      const res = await put(m1, { family });
      expect([res.status, res.body]).toEqual([403, { error: 'Only the head of the family can change it', code: 'family_not_head', field: expect.any(String) }]);
    }
    expect(await familyOf(head)).toEqual({ head: head.uid, members: uids([m1, m2]) });
    expect(await familyOf(outsider)).toBeNull();
    // The settings form sends the family unchanged with every save: a member's save goes through.
    const save = await put(m1, { first_name: 'Mike', family: { head: head.phone, members: [m2.phone, m1.phone] } });
    expect(save.status).toBe(200);
    expect(save.body.first_name).toBe('Mike');
    expect(await familyOf(m1)).toEqual({ head: head.uid, members: uids([m1, m2]) });
  });

  it('lets a member quit; the rest stay, and the last member quitting ends the family', async () => {
    const [head, m1, m2] = [await member('Head'), await member('M1'), await member('M2')];
    await setFamily(head, [m1, m2]);
    const quit = await put(m1, { family: null });
    expect(quit.status).toBe(200);
    expect(quit.body.family).toBeNull();
    expect(await familyOf(head)).toEqual({ head: head.uid, members: [m2.uid] });
    expect((await put(m2, { family: null })).status).toBe(200);
    expect(await familyOf(head)).toBeNull();
    // Quitting outside a family changes nothing.
    expect((await put(m2, { family: null })).status).toBe(200);
  });

  it('lets the head remove members and add others', async () => {
    const [head, m1, m2, m3] = [await member('Head'), await member('M1'), await member('M2'), await member('M3')];
    await setFamily(head, [m1, m2]);
    expect((await setFamily(head, [m2, m3])).status).toBe(200);
    expect(await familyOf(head)).toEqual({ head: head.uid, members: uids([m2, m3]) });
    expect(await familyOf(m1)).toBeNull();
  });

  it('deletes the family for everyone when the head sends null or an empty list', async () => {
    const [head, m1, m2] = [await member('Head'), await member('M1'), await member('M2')];
    const id = (await setFamily(head, [m1, m2])).body.family.id;
    expect((await put(head, { family: null })).status).toBe(200);
    for (const p of [head, m1, m2]) expect(await familyOf(p)).toBeNull();
    expect(await t.database.db.select().from(families).where(eq(families.id, id))).toEqual([]);
    // Members are free again: one of them may now head a family of their own.
    expect((await setFamily(m1, [m2])).status).toBe(200);
    expect((await setFamily(m1, [])).status).toBe(200);
    expect(await familyOf(m2)).toBeNull();
  });
});

describe('account deletion', () => {
  it("removes a member from the family, and the head's deletion deletes it", async () => {
    const [head, m1, m2] = [await member('Head'), await member('M1'), await member('M2')];
    await setFamily(head, [m1, m2]);
    expect((await call(t.app, 'DELETE', '/app/api/v2/user/me/', { token: m1.token })).status).toBe(200);
    expect(await familyOf(head)).toEqual({ head: head.uid, members: [m2.uid] });
    expect((await call(t.app, 'DELETE', '/app/api/v2/user/me/', { token: head.token })).status).toBe(200);
    expect(await familyOf(m2)).toBeNull();
    const rows = await t.database.db.select({ familyId: users.familyId }).from(users).where(eq(users.id, head.uid));
    expect(rows).toEqual([{ familyId: null }]);
  });
});

describe('families in events and balances', () => {
  it('starts event families from the user-level families', async () => {
    const [owner, wife, son, friend] = [await member('Owner'), await member('Wife'), await member('Son'), await member('Friend')];
    await setFamily(owner, [wife, son]);
    const id = await eventWith(t, owner, [friend, wife, son]);
    const ev = eventSchema.parse((await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: owner.token })).body);
    expect(ev.families.map((f) => f.members)).toEqual([[owner.uid, wife.uid, son.uid], [friend.uid]]);
  });

  it("gives each member my net balance with them, and the family's sum in my currency", async () => {
    const [head, m1, m2] = [await member('Head'), await member('M1'), await member('M2')];
    await setFamily(head, [m1, m2]);
    const id = await eventWith(t, head, [m1, m2], { eventCurrency: 'RUB' });
    await operate(t, head, { event_id: id, details: { kind: 'even_purchase', amount: 900 }, participants: [head, m1, m2].map((p) => ({ uid: p.uid })) });
    await operate(t, m1, { event_id: id, details: { kind: 'i_lent_them', amount: 100 }, participants: [{ uid: m2.uid }] });
    const mine = (await me(head)).family;
    expect(mine).toMatchObject({ balance: 600, currency: 'RUB', balances: [{ balance: 600, currency: 'RUB' }] });
    expect(mine?.members.map((m) => m.balance)).toEqual([[{ balance: 300, currency: 'RUB' }], [{ balance: 300, currency: 'RUB' }]]);
    // M1 owes the head 300 and is owed 100 by M2.
    expect((await me(m1)).family).toMatchObject({ balance: -200, head: { uid: head.uid, balance: [{ balance: -300, currency: 'RUB' }] } });
  });
});
