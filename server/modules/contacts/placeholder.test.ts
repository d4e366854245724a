import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListResponse } from '../../../common/contract/contacts';
import { event as eventSchema } from '../../../common/contract/events';
import { signUp } from '../../../tests/api/factories';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { operate, person, type Person } from '../../../tests/api/ledger-factories';

/** DESIGN §4: a phone without an account is a person already; signing up takes that identity over. */
let t: TestApp;
let anna: Person;
beforeAll(async () => {
  t = await createTestApp();
  anna = await person(t, 'Anna');
});
afterAll(async () => {
  await t.close();
});

describe('a placeholder person', () => {
  it('takes part in events before signing up, and finds everything there after', async () => {
    const added = await call(t.app, 'POST', '/app/api/v1/user/contacts/', {
      token: anna.token,
      body: { device: 'WEB', contacts: [{ name: 'Dima', phone: '+7 916 000-00-99' }] },
    });
    const dima = contactListResponse.parse(added.body).find((c) => c.phone === '+79160000099')!;
    expect(dima.is_registered).toBe(false);
    const created = await call(t.app, 'POST', '/app/api/v1/event/', { token: anna.token, body: { event_name: 'Dacha', contacts: [dima.uid] } });
    const eventId = eventSchema.parse(created.body).id;
    await operate(t, anna, { event_id: eventId, details: { kind: 'even_purchase', amount: 100 }, participants: [{ uid: anna.uid }, { uid: dima.uid }] });

    const account = await signUp(t, '+79160000099');
    expect(account.uid).toBe(dima.uid);
    const seen = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: account.token });
    expect(seen.status).toBe(200);
    const ev = eventSchema.parse(seen.body);
    expect(ev.payout).toBe(-50);
    expect(ev.unread_cnt).toBe(1);
    expect(ev.contacts.find((c) => c.uid === dima.uid)).toMatchObject({ is_registered: true, name: 'me' });
  });
});
