import { http as mswHttp, HttpResponse } from 'msw';
import { contact, contactListResponse, type Contact } from '@common/contract/contacts';
import { currencyListResponse, type CurrencyListResponse } from '@common/contract/currency';
import { event as eventSchema, type Event } from '@common/contract/events';
import { userSchema, type User } from '@common/contract/user';
import { ERROR_MESSAGES, type ErrorCode } from '@common/errors';
import { TOUR_IDS } from '@/features/tours/tour-definitions';

/**
 * Server answers for web tests, each checked against the shared contract, so a test cannot pass
 * on a body the real server would never send.
 */
/** A returning visitor's browser: signed in, cookies accepted, every guided tour seen. */
export function returningVisitor(): void {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('cookie_consent', 'true');
  localStorage.setItem('tours_done', JSON.stringify(TOUR_IDS));
}

export function aUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    user: 7,
    full_name: 'Anna Petrova',
    first_name: 'Anna',
    last_name: 'Petrova',
    gender: 'F',
    currency: 'RUB',
    cur_description: 'Russian ruble',
    avatar_url: '/app/img/3/{size}.webp',
    phone: '+79990000007',
    is_contact_exists: true,
    registration_date: '2024-05-01T10:00:00.000Z',
    family: null,
    family_invitations: { received: [], sent: [] },
    ...overrides,
  });
}

/** A user who has just signed up: no name, gender or avatar yet. */
export function aNewUser(overrides: Partial<User> = {}): User {
  return aUser({ full_name: '', first_name: '', last_name: '', gender: null, avatar_url: null, ...overrides });
}

/** Someone in my contact book as GET /user/contacts/ answers. */
export function aContact(uid: number, fullName: string, phone: string, extra: Partial<Contact> = {}): Contact {
  return contact.parse({
    uid,
    user: uid,
    name: fullName || phone,
    phone,
    full_name: fullName,
    contact_name: '',
    avatar_url: null,
    is_contact_exists: true,
    is_registered: true,
    balance: [],
    amount: null,
    gender: null,
    currency: 'RUB',
    is_me: false,
    ...extra,
  });
}

/** How the server names the viewer in their own lists: 'me'. */
export const AS_ME = { name: 'me', contact_name: 'me', is_me: true } satisfies Partial<Contact>;

export function aContactList(user: User): Contact[] {
  return contactListResponse.parse([
    aContact(user.user, user.full_name, user.phone, {
      name: 'me',
      avatar_url: user.avatar_url,
      gender: user.gender,
      currency: user.currency,
      is_me: true,
    }),
  ]);
}

export function aCurrencyList(base = 'RUB'): CurrencyListResponse {
  return currencyListResponse.parse({
    last_updated: '2024-05-01',
    base,
    objects: [
      { id: 1, currency: 'EUR', cur_description: 'Euro', exchange_rate: [1, 98.5], last_updated: '2024-05-01' },
      { id: 2, currency: 'RUB', cur_description: 'Russian ruble', exchange_rate: [1, 1], last_updated: '2024-05-01' },
      { id: 3, currency: 'USD', cur_description: 'US dollar', exchange_rate: [1, 91.2], last_updated: '2024-05-01' },
      { id: 4, currency: 'GEL', cur_description: 'Georgian lari', exchange_rate: [10, 340.1], last_updated: '2024-05-01' },
    ],
  });
}

/** The three calls of the initial load (specification §4), answered for a signed-in user. */
export function initialLoadHandlers(user: User | (() => User)) {
  const current = typeof user === 'function' ? user : () => user;
  return [
    mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(current())),
    mswHttp.get('/app/api/v1/user/contacts/', () => HttpResponse.json(aContactList(current()))),
    mswHttp.get('/app/api/v1/currency/', () => HttpResponse.json(aCurrencyList(current().currency))),
  ];
}

/** The events screen's first call, answered with no events, for tests that end on /events. */
export function noEventsHandler() {
  return mswHttp.get('/app/api/v1/event/', () => HttpResponse.json([]));
}

/** An error body as the server sends it (DESIGN §6). */
export function errorBody(code: ErrorCode, status: number, field?: string) {
  return HttpResponse.json({ error: ERROR_MESSAGES[code], code, ...(field ? { field } : {}) }, { status });
}

/**
 * An event as GET /event/{id}/ answers it: in roubles, exact, not deleted, without a picture,
 * owned by the viewer, all read and settled, unless `fields` say otherwise.
 */
export function anEventAnswer(fields: Partial<Event> & Pick<Event, 'id' | 'owner' | 'created' | 'last_activity'>): Event {
  return eventSchema.parse({
    event_name: '',
    quasi_event_name: null,
    eventCurrency: 'RUB',
    currency: 'RUB',
    approximate: false,
    original: false,
    del_date: null,
    image_url: null,
    isUserOwner: true,
    unread_cnt: 0,
    payout: 0,
    family_payout: 0,
    contacts: [],
    families: [],
    ...fields,
  });
}
