/**
 * Issue 9, security: for every endpoint, a second user cannot read or change the first user's data
 * by id. A stranger gets what docs/api.md promises (404 for events and everything in them,
 * user_not_found for people), a participant who is not the owner gets not_event_owner for
 * owner-only changes, and a refused request changes nothing stored.
 *
 * Already covered elsewhere, and not repeated here: the stranger's 404 for GET/PUT event, payout,
 * operation list, expenses, create, delete, restore of a live operation, seen and move
 * (server/modules/events/access.test.ts), regrouping and deleting by a non-owner (same file),
 * wearing another's avatar (users/users.test.ts), a member changing the family (users/family.test.ts),
 * a placeholder in someone else's contacts in search (people/search.test.ts). Those calls still
 * appear in the table below where a route needs a row of its own, so the completeness check at the
 * end holds for every registered route.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, signUp } from '../factories';
import { call, createTestApp, type TestApp } from '../harness';
import { addContacts, eventWith, operate, people, type Person } from '../ledger-factories';
import { expectErrorBody, fingerprint, PUBLIC_ROUTES, registeredRoutes } from './support';

let t: TestApp;
let anna: Person, boris: Person, eve: Person, carl: Person, dan: Person;
/** Anna's event with Boris and Dan; Anna's deleted event with Boris; their dialogue; Eve's event with Boris. */
let trip: number, oldTrip: number, dialogue: number, evesTrip: number;
let annasOp: number, annasDeletedOp: number, paybackRequest: number, evesOp: number;
let annasAvatar: string;
/** Anna's pending invitation of Dan into her family. */
let annasInvitation: number;
/** A valid picture as base64. */
let picture: string;
const PLACEHOLDER_PHONE = '+79990001122';

const api = (path: string) => `/app/api${path}`;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, eve, carl, dan] = (await people(t, ['Anna', 'Boris', 'Eve', 'Carl', 'Dan'])) as [Person, Person, Person, Person, Person];
  trip = await eventWith(t, anna, [boris, dan]);
  annasOp = (await operate(t, anna, { event_id: trip, details: { kind: 'even_purchase', amount: 300 }, participants: [{ uid: anna.uid }, { uid: boris.uid }] }))
    .id;
  annasDeletedOp = (await operate(t, anna, { event_id: trip, details: { kind: 'comment', text: 'to be deleted' }, participants: [] })).id;
  expect((await call(t.app, 'DELETE', api(`/v1/operation/${annasDeletedOp}/`), { token: anna.token })).status).toBe(200);
  oldTrip = await eventWith(t, anna, [boris], { event_name: 'Old trip' });
  expect((await call(t.app, 'PUT', api(`/v1/event/${oldTrip}/`), { token: anna.token, body: { del_date: null } })).status).toBe(200);
  // Anna's own names for people are hers alone (set after eventWith, which adds contacts under their own names).
  const book = await call(t.app, 'POST', api('/v1/user/contacts/'), {
    token: anna.token,
    body: {
      device: 'WEB',
      contacts: [
        { name: 'Bobby from work', phone: boris.phone },
        { name: 'Zed the neighbour', phone: PLACEHOLDER_PHONE },
      ],
    },
  });
  expect(book.status).toBe(200);
  const request = await call(t.app, 'POST', api(`/v1/event/people/${boris.uid}/`), { token: anna.token, body: { details: 'Payback' } });
  expect(request.status).toBe(201);
  paybackRequest = request.body.id;
  dialogue = request.body.event_id;
  const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
  picture = png.toString('base64');
  const profile = await call(t.app, 'PUT', api('/v2/user/me/'), {
    token: anna.token,
    body: { avatar_url: picture, family: { members: [carl.phone, dan.phone] } },
  });
  expect(profile.status).toBe(200);
  annasAvatar = profile.body.avatar_url;
  // Carl accepts Anna's invitation into her family; Dan's stays pending.
  const carlsInvitation = (await call(t.app, 'GET', api('/v1/user/me/'), { token: carl.token })).body.family_invitations.received[0].id as number;
  expect((await call(t.app, 'POST', api(`/v1/user/family/invitations/${carlsInvitation}/accept/`), { token: carl.token })).status).toBe(200);
  annasInvitation = (await call(t.app, 'GET', api('/v1/user/me/'), { token: dan.token })).body.family_invitations.received[0].id as number;
  evesTrip = await eventWith(t, eve, [boris], { event_name: 'Eve and Boris' });
  evesOp = (await operate(t, eve, { event_id: evesTrip, details: { kind: 'i_lent_them', amount: 50 }, participants: [{ uid: boris.uid }] })).id;
});
afterAll(async () => {
  await t.close();
});

