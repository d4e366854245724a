/**
 * Text no person types, sent where people type: a NUL (PostgreSQL cannot store it and answered
 * 500 with the text in the error log), a lone surrogate (cannot be encoded), direction overrides
 * (make 'txt.exe' look like 'exe.txt' in someone else's list), and names of invisible characters.
 * Each is refused as validation_failed, or for a name read as empty, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../harness';
import { eventWith, people, type Person } from '../ledger-factories';

let t: TestApp;
let anna: Person;
let boris: Person;
let event: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await people(t, ['Anna', 'Boris']);
  anna = a!;
  boris = b!;
  event = await eventWith(t, anna, [boris]);
});
afterAll(() => t.close());

const HOSTILE = ['Dinner\u0000', 'lone \uD83D surrogate', 'invoice\u202Etxt.exe', 'isolate\u2066x\u2069'];

describe('hostile text', () => {
  for (const text of HOSTILE) {
    it(`is refused as validation_failed everywhere people type: ${JSON.stringify(text)}`, async () => {
      const requests = [
        call(t.app, 'POST', '/app/api/v1/event/', { token: anna.token, body: { event_name: text, contacts: [] } }),
        call(t.app, 'PUT', `/app/api/v1/event/${event}/`, { token: anna.token, body: { data: { event_name: text } } }),
        call(t.app, 'POST', '/app/api/v1/operation/', {
          token: anna.token,
          body: { event_id: event, details: { kind: 'even_purchase', amount: 10, description: text }, participants: [{ uid: anna.uid }, { uid: boris.uid }] },
        }),
        call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: { event_id: event, details: { kind: 'comment', text }, participants: [] } }),
        call(t.app, 'POST', '/app/api/v1/user/contacts/', { token: anna.token, body: { device: 'WEB', contacts: [{ name: text, phone: '+79990001122' }] } }),
        call(t.app, 'PUT', '/app/api/v2/user/me/', { token: anna.token, body: { first_name: text, last_name: 'Smirnova' } }),
      ];
      for (const res of await Promise.all(requests)) {
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'validation_failed' });
      }
      const ops = await call(t.app, 'GET', `/app/api/v1/operation/?event=${event}`, { token: anna.token });
      expect(ops.body.count).toBe(0);
      const me = await call(t.app, 'GET', '/app/api/v1/user/me/', { token: anna.token });
      expect(me.body.first_name).toBe('Anna');
    });
  }

  it("reads a name of invisible characters as no name: 'First name required'", async () => {
    const res = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: anna.token, body: { first_name: '\u200B\u200D\uFEFF', last_name: 'Smirnova' } });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'first_name_required' });
  });
});
