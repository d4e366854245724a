/**
 * People and data for end-to-end tests, made through the real HTTP API as the app itself would:
 * sign-up by SMS code (read from the server log), login, profile, contacts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Contact } from '../../common/contract/contacts';
import type { Event } from '../../common/contract/events';
import { TOUR_IDS } from '../../src/features/tours/tour-definitions';
import { logLineCount, smsCode } from './sms';

export const PASSWORD = 'e2e-secret';

/** What the app stores once every guided tour was seen, for screens that are not about the tours. */
export const ALL_TOURS_SEEN = JSON.stringify(TOUR_IDS);

export interface E2EUser {
  token: string;
  uid: number;
  /** E.164. */
  phone: string;
  fullName: string;
}

let counter = 0;

/**
 * A Russian mobile number nobody else in this run has (+7 916 …). Each run starts on an empty
 * database, so the worker's index and a count within the worker are enough; the first two digits
 * start at 10, above the fixed numbers tests type as contacts (+7 916 000 …).
 */
export function uniquePhone(): string {
  counter += 1;
  const worker = 10 + (Number(process.env.TEST_WORKER_INDEX ?? 0) % 90);
  return `+7916${worker}${String(counter).padStart(5, '0')}`;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, step: string): Promise<T> {
  if (!res.ok()) throw new Error(`${step} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A new account, as the sign-up screen makes it: POST /v2/auth/code/?for=signup, the code from
 * the server log, POST /v2/auth/password/?for=signup, POST /v2/auth/login/ (remembered), then the
 * profile with PUT /v2/user/me/.
 */
export async function signUp(
  request: APIRequestContext,
  profile: { firstName: string; lastName: string; currency?: string; gender?: 'M' | 'F' },
  phone = uniquePhone(),
): Promise<E2EUser> {
  const before = logLineCount();
  const sent = await json<{ phone: string }>(await request.post('/app/api/v2/auth/code/?for=signup', { data: { phone } }), 'code request');
  const code = await smsCode(sent.phone, { after: before });
  await json(await request.post('/app/api/v2/auth/password/?for=signup', { data: { phone, code, password: PASSWORD } }), 'set password');
  const { token } = await json<{ token: string }>(
    await request.post('/app/api/v2/auth/login/', { data: { phone, password: PASSWORD, remember: true } }),
    'login',
  );
  const me = await json<{ user: number; phone: string; full_name: string }>(
    await request.put('/app/api/v2/user/me/', {
      headers: auth(token),
      data: { first_name: profile.firstName, last_name: profile.lastName, currency: profile.currency ?? 'RUB', gender: profile.gender ?? null },
    }),
    'profile',
  );
  return { token, uid: me.user, phone: me.phone, fullName: me.full_name };
}

/** POST /user/contacts/: people by phone (placeholders when they have no account); answers the whole book. */
export async function addContacts(request: APIRequestContext, user: E2EUser, contacts: { name: string; phone: string }[]): Promise<Contact[]> {
  return json<Contact[]>(await request.post('/app/api/v1/user/contacts/', { headers: auth(user.token), data: { device: 'WEB', contacts } }), 'add contacts');
}

export async function getEvent(request: APIRequestContext, user: E2EUser, id: number): Promise<Event> {
  return json<Event>(await request.get(`/app/api/v1/event/${id}/`, { headers: auth(user.token) }), 'event');
}

export async function listEvents(request: APIRequestContext, user: E2EUser): Promise<Event[]> {
  return json<Event[]>(await request.get('/app/api/v1/event/', { headers: auth(user.token) }), 'events');
}

export async function setFamilies(request: APIRequestContext, user: E2EUser, id: number, families: number[][]): Promise<Event> {
  return json<Event>(await request.put(`/app/api/v1/event/${id}/`, { headers: auth(user.token), data: { data: { families } } }), 'families');
}

/**
 * Opens the app signed in as `user` in `language`, as if they had logged in with remember: the
 * token, cookie consent and the language are in local storage before the first script runs, and
 * the guided tours count as seen (tours: true to leave them on).
 */
export async function openAs(page: Page, user: Pick<E2EUser, 'token'>, language: 'en' | 'ru', path = '/events', { tours = false } = {}): Promise<void> {
  await page.addInitScript(
    ({ token, locale, tours, seen }) => {
      if (sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('cookie_consent', 'true');
      localStorage.setItem('locale', locale);
      if (!tours) localStorage.setItem('tours_done', seen);
    },
    { token: user.token, locale: language, tours, seen: ALL_TOURS_SEEN },
  );
  await page.goto(path);
}

/** POST /operation/ (body as in common/contract/operations createOperationBody); answers the operation. */
export async function recordOperation(request: APIRequestContext, user: E2EUser, body: unknown): Promise<{ id: number }> {
  return json<{ id: number }>(await request.post('/app/api/v1/operation/', { headers: auth(user.token), data: body }), 'operation');
}
