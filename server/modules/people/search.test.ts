import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchResponse } from '../../../common/contract/people';
import { users } from '../../db/schema';
import { DEFAULT_PASSWORD, signUp } from '../../../tests/api/factories';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { addContacts, type Person } from '../../../tests/api/ledger-factories';
import { SEARCH_LIMIT } from './service';

let t: TestApp;
let anna: Person, boris: Person, dan: Person;

let phones = 0;
const newPhone = () => `+7906${String(++phones).padStart(7, '0')}`;

async function member(name: string): Promise<Person> {
  const s = await signUp(t, newPhone(), DEFAULT_PASSWORD, { first_name: name, last_name: 'Test' });
  return { uid: s.uid, token: s.token, phone: s.phone, name };
}

const search = (who: Person, query: string) => call(t.app, 'GET', `/app/api/v1/user/search/?${query}`, { token: who.token });

async function found(who: Person, query: string) {
  const res = await search(who, query);
  expect(res.status).toBe(200);
  return userSearchResponse.parse(res.body);
}

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, dan] = [await member('Anna'), await member('Boris'), await member('Dan')];
  await addContacts(t, anna, [boris]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/user/search/', () => {
  it('finds a registered person by phone however it is typed, saying whether they are my contact', async () => {
    const digits = boris.phone.slice(2); // +7 dropped
    for (const typed of [boris.phone, `8 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`, digits, `7${digits}`]) {
      const res = await found(anna, `phone=${encodeURIComponent(typed)}`);
      expect([typed, res]).toMatchObject([
        typed,
        { status: 'registered', uid: boris.uid, phone: boris.phone, name: 'Boris', is_contact_exists: true, is_registered: true },
      ]);
    }
    expect(await found(dan, `phone=${encodeURIComponent(boris.phone)}`)).toMatchObject({
      status: 'registered',
      uid: boris.uid,
      name: 'Boris Test',
      is_contact_exists: false,
    });
  });

  it("answers 'unregistered' with the phone for a phone without an account, and creates nobody", async () => {
    const before = await userCount();
    expect(await found(anna, 'phone=%2B79061112233')).toEqual({ status: 'unregistered', phone: '+79061112233' });
    expect(await found(anna, 'phone=%2B79061112233&search_all=true')).toEqual({ status: 'unregistered', phone: '+79061112233' });
    expect(await userCount()).toBe(before);
    const rows = await t.database.db.select().from(users).where(eq(users.phone, '+79061112233'));
    expect(rows).toEqual([]);
  });

  it('with search_all, also finds a placeholder in my contacts, and only in mine', async () => {
    const phone = '+79062223344';
    const added = await call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: anna.token, body: { device: 'WEB', contacts: [{ name: 'Zoe', phone }] } });
    expect(added.status).toBe(200);
    expect(await found(anna, `phone=${encodeURIComponent(phone)}`)).toEqual({ status: 'unregistered', phone });
    expect(await found(anna, `phone=${encodeURIComponent(phone)}&search_all=false`)).toEqual({ status: 'unregistered', phone });
    for (const flag of ['true', '1']) {
      expect(await found(anna, `phone=${encodeURIComponent(phone)}&search_all=${flag}`)).toMatchObject({
        status: 'contact',
        phone,
        name: 'Zoe',
        is_registered: false,
        is_contact_exists: true,
      });
    }
    // Someone else's placeholder is nobody's account: Dan learns nothing about Anna's book.
    expect(await found(dan, `phone=${encodeURIComponent(phone)}&search_all=true`)).toEqual({ status: 'unregistered', phone });
  });

  it('treats a deleted account as unregistered', async () => {
    const gone = await member('Gone');
    expect((await call(t.app, 'DELETE', '/app/api/v2/user/me/', { token: gone.token })).status).toBe(200);
    expect(await found(anna, `phone=${encodeURIComponent(gone.phone)}`)).toEqual({ status: 'unregistered', phone: gone.phone });
  });

  it("refuses digits that are not a whole phone with 'phone incorrect' in the phone field", async () => {
    for (const typed of ['12345', 'abc', '', '+7 906 123', '12345678901234', '000 000 00 00']) {
      const res = await search(anna, `phone=${encodeURIComponent(typed)}`);
      expect([typed, res.status, res.body]).toEqual([
        typed,
        400,
        { error: 'phone incorrect', code: 'phone_incorrect', field: 'phone', phone: 'phone incorrect' },
      ]);
    }
  });

  it('refuses a missing phone, a bad flag and a missing token', async () => {
    expect((await search(anna, '')).status).toBe(400);
    expect((await search(anna, `phone=${encodeURIComponent(boris.phone)}&search_all=yes`)).body.code).toBe('validation_failed');
    expect((await call(t.app, 'GET', `/app/api/v1/user/search/?phone=${encodeURIComponent(boris.phone)}`)).status).toBe(401);
  });

  it(`limits searches to ${SEARCH_LIMIT.max} an hour per person`, async () => {
    const eager = await member('Eager');
    for (let i = 0; i < SEARCH_LIMIT.max; i++) {
      const res = await search(eager, `phone=${encodeURIComponent(`+7906${String(5_000_000 + i)}`)}`);
      if (res.status !== 200) throw new Error(`search ${i + 1} answered ${res.status}`);
    }
    const res = await search(eager, `phone=${encodeURIComponent(boris.phone)}`);
    expect([res.status, res.body.code]).toEqual([429, 'rate_limited']);
    // Others are not held up.
    expect((await search(anna, `phone=${encodeURIComponent(boris.phone)}`)).status).toBe(200);
  });
});
