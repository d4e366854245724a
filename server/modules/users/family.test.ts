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

/** The head's family as the head saves it in Settings, and every registered member accepting. */
async function formFamily(head: Person, members: readonly Person[]) {
  const res = await setFamily(head, members);
  expect(res.status).toBe(200);
  for (const m of members) {
    const invitation = (await me(m)).family_invitations.received.find((i) => i.person.uid === head.uid);
    expect(invitation).toBeDefined();
    expect((await accept(m, invitation!.id)).status).toBe(200);
  }
  return me(head);
}
const accept = (who: Person, id: number) => call(t.app, 'POST', `/app/api/v1/user/family/invitations/${id}/accept/`, { token: who.token });
const drop = (who: Person, id: number) => call(t.app, 'DELETE', `/app/api/v1/user/family/invitations/${id}/`, { token: who.token });
const receivedFrom = async (who: Person, from: Person) => (await me(who)).family_invitations.received.find((i) => i.person.uid === from.uid);

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
  it('invites up to 5 people, registered or not; each joins only on accepting, and the family shows to everyone in it', async () => {
    const head = await member('Head');
    const kids = [await member('Kid1'), await member('Kid2'), await member('Kid3'), await member('Kid4')];
    const res = await put(head, { family: { head: head.phone, members: [...kids.map((k) => k.phone), '8 (908) 999-00-01'] } });
    expect(res.status).toBe(200);
    const saved = userSchema.parse(res.body);
    // Nobody has joined yet: there is no family, only five invitations.
    expect(saved.family).toBeNull();
    expect(saved.family_invitations.sent.map((i) => i.person.phone).sort()).toEqual([...kids.map((k) => k.phone), '+79089990001'].sort());
    expect(saved.family_invitations.sent.find((i) => i.person.phone === '+79089990001')?.person).toMatchObject({ is_registered: false });
    const invited = await me(kids[0]!);
    expect(invited.family).toBeNull();
    expect(invited.family_invitations.received).toMatchObject([{ person: { uid: head.uid, phone: head.phone } }]);

    for (const kid of kids) expect((await accept(kid, (await receivedFrom(kid, head))!.id)).status).toBe(200);
    const family = (await me(head)).family;
    expect(family).toMatchObject({
      head: { uid: head.uid, phone: head.phone, name: 'me', is_me: true },
      is_head: true,
      balance: 0,
      currency: 'RUB',
      balances: [],
    });
    expect(family?.members.map((m) => m.uid).sort((a, b) => a - b)).toEqual(uids(kids));
    const seen = await me(kids[0]!);
    expect(seen.family).toMatchObject({ id: family?.id, head: { uid: head.uid, phone: head.phone }, is_head: false });
    expect(seen.family_invitations.received).toEqual([]);
    // The unregistered phone finds the invitation when it signs up, and joins by accepting it.
    const late = await member('Late', '+79089990001');
    expect((await me(late)).family).toBeNull();
    const waiting = await receivedFrom(late, head);
    expect(waiting).toBeDefined();
    expect((await accept(late, waiting!.id)).status).toBe(200);
    expect((await me(late)).family?.id).toBe(family?.id);
    expect((await me(head)).family_invitations.sent).toEqual([]);
  });

  it("refuses a sixth member with 'There should be less than five people in the family', changing nothing", async () => {
    const head = await member('Head');
    const five = await Promise.all(Array.from({ length: 5 }, () => newPhone()));
    expect((await setFamily(head, five)).status).toBe(200);
    const before = (await me(head)).family_invitations.sent.map((i) => i.id);
    expect(before).toHaveLength(5);
    const res = await put(head, { first_name: 'Renamed', family: { head: head.phone, members: [...five, newPhone()] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'There should be less than five people in the family', code: 'family_too_big', field: 'family.members' });
    expect((await me(head)).family_invitations.sent.map((i) => i.id)).toEqual(before);
    expect((await me(head)).first_name).toBe('Head');
    // The head listing themselves among the members does not count as a sixth.
    expect((await setFamily(head, [...five, head.phone])).status).toBe(200);
    // A new family of six is refused the same way, and nothing is created.
    const other = await member('Other');
    const six = await put(other, { family: { head: other.phone, members: Array.from({ length: 6 }, () => newPhone()) } });
    expect(six.body.code).toBe('family_too_big');
    expect(await familyOf(other)).toBeNull();
  });

  it("cannot draft anyone: a stranger's invitation changes nothing, and the real family can still take them", async () => {
    const [stranger, victim, spouse, friend] = [await member('Stranger'), await member('Victim'), await member('Spouse'), await member('Friend')];
    expect((await setFamily(stranger, [victim])).status).toBe(200);
    expect(await familyOf(victim)).toBeNull();
    expect(await familyOf(stranger)).toBeNull();
    // The real family is not refused with 'already in another family'.
    await formFamily(spouse, [victim]);
    expect(await familyOf(victim)).toEqual({ head: spouse.uid, members: [victim.uid] });
    // Accepting the stranger's now is refused until the victim leaves; nothing changes.
    const theirs = await receivedFrom(victim, stranger);
    const res = await accept(victim, theirs!.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'family_already_member', error: 'You are already in a family. Leave it before joining another.' });
    expect(await familyOf(victim)).toEqual({ head: spouse.uid, members: [victim.uid] });
    // In a shared event the settle-up families are the real ones.
    const id = await eventWith(t, friend, [stranger, victim, spouse]);
    const ev = eventSchema.parse((await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: friend.token })).body);
    const familyOfVictim = ev.families.find((f) => f.members.includes(victim.uid));
    expect([...familyOfVictim!.members].sort((a, b) => a - b)).toEqual([spouse.uid, victim.uid].sort((a, b) => a - b));
    expect(ev.families.find((f) => f.members.includes(stranger.uid))?.members).toEqual([stranger.uid]);
  });

  it('shows the inviter only what they typed of an invitee they have not met, until the invitee accepts', async () => {
    const [prober, owner] = [await member('Prober'), await member('Secret')];
    await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: owner.token, body: { gender: 'F' } });
    expect((await setFamily(prober, [owner, newPhone()])).status).toBe(200);
    const sent = (await me(prober)).family_invitations.sent;
    expect(sent).toHaveLength(2);
    // A registered phone and one nobody has look alike: no name, picture, gender or account of their own.
    for (const invitation of sent) expect(invitation.person).toMatchObject({ full_name: '', avatar_url: null, gender: null, is_registered: false });
    expect(JSON.stringify(sent)).not.toContain('Secret');
    // The invitee sees who invites them, and once they accept the family shows them as they are.
    const theirs = await receivedFrom(owner, prober);
    expect(theirs?.person.full_name).toBe('Prober Test');
    expect((await accept(owner, theirs!.id)).status).toBe(200);
    expect((await me(prober)).family?.members.find((m) => m.uid === owner.uid)?.full_name).toBe('Secret Test');
  });

  it('counts each new invitation as a phone looked up, so invitations are no way round the lookup limit', async () => {
    const prober = await member('Harvester');
    const book = (from: number) => Array.from({ length: 500 }, (_, i) => ({ name: '', phone: `+7977${String(from + i).padStart(7, '0')}` }));
    expect((await call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: prober.token, body: { device: 'WEB', contacts: book(0) } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: prober.token, body: { device: 'WEB', contacts: book(500) } })).status).toBe(200);
    // The hour's thousand lookups are spent: an invitation to a new phone is one more.
    const refused = await setFamily(prober, [newPhone()]);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 'rate_limited' });
    expect((await me(prober)).family_invitations.sent).toEqual([]);
  });

  it('lets the invitee decline and the head withdraw; a withdrawn placeholder is forgotten', async () => {
    const [head, a, b] = [await member('Head'), await member('A'), await member('B')];
    const unknown = newPhone();
    await setFamily(head, [a, b, unknown]);
    const fromA = await receivedFrom(a, head);
    const declined = await drop(a, fromA!.id);
    expect(declined.status).toBe(200);
    expect(userSchema.parse(declined.body).family_invitations.received).toEqual([]);
    const sent = (await me(head)).family_invitations.sent;
    expect(sent.map((i) => i.person.uid)).not.toContain(a.uid);
    const toB = sent.find((i) => i.person.uid === b.uid)!;
    expect((await drop(head, toB.id)).status).toBe(200);
    expect(await receivedFrom(b, head)).toBeUndefined();
    expect((await accept(b, toB.id)).status).toBe(404);
    // Leaving the placeholder out of the next save withdraws it, and its row goes.
    expect((await setFamily(head, [])).status).toBe(200);
    expect((await me(head)).family_invitations.sent).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.phone, unknown))).toEqual([]);
    expect(await familyOf(head)).toBeNull();
  });

  it("answers someone else's invitation ids with 404, and an inviter who joined another family with 'no longer valid'", async () => {
    const [head, invitee, other, bigHead] = [await member('Head'), await member('Invitee'), await member('Other'), await member('Big')];
    await setFamily(head, [invitee]);
    const invitation = (await receivedFrom(invitee, head))!;
    expect((await accept(other, invitation.id)).status).toBe(404);
    expect((await drop(other, invitation.id)).status).toBe(404);
    expect((await accept(head, invitation.id)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '99999999999']) expect((await accept(invitee, bad as unknown as number)).status).toBe(400);
    // The head joins someone else's family as a member: their invitation can no longer be kept.
    await formFamily(bigHead, [head]);
    const gone = await accept(invitee, invitation.id);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 'family_invitation_gone', error: 'This invitation is no longer valid' });
    expect(await familyOf(invitee)).toBeNull();
    expect((await me(invitee)).family_invitations.received).toEqual([]);
  });

  it('lets one of two parallel acceptances through, and refuses a sixth member joining', async () => {
    const [h1, h2, both] = [await member('H1'), await member('H2'), await member('Both')];
    await setFamily(h1, [both]);
    await setFamily(h2, [both]);
    const received = (await me(both)).family_invitations.received;
    const answers = await Promise.all(received.map((i) => accept(both, i.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const family = await familyOf(both);
    expect([h1.uid, h2.uid]).toContain(family?.head);

    const full = await member('Full');
    const five = [await member('F1'), await member('F2'), await member('F3'), await member('F4'), await member('F5')];
    await formFamily(full, five);
    // A sixth invitation cannot be sent, and an old one cannot be used to squeeze in.
    expect((await setFamily(full, [...five, await member('F6')])).body.code).toBe('family_too_big');
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
    await formFamily(head, [m1, m2]);
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
    await formFamily(head, [m1, m2]);
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
    await formFamily(head, [m1, m2]);
    expect((await setFamily(head, [m2, m3])).status).toBe(200);
    // M1 is out at once; M3 is only invited.
    expect(await familyOf(head)).toEqual({ head: head.uid, members: [m2.uid] });
    expect(await familyOf(m1)).toBeNull();
    expect((await accept(m3, (await receivedFrom(m3, head))!.id)).status).toBe(200);
    expect(await familyOf(head)).toEqual({ head: head.uid, members: uids([m2, m3]) });
  });

  it('deletes the family for everyone when the head sends null or an empty list', async () => {
    const [head, m1, m2] = [await member('Head'), await member('M1'), await member('M2')];
    const id = (await formFamily(head, [m1, m2])).family!.id;
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
    await formFamily(head, [m1, m2]);
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
    await formFamily(owner, [wife, son]);
    const id = await eventWith(t, owner, [friend, wife, son]);
    const ev = eventSchema.parse((await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: owner.token })).body);
    expect(ev.families.map((f) => f.members)).toEqual([[owner.uid, wife.uid, son.uid], [friend.uid]]);
  });

  it('settles a family formed later as one in the events its members already share', async () => {
    const [husband, wife, friend, cousin] = [await member('Husband'), await member('Wife'), await member('Friend'), await member('Cousin')];
    const flat = await eventWith(t, friend, [husband, wife]);
    // In this one the owner grouped the wife with her cousin: the owner's choice stays.
    const dacha = await eventWith(t, friend, [husband, wife, cousin]);
    const grouped = await call(t.app, 'PUT', `/app/api/v1/event/${dacha}/`, {
      token: friend.token,
      body: { data: { families: [[friend.uid], [husband.uid], [wife.uid, cousin.uid]] } },
    });
    expect(grouped.status).toBe(200);
    await operate(t, husband, {
      event_id: flat,
      details: { kind: 'even_purchase', amount: 300 },
      participants: [{ uid: husband.uid }, { uid: wife.uid }, { uid: friend.uid }],
    });
    const familiesIn = async (id: number) =>
      eventSchema
        .parse((await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: friend.token })).body)
        .families.map((f) => [...f.members].sort((a, b) => a - b));
    expect(await familiesIn(flat)).toHaveLength(3);

    await formFamily(husband, [wife]);
    expect(await familiesIn(flat)).toEqual(expect.arrayContaining([uids([husband, wife]), [friend.uid]]));
    expect(await familiesIn(flat)).toHaveLength(2);
    expect(await familiesIn(dacha)).toEqual(expect.arrayContaining([[husband.uid], uids([wife, cousin])]));
    const plan = await call(t.app, 'GET', `/app/api/v1/event/${flat}/payout/`, { token: friend.token });
    expect(plan.status).toBe(200);
    // The friend owes the family 100, and nobody in the family pays the other.
    expect(JSON.stringify(plan.body)).not.toContain(`"from":${wife.uid},"to":${husband.uid}`);
  });

  it("gives each member my net balance with them, and the family's sum in my currency", async () => {
    const [head, m1, m2] = [await member('Head'), await member('M1'), await member('M2')];
    await formFamily(head, [m1, m2]);
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