/** Every route a row or a check below exercises; the completeness check compares it with the app. */
const covered = new Set<string>();

interface Attempt {
  route: string;
  as: () => Person;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  headers?: Record<string, string>;
  status: number;
  code: string;
  field?: string;
}

const stranger = () => eve;
const participant = () => boris;

/** Someone else's ids, tried by a stranger (Eve) or by a participant who is not the owner (Boris). */
const ATTEMPTS: Attempt[] = [
  // events
  { route: 'GET /app/api/v1/event/:id', as: stranger, method: 'GET', url: () => api(`/v1/event/${dialogue}/`), status: 404, code: 'not_found' },
  { route: 'GET /app/api/v1/event/:id', as: stranger, method: 'GET', url: () => api(`/v1/event/${oldTrip}/`), status: 404, code: 'not_found' },
  {
    route: 'GET /app/api/v1/event/:id/original',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/event/${dialogue}/original/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'GET /app/api/v1/event/:id/payout',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/event/${dialogue}/payout/?currency=EUR`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/event/${oldTrip}/`),
    body: () => ({ del_date: false }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/event/${trip}/`),
    body: () => ({ data: { contacts: [anna.uid, boris.uid, dan.uid, eve.uid] } }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/event/${trip}/`),
    body: () => ({ data: { eventCurrency: 'EUR' } }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/event/${trip}/`),
    body: () => ({ data: { image_url: null } }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/event/${dialogue}/`),
    body: () => ({ del_date: null }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/event/${oldTrip}/`),
    body: () => ({ del_date: false }),
    status: 403,
    code: 'not_event_owner',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/event/${trip}/`),
    body: () => ({ data: { eventCurrency: 'EUR' } }),
    status: 403,
    code: 'not_event_owner',
  },
  // Dan has no debt and no history, so only ownership stands between Boris and removing him.
  {
    route: 'PUT /app/api/v1/event/:id',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/event/${trip}/`),
    body: () => ({ data: { contacts: [anna.uid, boris.uid] } }),
    status: 403,
    code: 'not_event_owner',
  },
  {
    route: 'PUT /app/api/v1/event/:id',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/event/${trip}/`),
    body: () => ({ data: { image_url: picture } }),
    status: 403,
    code: 'not_event_owner',
  },
  // Pictures are stored per owner: an event cannot borrow someone's avatar by its URL.
  {
    route: 'PUT /app/api/v1/event/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/event/${evesTrip}/`),
    body: () => ({ data: { image_url: annasAvatar } }),
    status: 400,
    code: 'picture_invalid',
    field: 'image_url',
  },
  {
    route: 'POST /app/api/v1/event',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/event/'),
    body: () => ({ event_name: 'Borrowed', contacts: [boris.uid], image_url: annasAvatar }),
    status: 400,
    code: 'picture_invalid',
    field: 'image_url',
  },
  {
    route: 'POST /app/api/v1/event',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/event/'),
    body: () => ({ event_name: 'With Anna', contacts: [anna.uid] }),
    status: 404,
    code: 'user_not_found',
    field: 'contacts',
  },
  {
    route: 'POST /app/api/v1/event',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/event/'),
    body: () => ({ quasi: true, contacts: [anna.uid] }),
    status: 404,
    code: 'user_not_found',
    field: 'contacts',
  },
  // data out and in
  { route: 'GET /app/api/v1/event/:id/export', as: stranger, method: 'GET', url: () => api(`/v1/event/${dialogue}/export/`), status: 404, code: 'not_found' },
  { route: 'GET /app/api/v1/event/:id/export', as: stranger, method: 'GET', url: () => api(`/v1/event/${oldTrip}/export/`), status: 404, code: 'not_found' },
  {
    route: 'GET /app/api/v1/event/:id/export/csv',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/event/${trip}/export/csv/?lang=ru`),
    status: 404,
    code: 'not_found',
  },
  // An import names people as contacts of the caller: someone else's uid is nobody to them.
  {
    route: 'POST /app/api/v1/import',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/import/'),
    body: () => ({
      file: 'Date,Description,Category,Cost,Currency,A,B\n2026-01-02,Taxi,Car,10,EUR,10,-10',
      event_name: 'Taken',
      people: [
        { name: 'A', uid: eve.uid },
        { name: 'B', uid: anna.uid },
      ],
    }),
    status: 404,
    code: 'user_not_found',
    field: 'people',
  },
  // operations
  { route: 'GET /app/api/v1/operation', as: stranger, method: 'GET', url: () => api(`/v1/operation/?event=${dialogue}`), status: 404, code: 'not_found' },
  {
    route: 'GET /app/api/v1/operation',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/?event=${oldTrip}&deleted=0`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'GET /app/api/v1/operation/expenses',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/expenses/?event=${dialogue}`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'GET /app/api/v1/operation/debts',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/debts/?event=${trip}`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'GET /app/api/v1/operation/debts',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/debts/?event=${dialogue}&currency=EUR`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/operation/'),
    body: () => ({ event_id: dialogue, details: { kind: 'comment', text: 'hi' }, participants: [] }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/operation/'),
    body: () => ({ event_id: evesTrip, details: { kind: 'i_lent_them', amount: 5 }, participants: [{ uid: anna.uid }] }),
    status: 400,
    code: 'participant_not_in_event',
  },
  {
    route: 'DELETE /app/api/v1/operation/:id',
    as: stranger,
    method: 'DELETE',
    url: () => api(`/v1/operation/${paybackRequest}/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'DELETE /app/api/v1/operation/:id',
    as: stranger,
    method: 'DELETE',
    url: () => api(`/v1/operation/${annasDeletedOp}/`),
    status: 404,
    code: 'not_found',
  },
  { route: 'POST /app/api/v1/event/:id/leave', as: stranger, method: 'POST', url: () => api(`/v1/event/${trip}/leave/`), status: 404, code: 'not_found' },
  {
    route: 'POST /app/api/v1/operation/:id/restore',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/operation/${annasDeletedOp}/restore/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation/:id/seen',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/operation/${paybackRequest}/seen`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation/:id/seen',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/operation/${annasOp}/seen`),
    body: () => ({ all: false }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation/move_operation',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/operation/move_operation/'),
    body: () => ({ operation_id: paybackRequest, event_id: evesTrip }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation/move_operation',
    as: stranger,
    method: 'POST',
    url: () => api('/v1/operation/move_operation/'),
    body: () => ({ operation_id: evesOp, event_id: dialogue }),
    status: 404,
    code: 'not_found',
  },
  { route: 'GET /app/api/v1/operation/:id', as: stranger, method: 'GET', url: () => api(`/v1/operation/${annasOp}/`), status: 404, code: 'not_found' },
  {
    route: 'GET /app/api/v1/operation/:id',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/${paybackRequest}/?currency=EUR`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'GET /app/api/v1/operation/:id/history',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/${annasOp}/history/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/operation/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/operation/${annasOp}/`),
    headers: { 'if-match': '"1"' },
    body: () => ({ event_id: trip, details: { kind: 'even_purchase', amount: 1 }, participants: [{ uid: eve.uid }] }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/operation/:id',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/operation/${annasDeletedOp}/`),
    headers: { 'if-match': '"2"' },
    body: () => ({ event_id: trip, details: { kind: 'comment', text: 'mine now' } }),
    status: 404,
    code: 'not_found',
  },
  // A participant may edit an operation, but not rewrite what Anna asked of him, nor carry hers into another event.
  {
    route: 'PUT /app/api/v1/operation/:id',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/operation/${paybackRequest}/`),
    headers: { 'if-match': '"1"' },
    body: () => ({ event_id: dialogue, details: { kind: 'comment', text: 'I owe nothing' } }),
    status: 400,
    code: 'validation_failed',
    field: 'kind',
  },
  {
    route: 'PUT /app/api/v1/operation/:id',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/operation/${annasOp}/`),
    headers: { 'if-match': '"1"' },
    body: () => ({ event_id: evesTrip, details: { kind: 'even_purchase', amount: 300 }, participants: [{ uid: boris.uid }] }),
    status: 400,
    code: 'validation_failed',
    field: 'event_id',
  },
  {
    route: 'POST /app/api/v1/operation/:id/receipts',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/operation/${annasOp}/receipts/`),
    body: () => ({ picture }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'DELETE /app/api/v1/operation/:id/receipts/:receipt',
    as: stranger,
    method: 'DELETE',
    url: () => api(`/v1/operation/${annasOp}/receipts/1/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'GET /app/api/v1/operation/:id/recurrence',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/operation/${annasOp}/recurrence/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/operation/:id/recurrence',
    as: stranger,
    method: 'PUT',
    url: () => api(`/v1/operation/${annasOp}/recurrence/`),
    body: () => ({ frequency: 'daily' }),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/operation/:id/recurrence',
    as: participant,
    method: 'PUT',
    url: () => api(`/v1/operation/${paybackRequest}/recurrence/`),
    body: () => ({ frequency: 'daily' }),
    status: 400,
    code: 'validation_failed',
    field: 'kind',
  },
  {
    route: 'DELETE /app/api/v1/operation/:id/recurrence',
    as: stranger,
    method: 'DELETE',
    url: () => api(`/v1/operation/${annasOp}/recurrence/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/operation/:id/history/:version/restore',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/operation/${annasOp}/history/1/restore/`),
    status: 404,
    code: 'not_found',
  },
  // Dan is in Anna's event but not in Eve's: taking part in the source is not enough.
  {
    route: 'POST /app/api/v1/operation/move_operation',
    as: () => dan,
    method: 'POST',
    url: () => api('/v1/operation/move_operation/'),
    body: () => ({ operation_id: annasOp, event_id: evesTrip }),
    status: 404,
    code: 'not_found',
  },
  // people and payback requests
  {
    route: 'GET /app/api/v1/event/people/:uid',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/event/people/${anna.uid}/`),
    status: 404,
    code: 'user_not_found',
  },
  {
    route: 'GET /app/api/v1/event/people/:uid',
    as: stranger,
    method: 'GET',
    url: () => api(`/v1/event/people/${dan.uid}/?currency=EUR`),
    status: 404,
    code: 'user_not_found',
  },
  {
    route: 'POST /app/api/v1/event/people/:uid',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/event/people/${anna.uid}/`),
    body: () => ({ details: 'Payback' }),
    status: 404,
    code: 'user_not_found',
  },
  // Only a person known by name alone, in an event of the caller's, may be given a phone: never an account.
  {
    route: 'POST /app/api/v1/event/people/:uid/phone',
    as: () => boris,
    method: 'POST',
    url: () => api(`/v1/event/people/${anna.uid}/phone/`),
    body: () => ({ phone: '+7 916 000-11-22' }),
    status: 404,
    code: 'user_not_found',
  },
  // Nor can an account be made into someone else by a merge (decision 0070): Anna's history never becomes Boris's.
  {
    route: 'POST /app/api/v1/event/people/:uid/phone',
    as: () => boris,
    method: 'POST',
    url: () => api(`/v1/event/people/${anna.uid}/phone/`),
    body: () => ({ phone: boris.phone, merge: true }),
    status: 404,
    code: 'user_not_found',
  },
  // Eve and Boris share an event, but Boris owes Eve nothing there: Anna's claim on him is not Eve's.
  {
    route: 'POST /app/api/v1/event/people/:uid',
    as: () => boris,
    method: 'POST',
    url: () => api(`/v1/event/people/${eve.uid}/`),
    body: () => ({ details: 'Payback' }),
    status: 400,
    code: 'nothing_to_request',
  },
  // the account: no ids in the path, but a body can name someone else's picture or family
  {
    route: 'PUT /app/api/v2/user/me',
    as: stranger,
    method: 'PUT',
    url: () => api('/v2/user/me/'),
    body: () => ({ avatar_url: annasAvatar }),
    status: 400,
    code: 'picture_invalid',
    field: 'avatar_url',
  },
  // Invitations into a family: only the invitee may accept, only the two of them may drop one.
  {
    route: 'POST /app/api/v1/user/family/invitations/:id/accept',
    as: stranger,
    method: 'POST',
    url: () => api(`/v1/user/family/invitations/${annasInvitation}/accept/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'POST /app/api/v1/user/family/invitations/:id/accept',
    as: () => anna,
    method: 'POST',
    url: () => api(`/v1/user/family/invitations/${annasInvitation}/accept/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'DELETE /app/api/v1/user/family/invitations/:id',
    as: stranger,
    method: 'DELETE',
    url: () => api(`/v1/user/family/invitations/${annasInvitation}/`),
    status: 404,
    code: 'not_found',
  },
  {
    route: 'PUT /app/api/v1/user/me',
    as: stranger,
    method: 'PUT',
    url: () => api('/v1/user/me/'),
    body: () => ({ first_name: 'Anna', family: { head: anna.phone, members: [carl.phone, eve.phone] } }),
    status: 403,
    code: 'family_not_head',
  },
  {
    route: 'PUT /app/api/v1/user/me',
    as: () => carl,
    method: 'PUT',
    url: () => api('/v1/user/me/'),
    body: () => ({ family: { head: anna.phone, members: [carl.phone, eve.phone] } }),
    status: 403,
    code: 'family_not_head',
  },
];

