/**
 * Server answers for the events web tests. Every body goes through the shared zod schema, so a
 * test can only ever show the screen something the real API could send.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { contactListResponse, type Contact } from '@common/contract/contacts';
import { currencyListResponse } from '@common/contract/currency';
import { event as eventSchema, eventListResponse, payoutResponse, type Event, type EventParticipant } from '@common/contract/events';
import { expensesResponse, operationListResponse } from '@common/contract/operations';
import { userSchema } from '@common/contract/user';
import { aContact, anEventAnswer, AS_ME } from '../../../tests/web/fixtures';
import { server } from '../../../tests/web/msw';

export const ME = 1;
const NOW = '2025-03-01T12:00:00.000Z';

export function person(uid: number, name: string, phone: string, extra: Partial<Contact> = {}): Contact {
  return aContact(uid, name, phone, { ...(uid === ME ? AS_ME : {}), ...extra });
}

export const people = {
  me: person(ME, 'Anna Smirnova', '+79160000001'),
  boris: person(2, 'Boris Ivanov', '+79160000002'),
  vera: person(3, 'Вера Петрова', '+79160000003'),
  gleb: person(4, 'Gleb Orlov', '+79160000004'),
  zhenya: person(5, 'Женя Смирнов', '+79161234567'),
};

export function participant(p: Contact, family: number, balance = 0, extra: Partial<EventParticipant> = {}): EventParticipant {
  const { balance: _unused, ...rest } = p;
  return { ...rest, balance, family, position: p.uid - 1, is_owner: p.uid === ME, ...extra };
}

/** An event as GET /event/{id}/ answers it; families are derived from the participants. */
export function makeEvent(overrides: Partial<Event> & { id: number }): Event {
  const contacts = overrides.contacts ?? [participant(people.me, 1), participant(people.boris, 2)];
  const byFamily = new Map<number, { members: number[]; balance: number }>();
  for (const c of contacts) {
    const f = byFamily.get(c.family) ?? { members: [], balance: 0 };
    f.members.push(c.uid);
    // Test balances are whole roubles, so plain sums are exact here.
    f.balance += c.balance;
    byFamily.set(c.family, f);
  }
  return anEventAnswer({
    event_name: 'Trip',
    owner: ME,
    payout: contacts.find((c) => c.uid === ME)?.balance ?? 0,
    created: NOW,
    last_activity: NOW,
    families: [...byFamily.entries()].map(([id, f]) => ({ id, ...f })),
    ...overrides,
    contacts,
  });
}

export const profileBody = userSchema.parse({
  user: ME,
  full_name: 'Anna Smirnova',
  first_name: 'Anna',
  last_name: 'Smirnova',
  gender: 'F',
  currency: 'EUR',
  cur_description: 'Euro',
  avatar_url: null,
  phone: '+79160000001',
  is_contact_exists: true,
  registration_date: NOW,
  family: null,
  family_invitations: { received: [], sent: [] },
});

const currencies = currencyListResponse.parse({
  last_updated: '2025-03-01',
  base: 'EUR',
  objects: [
    { id: 1, currency: 'EUR', cur_description: 'Euro', exchange_rate: [1, 1], last_updated: '2025-03-01' },
    { id: 2, currency: 'RUB', cur_description: 'Russian ruble', exchange_rate: [100, 1.05], last_updated: '2025-03-01' },
    { id: 3, currency: 'USD', cur_description: 'US dollar', exchange_rate: [1, 0.95], last_updated: '2025-03-01' },
  ],
});

/** Signs the test user in and answers the app's initial load (profile, contacts, currencies). */
export function signedIn(contacts: Contact[] = Object.values(people)) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('cookie_consent', 'true');
  server.use(
    http.get('/app/api/v1/user/me/', () => HttpResponse.json(profileBody)),
    http.get('/app/api/v1/user/contacts/', () => HttpResponse.json(contactListResponse.parse(contacts))),
    http.get('/app/api/v1/currency/', () => HttpResponse.json(currencies)),
  );
}

export function listAnswer(events: Event[]) {
  return HttpResponse.json(eventListResponse.parse(events) as JsonBodyType);
}

export function eventAnswer(e: Event) {
  return HttpResponse.json(eventSchema.parse(e) as JsonBodyType);
}

export function errorAnswer(code: string, error: string, status = 400) {
  return HttpResponse.json({ error, code }, { status });
}

/** The list and each event by id, as plain handlers a test can override. */
export function eventsServer(events: Event[]) {
  server.use(
    http.get('/app/api/v1/event/', ({ request }) => listAnswer(new URL(request.url).searchParams.get('deleted') === '1' ? [] : events)),
    http.get('/app/api/v1/event/:id/', ({ params }) => {
      const found = events.find((e) => e.id === Number(params.id));
      return found ? eventAnswer(found) : errorAnswer('not_found', 'Not found', 404);
    }),
  );
}

/**
 * The tab pages in the frame's outlet belong to the operations feature and load their own data;
 * these answers (empty, schema-valid) keep the events tests about the events screens.
 */
export function quietTabs() {
  server.use(
    http.get('/app/api/v1/operation/', () => HttpResponse.json(operationListResponse.parse({ count: 0, live: 0, page: 1, pages: 1, objects: [] }))),
    http.get('/app/api/v1/operation/expenses/', ({ request }) =>
      HttpResponse.json(
        expensesResponse.parse({
          event_id: Number(new URL(request.url).searchParams.get('event')),
          currency: 'RUB',
          approximate: false,
          total_expenses: 0,
          avg_expenses: 0,
          my_share: 0,
          participants_count: 2,
          shares: [],
          operations: [],
        }),
      ),
    ),
    http.get('/app/api/v1/event/:id/payout/', ({ params }) =>
      HttpResponse.json(
        payoutResponse.parse({ userId: ME, event_id: Number(params.id), currency: 'RUB', approximate: false, users: [], families: [], transfers: [] }),
      ),
    ),
  );
}
