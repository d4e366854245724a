/**
 * Server answers for the People web tests, each through the shared zod schema, so a screen is
 * only tested on what the real API could send.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Event } from '@common/contract/events';
import { operation as operationSchema } from '@common/contract/operations';
import {
  peopleListResponse,
  person as personSchema,
  personResponse,
  type PeopleFamily,
  type PeopleListResponse,
  type Person,
  type PersonResponse,
} from '@common/contract/people';
import { anEventAnswer, aUser, initialLoadHandlers, returningVisitor } from '../../../tests/web/fixtures';
import { server } from '../../../tests/web/msw';

export const ME = 7;
export const user = aUser({ user: ME, full_name: 'Anna Smirnova', first_name: 'Anna', last_name: 'Smirnova', currency: 'RUB' });

export function json(body: unknown, init?: ResponseInit) {
  return HttpResponse.json(body as JsonBodyType, init);
}

export function aPerson(uid: number, fullName: string, overrides: Partial<Person> = {}): Person {
  return personSchema.parse({
    uid,
    user: uid,
    name: fullName,
    phone: `+7916${String(uid).padStart(7, '0')}`,
    full_name: fullName,
    contact_name: '',
    avatar_url: null,
    is_contact_exists: true,
    is_registered: true,
    balance: [],
    balances: [],
    amount: null,
    gender: null,
    currency: 'RUB',
    is_me: false,
    family: null,
    ...overrides,
  });
}

/** The list the server would page: 20 a page, the families of the page's people. */
export function pageOf(people: readonly Person[], page: number, families: readonly PeopleFamily[] = [], currency: string | null = null): PeopleListResponse {
  const objects = people.slice((page - 1) * 20, page * 20);
  const ids = new Set(objects.map((p) => p.family?.id));
  return peopleListResponse.parse({
    count: people.length,
    page,
    pages: Math.ceil(people.length / 20),
    currency,
    approximate: currency !== null,
    objects,
    families: families.filter((f) => ids.has(f.id)),
  });
}

export function aPersonResponse(p: Person, overrides: Partial<PersonResponse> = {}): PersonResponse {
  return personResponse.parse({
    person: p,
    currency: null,
    approximate: false,
    family: null,
    events: [],
    dialogue_id: null,
    phone_givable: false,
    payback_requests: [],
    ...overrides,
  });
}

export function aDialogue(id: number, other: number): Event {
  return anEventAnswer({
    id,
    quasi_event_name: 'Boris',
    owner: ME,
    created: '2026-11-21T12:00:00.000Z',
    last_activity: '2026-11-21T12:00:00.000Z',
    families: [
      { id: 1, members: [ME], balance: 0 },
      { id: 2, members: [other], balance: 0 },
    ],
  });
}

export function anOperationIn(eventId: number, kind: 'i_lent_them' | 'they_lent_me' | 'payback', amount: number) {
  return operationSchema.parse({
    id: 500,
    event_id: eventId,
    kind,
    status: kind === 'payback' ? 'repaid' : 'lent',
    details: {
      amount,
      currency: 'RUB',
      original_amount: amount,
      original_currency: 'RUB',
      rate: '1',
      rate_date: '2026-11-21',
      description: '',
      text: '',
      date: '2026-11-21T12:00:00.000Z',
      payer: ME,
      author: ME,
    },
    participants: [],
    deleted: false,
    seen: true,
    approximate: false,
    created: '2026-11-21T12:00:00.000Z',
    version: 1,
    edited: null,
    receipts: [],
    entered: { payers: [], split: null, parts: [] },
  });
}

/** Signed in as Anna, with the People list answered from `people` (and the events screen quiet). */
export function signedIn(people: readonly Person[] = [], families: readonly PeopleFamily[] = []) {
  returningVisitor();
  const pages: number[] = [];
  server.use(
    ...initialLoadHandlers(user),
    http.get('/app/api/v1/event/people/', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      pages.push(page);
      return json(pageOf(people, page, families, url.searchParams.get('currency')));
    }),
  );
  return { pages };
}

export { stubIntersectionObserver } from '../../../tests/web/intersection-observer';

export const dialogueHandler = (id: number, other: number) => http.get(`/app/api/v1/event/${id}/`, () => json(aDialogue(id, other)));
