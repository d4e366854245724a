/**
 * Fast people for ledger tests: a users row and a session, without the sign-up round trip (whose
 * SMS code and password hashing belong to the accounts tests). Everything after that, contacts,
 * events and operations, goes through the HTTP API.
 */
import { eq } from 'drizzle-orm';
import { families, users } from '../../server/db/schema';
import { createSession } from '../../server/modules/sessions/service';
import { call, type TestApp } from './harness';

export interface Person {
  uid: number;
  token: string;
  phone: string;
  name: string;
}

let counter = 0;

/** A registered person with a full name; phones are unique per process. */
export async function person(t: TestApp, name: string, opts: { currency?: string; phone?: string } = {}): Promise<Person> {
  counter += 1;
  const phone = opts.phone ?? `+7916${String(1_000_000 + ((process.pid * 7919 + counter) % 9_000_000)).padStart(7, '0')}`;
  const [row] = await t.database.db
    .insert(users)
    .values({ phone, passwordHash: 'not-a-real-hash', fullName: name, firstName: name, currency: opts.currency ?? 'RUB', registeredAt: new Date() })
    .returning({ id: users.id });
  const uid = row!.id;
  return { uid, token: await createSession(t.database.db, uid, true), phone, name };
}

export async function people(t: TestApp, names: readonly string[], opts: { currency?: string } = {}): Promise<Person[]> {
  const out: Person[] = [];
  for (const name of names) out.push(await person(t, name, opts));
  return out;
}

/** A user-level family (the accounts module owns the API for it; tests only need the grouping). */
export async function family(t: TestApp, head: Person, members: readonly Person[]): Promise<void> {
  const [f] = await t.database.db.insert(families).values({ headId: head.uid }).returning({ id: families.id });
  for (const p of [head, ...members]) await t.database.db.update(users).set({ familyId: f!.id }).where(eq(users.id, p.uid));
}

/** `owner` adds `others` to their contact book through POST /v1/user/contacts/. */
export async function addContacts(t: TestApp, owner: Person, others: readonly Person[]): Promise<void> {
  const res = await call(t.app, 'POST', '/app/api/v1/user/contacts/', {
    token: owner.token,
    body: { device: 'WEB', contacts: others.map((o) => ({ name: o.name, phone: o.phone })) },
  });
  if (res.status !== 200) throw new Error(`contacts: ${res.status} ${JSON.stringify(res.body)}`);
}

/** An event owned by `owner` with `others`, created through the API (contacts added first). */
export async function eventWith(t: TestApp, owner: Person, others: readonly Person[], extra: Record<string, unknown> = {}): Promise<number> {
  await addContacts(t, owner, others);
  const res = await call(t.app, 'POST', '/app/api/v1/event/', {
    token: owner.token,
    body: { event_name: 'Trip', contacts: others.map((o) => o.uid), ...extra },
  });
  if (res.status !== 201) throw new Error(`event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** POST /v1/operation/ and insist on success. */
export async function operate(t: TestApp, author: Person, body: Record<string, unknown>, headers?: Record<string, string>): Promise<any> {
  const res = await call(t.app, 'POST', '/app/api/v1/operation/', { token: author.token, body, headers });
  if (res.status !== 201) throw new Error(`operation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