for (const a of ATTEMPTS) covered.add(a.route);

describe('someone else’s ids', () => {
  it.each(ATTEMPTS.map((a, i) => [`${i + 1}. ${a.route} as ${a.as === stranger ? 'a stranger' : 'someone else'} → ${a.status} ${a.code}`, a] as const))(
    '%s',
    async (_name, a) => {
      const before = await fingerprint(t);
      const res = await call(t.app, a.method, a.url(), { token: a.as().token, body: a.body?.(), headers: a.headers });
      const seen = { url: a.url(), status: res.status, code: res.body?.code };
      expect(seen).toEqual({ ...seen, status: a.status, code: a.code });
      expectErrorBody(res.body, seen);
      if (a.field) expect(res.body.field).toBe(a.field);
      expect(await fingerprint(t)).toEqual(before);
    },
  );
});

/** A check of a route that is the caller's own by construction (lists, the contact book, the account). */
function check(routes: string[], name: string, fn: () => Promise<void>): void {
  for (const r of routes) covered.add(r);
  it(name, fn);
}

const idsOf = (list: { id: number }[]) => list.map((e) => e.id);

describe('the caller’s own lists show nothing of anyone else’s', () => {
  check(['GET /app/api/v1/event'], 'the event list, live or deleted, has only the caller’s events', async () => {
    const live = await call(t.app, 'GET', api('/v1/event/'), { token: eve.token });
    expect(idsOf(live.body)).toEqual([evesTrip]);
    const deleted = await call(t.app, 'GET', api('/v1/event/?deleted=1&currency=EUR'), { token: eve.token });
    expect(deleted.status).toBe(200);
    expect(idsOf(deleted.body)).toEqual([]);
    // Boris sees Anna's deleted event (he is in it), which proves the query above could have found it.
    expect(idsOf((await call(t.app, 'GET', api('/v1/event/?deleted=1'), { token: boris.token })).body)).toEqual([oldTrip]);
  });

  check(['GET /app/api/v1/event/people'], 'the people list has only people shared with the caller, with balances from shared events only', async () => {
    const res = await call(t.app, 'GET', api('/v1/event/people/'), { token: eve.token });
    expect(res.status).toBe(200);
    expect(res.body.objects.map((p: { uid: number }) => p.uid)).toEqual([boris.uid]);
    const borisRow = res.body.objects[0];
    // Eve lent Boris 50 in her event; the 150 he owes Anna is not Eve's business.
    expect(borisRow.balances).toEqual([{ balance: 50, currency: 'RUB' }]);
    expect(borisRow.name).toBe('Boris');
  });

  check(['GET /app/api/v1/event/people/:uid'], 'a shared person’s page lists only shared events and no one else’s payback requests', async () => {
    const res = await call(t.app, 'GET', api(`/v1/event/people/${boris.uid}/`), { token: eve.token });
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual([evesTrip]);
    expect(res.body.dialogue_id).toBeNull();
    expect(res.body.payback_requests).toEqual([]);
    // The same page for Anna has her request, so the filter above is what keeps it from Eve.
    const annas = await call(t.app, 'GET', api(`/v1/event/people/${boris.uid}/`), { token: anna.token });
    expect(annas.body.payback_requests.map((r: { id: number }) => r.id)).toEqual([paybackRequest]);
  });

  check(
    ['GET /app/api/v1/event/:id', 'GET /app/api/v1/event'],
    'an event names each participant as its reader knows them, never by another’s contact name',
    async () => {
      const borisIn = (event: { contacts: { uid: number; name: string }[] }) => event.contacts.find((c) => c.uid === boris.uid)?.name;
      expect(borisIn((await call(t.app, 'GET', api(`/v1/event/${trip}/`), { token: anna.token })).body)).toBe('Bobby from work');
      // Boris takes part (reads Anna's purchase), so Dan, who has no name of his own for him, is shown Boris's.
      expect((await call(t.app, 'POST', api(`/v1/operation/${annasOp}/seen`), { token: boris.token, body: {} })).status).toBe(200);
      for (const reader of [boris, dan]) {
        const event = await call(t.app, 'GET', api(`/v1/event/${trip}/`), { token: reader.token });
        expect(event.status).toBe(200);
        expect(borisIn(event.body)).toBe(reader === boris ? 'me' : 'Boris');
        expect(JSON.stringify(event.body)).not.toContain('Bobby');
        const list = await call(t.app, 'GET', api('/v1/event/'), { token: reader.token });
        expect(list.status).toBe(200);
        expect(JSON.stringify(list.body)).not.toContain('Bobby');
      }
    },
  );

  check(
    ['GET /app/api/v1/user/contacts', 'POST /app/api/v1/user/contacts', 'DELETE /app/api/v1/user/contacts'],
    'the contact book is per person: reading, renaming and removing touch only the caller’s',
    async () => {
      const annasBook = async () => (await call(t.app, 'GET', api('/v1/user/contacts/'), { token: anna.token })).body as { uid: number; name: string }[];
      const before = await annasBook();
      expect(before.find((c) => c.uid === boris.uid)?.name).toBe('Bobby from work');
      const evesBook = await call(t.app, 'GET', api('/v1/user/contacts/'), { token: eve.token });
      expect(evesBook.body.map((c: { uid: number }) => c.uid)).toEqual([eve.uid, boris.uid]);
      expect(JSON.stringify(evesBook.body)).not.toContain('Bobby');
      const renamed = await call(t.app, 'POST', api('/v1/user/contacts/'), {
        token: eve.token,
        body: { device: 'WEB', contacts: [{ name: 'B. from the gym', phone: boris.phone }] },
      });
      expect(renamed.status).toBe(200);
      const removed = await call(t.app, 'DELETE', api('/v1/user/contacts/'), {
        token: eve.token,
        body: { device: 'WEB', phones: [boris.phone, anna.phone, PLACEHOLDER_PHONE] },
      });
      expect(removed.status).toBe(200);
      expect(await annasBook()).toEqual(before);
      await addContacts(t, eve, [boris]);
    },
  );

  check(['GET /app/api/v1/user/search'], 'phone search shows a person’s own name, never another’s contact name or placeholder', async () => {
    const found = await call(t.app, 'GET', api(`/v1/user/search/?phone=${encodeURIComponent(boris.phone)}&search_all=1`), { token: eve.token });
    expect(found.body).toMatchObject({ status: 'registered', uid: boris.uid, name: 'Boris' });
    const placeholder = await call(t.app, 'GET', api(`/v1/user/search/?phone=${encodeURIComponent(PLACEHOLDER_PHONE)}&search_all=true`), { token: eve.token });
    expect(placeholder.body).toEqual({ status: 'unregistered', phone: PLACEHOLDER_PHONE });
  });

  check(['GET /app/api/v1/user/me'], 'the profile is the caller’s own, whatever else is asked', async () => {
    const res = await call(t.app, 'GET', api(`/v1/user/me/?user=${anna.uid}&uid=${anna.uid}`), { token: eve.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toBe(eve.uid);
    expect(res.body.family).toBeNull();
  });

  check(
    ['GET /app/api/v1/event/people/:uid'],
    'knowing someone’s phone opens nothing of theirs: a contact with no shared event has no events and no balance',
    async () => {
      await addContacts(t, eve, [anna]);
      const res = await call(t.app, 'GET', api(`/v1/event/people/${anna.uid}/`), { token: eve.token });
      expect(res.status).toBe(200);
      expect([res.body.events, res.body.payback_requests, res.body.dialogue_id]).toEqual([[], [], null]);
      expect(res.body.person.balances).toEqual([]);
      expect((await call(t.app, 'GET', api(`/v1/event/${trip}/`), { token: eve.token })).status).toBe(404);
    },
  );
});

describe('the caller’s own data, whatever is asked', () => {
  check(['GET /app/api/v1/user/me/export'], 'the account archive is the caller’s: none of another’s events, contacts or pictures', async () => {
    const res = await call(t.app, 'GET', api(`/v1/user/me/export/?user=${anna.uid}`), { token: eve.token });
    expect(res.status).toBe(200);
    expect(res.body.profile.user).toBe(eve.uid);
    const events = res.body.events.map((e: { event: { id: number } }) => e.event.id);
    expect(events).not.toContain(trip);
    expect(events).not.toContain(dialogue);
    expect(Object.keys(res.body.pictures)).not.toContain(annasAvatar);
  });

  check(['POST /app/api/v1/import/preview'], 'a preview matches names only among the caller’s own contacts', async () => {
    // Named as Anna's contact book names her people: her preview finds them, Dan's does not.
    const annasBook = (await call(t.app, 'GET', api('/v1/user/contacts/'), { token: anna.token })).body as { uid: number; name: string; is_me: boolean }[];
    const others = annasBook.filter((c) => !c.is_me);
    expect(others.length).toBeGreaterThan(1);
    const names = others.map((c) => c.name);
    const file = `Date,Description,Category,Cost,Currency,${names.join(',')}\n2026-01-02,Taxi,Car,10,EUR,10,-10${',0'.repeat(names.length - 2)}`;
    const own = await call(t.app, 'POST', api('/v1/import/preview/'), { token: anna.token, body: { file } });
    expect(own.body.people.map((p: { match: number | null }) => p.match)).toEqual(others.map((c) => c.uid));
    const res = await call(t.app, 'POST', api('/v1/import/preview/'), { token: dan.token, body: { file } });
    expect(res.status).toBe(200);
    const knownToDan = new Set((await call(t.app, 'GET', api('/v1/user/contacts/'), { token: dan.token })).body.map((c: { uid: number }) => c.uid));
    res.body.people.forEach((p: { match: number | null }, i: number) =>
      expect(p.match === null || (knownToDan.has(p.match) && p.match === others[i]!.uid)).toBe(true),
    );
    expect(res.body.people.filter((p: { match: number | null }) => p.match !== null).length).toBeLessThan(others.length);
  });
});

describe('ending one’s own sessions and account leaves everyone else’s alone', () => {
  const annaStillIn = async () => expect((await call(t.app, 'GET', api('/v1/user/me/'), { token: anna.token })).body.user).toBe(anna.uid);

  check(['POST /app/api/v1/account/logout'], 'logout ends only the caller’s token', async () => {
    const mallory = await signUp(t, '+79990003344');
    expect((await call(t.app, 'POST', api('/v1/account/logout/'), { token: mallory.token, body: { token: anna.token } })).status).toBe(200);
    await annaStillIn();
    expect((await call(t.app, 'GET', api('/v1/user/me/'), { token: mallory.token })).status).toBe(401);
  });

  check(['POST /app/api/v2/user/password'], 'a password change ends only the caller’s other sessions', async () => {
    const mallory = await signUp(t, '+79990005566');
    const res = await call(t.app, 'POST', api('/v2/user/password/'), {
      token: mallory.token,
      body: { old_password: DEFAULT_PASSWORD, password: 'another-secret' },
    });
    expect(res.status).toBe(200);
    await annaStillIn();
  });

  check(['DELETE /app/api/v2/user/me'], 'deleting an account erases only that account', async () => {
    const mallory = await signUp(t, '+79990007788');
    const before = await fingerprint(t);
    expect((await call(t.app, 'DELETE', api('/v2/user/me/'), { token: mallory.token, body: { user: anna.uid } })).status).toBe(200);
    const after = await fingerprint(t);
    for (const table of ['families', 'contacts', 'images', 'events', 'event_participants', 'operations', 'operation_entries']) {
      expect(after[table], table).toBe(before[table]);
    }
    await annaStillIn();
    expect((await call(t.app, 'GET', api('/v1/user/me/'), { token: anna.token })).body.avatar_url).toBe(annasAvatar);
  });
});

/**
 * Served without a token by design: <img> tags send none, so image URLs are public
 * (docs/decisions/0002-accounts.md, 'Pictures'); tests/api/security/images.test.ts checks what they serve.
 */
const PUBLIC_BY_DESIGN = ['GET /app/img/:key/:file'];

describe('completeness', () => {
  it('every registered route is in the table above, or listed as public', () => {
    const routes = registeredRoutes(t.app);
    // The reader itself must work, or an empty list would pass.
    expect(routes).toEqual(expect.arrayContaining(['GET /app/api/v1/event/:id', 'POST /app/api/v1/operation/:id/seen', 'GET /app/img/:key/:file']));
    const known = new Set([...covered, ...PUBLIC_ROUTES, ...PUBLIC_BY_DESIGN]);
    expect(
      routes.filter((r) => !known.has(r)),
      'routes with no cross-user check and not listed as public',
    ).toEqual([]);
    // A row naming a route that no longer exists is a stale row.
    expect(
      [...known].filter((r) => !routes.includes(r)),
      'rows for routes the app does not have',
    ).toEqual([]);
  });
});
