import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../common/errors';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';
import { ledgerSnapshot } from '../../../tests/api/ledger-snapshot';

/**
 * Every ledger endpoint answers bad input with a 4xx carrying a message and a code, and writes
 * nothing: malformed JSON, wrong types, huge numbers, negative amounts, unknown ids, other users' ids.
 */
let t: TestApp;
let anna: Person, boris: Person, eve: Person;
let eventId: number, eveEventId: number, opId: number, eveOpId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, eve] = (await people(t, ['Anna', 'Boris', 'Eve'])) as [Person, Person, Person];
  eventId = await eventWith(t, anna, [boris]);
  eveEventId = await eventWith(t, eve, [boris]);
  opId = (await operate(t, anna, { event_id: eventId, details: { kind: 'even_purchase', amount: 100 }, participants: [{ uid: anna.uid }, { uid: boris.uid }] }))
    .id;
  eveOpId = (await operate(t, eve, { event_id: eveEventId, details: { kind: 'i_lent_them', amount: 5 }, participants: [{ uid: boris.uid }] })).id;
});
afterAll(async () => {
  await t.close();
});

type Case = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, expectedCode?: string];

const HUGE = 1e300;
const BIG_ID = 99_999_999_999;

function cases(): Case[] {
  const op = (details: Record<string, unknown>, participants: unknown = [{ uid: anna.uid }, { uid: boris.uid }], event = eventId) => ({
    event_id: event,
    details: { kind: 'even_purchase', amount: 10, ...details },
    participants,
  });
  const ev = `/app/api/v1/event/${eventId}/`;
  return [
    // contacts
    ['POST', '/app/api/v1/user/contacts/', '{"contacts": [', 'bad_request'],
    ['POST', '/app/api/v1/user/contacts/', { contacts: 'everyone' }, 'validation_failed'],
    ['POST', '/app/api/v1/user/contacts/', { contacts: [{ name: 'X', phone: 79161234567 }] }, 'validation_failed'],
    ['POST', '/app/api/v1/user/contacts/', { contacts: [{ name: 'X', phone: 'call me' }] }, 'phone_incorrect'],
    ['POST', '/app/api/v1/user/contacts/', { contacts: [] }, 'validation_failed'],
    ['DELETE', '/app/api/v1/user/contacts/', { phones: [42] }, 'validation_failed'],
    ['DELETE', '/app/api/v1/user/contacts/', { phones: ['nope'] }, 'phone_incorrect'],
    // events
    ['POST', '/app/api/v1/event/', '{"event_name": "x",', 'bad_request'],
    ['POST', '/app/api/v1/event/', { event_name: 5 }, 'validation_failed'],
    ['POST', '/app/api/v1/event/', { event_name: '   ' }, 'event_name_required'],
    ['POST', '/app/api/v1/event/', { event_name: 'x'.repeat(101) }, 'validation_failed'],
    ['POST', '/app/api/v1/event/', { event_name: 'Trip', contacts: [BIG_ID] }, 'validation_failed'],
    ['POST', '/app/api/v1/event/', { event_name: 'Trip', contacts: [-3] }, 'validation_failed'],
    ['POST', '/app/api/v1/event/', { event_name: 'Trip', contacts: [eve.uid] }, 'user_not_found'],
    ['POST', '/app/api/v1/event/', { event_name: 'Trip', contacts: [987_654] }, 'user_not_found'],
    ['POST', '/app/api/v1/event/', { event_name: 'Trip', eventCurrency: 'XYZ' }, 'currency_unknown'],
    ['POST', '/app/api/v1/event/', { event_name: 'Trip', image_url: '/app/img/987654/{size}.webp' }, 'picture_invalid'],
    ['POST', '/app/api/v1/event/', { quasi: true, contacts: [] }, 'validation_failed'],
    ['GET', '/app/api/v1/event/abc/', undefined, 'validation_failed'],
    ['GET', `/app/api/v1/event/${BIG_ID}/`, undefined, 'validation_failed'],
    ['GET', '/app/api/v1/event/987654/', undefined, 'not_found'],
    ['GET', `/app/api/v1/event/${eveEventId}/`, undefined, 'not_found'],
    ['GET', `${ev}?currency=eur`, undefined, 'validation_failed'],
    ['GET', `${ev}?currency=XYZ`, undefined, 'currency_unknown'],
    ['GET', `/app/api/v1/event/${eveEventId}/payout/`, undefined, 'not_found'],
    ['PUT', ev, '{"data": {', 'bad_request'],
    ['PUT', ev, {}, 'validation_failed'],
    ['PUT', ev, { data: { event_name: '' } }, 'event_name_required'],
    ['PUT', ev, { data: { families: 'all' } }, 'validation_failed'],
    ['PUT', ev, { data: { families: [[anna.uid]] } }, 'validation_failed'],
    ['PUT', ev, { data: { families: [[anna.uid, boris.uid, eve.uid]] } }, 'validation_failed'],
    ['PUT', ev, { data: { families: [[anna.uid, boris.uid], [boris.uid]] } }, 'validation_failed'],
    ['PUT', ev, { data: { contacts: [anna.uid] } }, 'delete_user_with_debt'],
    ['PUT', ev, { data: { contacts: [anna.uid, boris.uid, eve.uid] } }, 'user_not_found'],
    ['PUT', ev, { data: { eventCurrency: 'XYZ' } }, 'currency_unknown'],
    ['PUT', ev, { del_date: 'yesterday' }, 'validation_failed'],
    ['PUT', `/app/api/v1/event/${eveEventId}/`, { del_date: null }, 'not_found'],
    // operations
    ['POST', '/app/api/v1/operation/', '{"event_id": 1, "details": {"kind": "comment"', 'bad_request'],
    ['POST', '/app/api/v1/operation/', 'null', 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'gift' }), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ amount: '10' }), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ amount: HUGE }), 'amount_invalid'],
    ['POST', '/app/api/v1/operation/', op({ amount: 123456789012345.67 }), 'amount_invalid'],
    ['POST', '/app/api/v1/operation/', op({ amount: -5 }), 'amount_invalid'],
    ['POST', '/app/api/v1/operation/', op({ amount: 0 }), 'amount_too_small'],
    ['POST', '/app/api/v1/operation/', op({ amount: 10.001 }), 'amount_invalid'],
    ['POST', '/app/api/v1/operation/', op({ amount: undefined }), 'required_field'],
    ['POST', '/app/api/v1/operation/', op({ date: 'yesterday' }), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ date: '1900-01-01' }), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ currency: 'rub' }), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ payer: BIG_ID }), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({ payer: eve.uid }), 'participant_not_in_event'],
    ['POST', '/app/api/v1/operation/', op({}, [{ uid: anna.uid }, { uid: 987_654 }]), 'participant_not_in_event'],
    // Named with a part of nothing: still someone from outside the event.
    [
      'POST',
      '/app/api/v1/operation/',
      op({ kind: 'split_purchase' }, [{ uid: anna.uid }, { uid: boris.uid }, { uid: eve.uid, amount: 0 }]),
      'participant_not_in_event',
    ],
    ['POST', '/app/api/v1/operation/', op({}, [{ uid: anna.uid }, { uid: anna.uid }]), 'validation_failed'],
    ['POST', '/app/api/v1/operation/', op({}, [{ uid: anna.uid }]), 'participants_too_few'],
    [
      'POST',
      '/app/api/v1/operation/',
      op({ kind: 'split_purchase' }, [
        { uid: anna.uid, amount: 8 },
        { uid: boris.uid, amount: 5 },
      ]),
      'remainder_negative',
    ],
    ['POST', '/app/api/v1/operation/', op({ kind: 'split_purchase' }, [{ uid: anna.uid, amount: -1 }, { uid: boris.uid }]), 'amount_invalid'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'split_purchase' }, [{ uid: anna.uid, amount: HUGE }, { uid: boris.uid }]), 'amount_invalid'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'they_lent_me' }, [{ uid: anna.uid }]), 'sender_or_recipient_required'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'they_lent_me', payer: anna.uid }, [{ uid: anna.uid }]), 'sender_recipient_same'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'payback' }, [{ uid: anna.uid }]), 'sender_recipient_same'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'payback' }, []), 'sender_or_recipient_required'],
    ['POST', '/app/api/v1/operation/', op({ kind: 'comment', amount: undefined, text: '  ' }, []), 'required_field'],
    ['POST', '/app/api/v1/operation/', op({}, undefined, 987_654), 'not_found'],
    ['POST', '/app/api/v1/operation/', op({}, [{ uid: eve.uid }, { uid: boris.uid }], eveEventId), 'not_found'],
    ['POST', '/app/api/v1/operation/', op({}, undefined, BIG_ID), 'validation_failed'],
    ['GET', '/app/api/v1/operation/?event=abc', undefined, 'validation_failed'],
    ['GET', '/app/api/v1/operation/', undefined, 'validation_failed'],
    ['GET', `/app/api/v1/operation/?event=${BIG_ID}`, undefined, 'validation_failed'],
    ['GET', `/app/api/v1/operation/?event=${eventId}&page=0`, undefined, 'validation_failed'],
    ['GET', `/app/api/v1/operation/?event=${eveEventId}`, undefined, 'not_found'],
    ['GET', `/app/api/v1/operation/expenses/?event=${eventId}&utc_offset=100000`, undefined, 'validation_failed'],
    ['GET', `/app/api/v1/operation/expenses/?event=${eveEventId}`, undefined, 'not_found'],
    ['DELETE', '/app/api/v1/operation/abc/', undefined, 'validation_failed'],
    ['DELETE', `/app/api/v1/operation/${BIG_ID}/`, undefined, 'validation_failed'],
    ['DELETE', '/app/api/v1/operation/987654/', undefined, 'not_found'],
    ['DELETE', `/app/api/v1/operation/${eveOpId}/`, undefined, 'not_found'],
    ['POST', `/app/api/v1/operation/${eveOpId}/restore/`, undefined, 'not_found'],
    ['POST', `/app/api/v1/operation/${opId}/seen`, '{"all": tru', 'bad_request'],
    ['POST', `/app/api/v1/operation/${opId}/seen`, { all: 'yes' }, 'validation_failed'],
    ['POST', `/app/api/v1/operation/${eveOpId}/seen`, undefined, 'not_found'],
    ['POST', '/app/api/v1/operation/move_operation/', '{"event_id": ', 'bad_request'],
    ['POST', '/app/api/v1/operation/move_operation/', { event_id: 'here', operation_id: opId }, 'validation_failed'],
    ['POST', '/app/api/v1/operation/move_operation/', { event_id: eventId, operation_id: 987_654 }, 'not_found'],
    ['POST', '/app/api/v1/operation/move_operation/', { event_id: 987_654, operation_id: opId }, 'not_found'],
    ['POST', '/app/api/v1/operation/move_operation/', { event_id: eveEventId, operation_id: opId }, 'not_found'],
    ['POST', '/app/api/v1/operation/move_operation/', { event_id: BIG_ID, operation_id: opId }, 'validation_failed'],
  ];
}

describe('bad input to the ledger endpoints', () => {
  it('answers each with a 4xx, a message and a code, and leaves the stored data unchanged', async () => {
    const before = await ledgerSnapshot(t);
    for (const [method, url, body, expectedCode] of cases()) {
      const raw = typeof body === 'string';
      const res = await call(t.app, method, url, {
        token: anna.token,
        body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      });
      const seen = { method, url, body, status: res.status, code: res.body?.code };
      expect(seen.status >= 400 && seen.status < 500, JSON.stringify(seen)).toBe(true);
      expect(typeof res.body?.error, JSON.stringify(seen)).toBe('string');
      if (expectedCode) expect(seen).toEqual({ ...seen, code: expectedCode });
      expect(res.body.error).toBe(ERROR_MESSAGES[res.body.code as keyof typeof ERROR_MESSAGES]);
    }
    expect(await ledgerSnapshot(t)).toEqual(before);
  });
});
