/**
 * Issue 9, security: property-based fuzzing of every endpoint's path, query and body. Whatever
 * arrives, the server never answers 5xx; a refusal is `{ error, code }` with the code's message;
 * a refused request changes nothing stored, and a read changes nothing even when it succeeds.
 *
 * Inputs are mostly "almost right" (each field valid, or replaced by junk), so requests get past
 * the schema and reach the services, plus wholly random JSON, broken JSON, odd content types,
 * odd path segments and odd tokens. Runs are bounded (RUNS per endpoint, one app for the file).
 * A failure prints fast-check's seed and the shrunk request; replay with `{ seed, path }`.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../factories';
import { call, createTestApp, type TestApp } from '../harness';
import { eventWith, operate, people, person, type Person } from '../ledger-factories';
import { storeImage } from '../../../server/modules/images/service';
import { expectErrorBody, fingerprint, registeredRoutes } from './support';

/**
 * Runs per endpoint. Each must see some requests get past the schema (`reached`); endpoints whose
 * requests are mostly refused there get more runs, so that none sees zero by chance: each expects at
 * least 10 to get through (measured over several runs), which makes zero less likely than 1 in 10^4
 * for an endpoint and about 1 in 10^3 for the whole file.
 */
const RUNS = 30;

let t: TestApp;
let anna: Person, boris: Person, eve: Person;
/** Someone with a real password hash, for the password-change endpoint. */
let pat: { token: string; phone: string };
let trip: number, evesTrip: number, annasOp: number, evesOp: number, annasAvatar: string;
/** A picture for the image route, by its internal id (the old URL form, which must find nothing) and its key. */
let storedImage: { id: number; key: string };
/** A valid picture as base64, so some picture fields get stored. */
let picture: string;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, eve] = (await people(t, ['Anna', 'Boris', 'Eve'])) as [Person, Person, Person];
  trip = await eventWith(t, anna, [boris], { event_name: 'Fuzz trip' });
  evesTrip = await eventWith(t, eve, [boris]);
  annasOp = (await operate(t, anna, { event_id: trip, details: { kind: 'even_purchase', amount: 100 }, participants: [{ uid: anna.uid }, { uid: boris.uid }] }))
    .id;
  evesOp = (await operate(t, eve, { event_id: evesTrip, details: { kind: 'i_lent_them', amount: 5 }, participants: [{ uid: boris.uid }] })).id;
  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: 'olive' } })
    .png()
    .toBuffer();
  picture = png.toString('base64');
  const me = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: anna.token, body: { avatar_url: png.toString('base64') } });
  annasAvatar = String(me.body.avatar_url);
  pat = await signUp(t, '+79990009900');
  // Anna's avatar may be replaced by the profile fuzzing; the image route gets a picture of its own.
  storedImage = await storeImage(t.database.db, png.toString('base64'), null);
});
afterAll(async () => {
  await t.close();
});

// ---- arbitraries ----

const STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e308',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '\u0000',
  '\u202e',
  '\ud800',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'ＲＵＢ',
  'x'.repeat(5000),
  '9'.repeat(40),
  '2026-02-30',
  '1990-01-01T00:00:00Z',
  '2100-12-31',
  'RUB',
  'EUR',
  'usd',
  'XXX',
  '+79161234567',
  '8 (916) 123-45-67',
  '+1',
  'data:image/png;base64,AAAA',
  '/app/img/1/{size}.webp',
  '/app/img/99999/{size}.webp',
  'Payback',
  'WEB',
];
const NUMBERS = [0, -1, 1, 2, 0.1, -0.5, 1e-9, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 1e300, 123456789012345.67];

const junkString = fc.oneof(fc.constantFrom(...STRINGS), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 10 }));
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  junkString,
  fc.constantFrom(...NUMBERS),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.constantFrom(...NUMBERS), { maxLength: 3 }),
);

const ABSENT = Symbol('absent');
/** Mostly the valid value, sometimes junk in its place, sometimes nothing. */
const field = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 30 }, { arbitrary: junk, weight: 1 }, { arbitrary: fc.constant(ABSENT), weight: 1 });
/** An object of the given shape, any key possibly missing, any value possibly junk. */
const shaped = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, field(v)])))
    .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT)));

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'application/json; charset=utf-16',
];
const RAW_BODIES = [
  '{"a":',
  '{"__proto__": {"polluted": 1}}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  'null',
  '""',
  '\u0000',
  '{"event_id": 1e999}',
];

interface Payload {
  payload?: string;
  contentType?: string;
}
const asJson = (value: unknown): Payload => ({ payload: JSON.stringify(value), contentType: 'application/json' });
const rawPayload: fc.Arbitrary<Payload> = fc.record({
  payload: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ maxLength: 40 })),
  contentType: fc.constantFrom(...CONTENT_TYPES),
});
/** A body: mostly the endpoint's shape, sometimes any JSON, broken JSON, another content type, or none. */
const body = (shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Payload> =>
  fc.oneof(
    { arbitrary: shaped(shape).map(asJson), weight: 16 },
    { arbitrary: junk.map(asJson), weight: 1 },
    { arbitrary: rawPayload, weight: 1 },
    { arbitrary: fc.constant({}), weight: 1 },
  );
const anyBody = fc.oneof(fc.constant<Payload>({}), junk.map(asJson), rawPayload);

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const queryValue = (valid: fc.Arbitrary<string>) => fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: junkString, weight: 1 });
/**
 * A query string: the endpoint's parameters, any of them missing or junk, sometimes repeated, sometimes
 * unknown ones. `required` are always there (though sometimes junk), so enough requests get past the schema.
 */
const query = (shape: Record<string, fc.Arbitrary<string>> = {}, required: string[] = []): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, queryValue(v)])), { requiredKeys: required }),
      fc.oneof(
        { arbitrary: fc.constant([] as [string, string][]), weight: 3 },
        {
          arbitrary: fc.array(fc.tuple(fc.constantFrom(...Object.keys(shape), 'zzz', '__proto__', 'constructor'), junkString), { minLength: 1, maxLength: 2 }),
          weight: 1,
        },
      ),
    )
    .map(([known, extra]) => {
      const pairs = [...Object.entries(known as Record<string, string>), ...extra];
      return pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
    });

/** A path segment: a real id, a number, or something that is not one. */
const segment = (ids: () => number[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ids()).map(String), weight: 6 },
    { arbitrary: fc.integer({ min: -5, max: 2_000_000 }).map(String), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '..',
        '%2e%2e',
        '%00',
        '%E0%A4%A',
        '1e3',
        '0x1f',
        '00042',
        '1.0',
        '-0',
        '%201',
        '9'.repeat(30),
        '{size}',
        'me',
        'x'.repeat(250),
      ),
      weight: 1,
    },
    { arbitrary: fc.string({ maxLength: 12 }).map(encode), weight: 1 },
  );

const int = (ids: () => number[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...ids()), weight: 4 }, { arbitrary: fc.integer({ min: -3, max: 3_000_000 }), weight: 1 });
const currency = fc.oneof({ arbitrary: fc.constantFrom('RUB', 'EUR', 'USD', 'KZT'), weight: 6 }, { arbitrary: fc.constantFrom('XYZ', 'eur'), weight: 1 });
const phone = fc.oneof(
  fc.constantFrom('+79161234567', '8 916 765-43-21', '+7 903 000 00 01', '123', '+44 20 7946 0958'),
  fc.stringMatching(/^\+?[0-9 ()-]{0,16}$/),
);
const date = fc.oneof(
  { arbitrary: fc.date({ min: new Date('1991-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }).map((d) => d.toISOString()), weight: 4 },
  { arbitrary: fc.constantFrom('2025-06-01', '1989-12-31', '2100-12-31T23:59:59Z', '2101-01-01', '2025-13-01', 'yesterday'), weight: 1 },
);

type Who = 'anna' | 'fresh' | 'pat' | 'nobody';

interface Endpoint {
  route: string;
  who: Who;
  request: () => fc.Arbitrary<{ url: string; payload?: Payload; headers?: Record<string, string> }>;
  /** A success must not change stored data either. */
  readOnly?: boolean;
  runs?: number;
}

const api = (path: string) => `/app/api${path}`;
/** A create or edit body: mostly well-formed, so most requests get as far as the ledger. */
const operationBody = () =>
  body({
    // Mostly Anna's own event, so most requests get as far as the ledger.
    event_id: int(() => [trip, trip, trip, evesTrip]),
    details: shaped({
      kind: fc.constantFrom('even_purchase', 'split_purchase', 'i_purchased_them', 'i_lent_them', 'they_lent_me', 'deposit', 'payback', 'comment'),
      amount: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 100_000 }), weight: 4 },
        { arbitrary: fc.double({ min: -10, max: 1e6, noNaN: true }), weight: 1 },
      ),
      currency,
      description: fc.stringMatching(/^[\w .,!?-]{0,20}$/),
      text: fc.stringMatching(/^[\w .,!?-]{1,20}$/),
      date,
      payer: int(uids),
      payers: fc.array(shaped({ uid: int(uids), amount: fc.integer({ min: -5, max: 100_000 }) }), { maxLength: 3 }),
      split: fc.constantFrom('equal', 'exact', 'shares', 'percent', 'thirds'),
    }),
    participants: fc.array(
      shaped({
        uid: int(uids),
        amount: fc.integer({ min: -5, max: 200 }),
        weight: fc.oneof(fc.integer({ min: -1, max: 200 }), fc.double({ min: 0, max: 100, noNaN: true })),
      }),
      { maxLength: 3 },
    ),
  });

const get = (route: string, url: () => fc.Arbitrary<string>, runs?: number): Endpoint => ({
  route: `GET ${route}`,
  who: route.startsWith('/app/api/v2/auth') ? 'nobody' : 'anna',
  request: () => url().map((u) => ({ url: u })),
  readOnly: true,
  runs,
});

/** Import files: a valid two-person export, one with a bad row, and junk. */
const importFile = fc.oneof(
  fc.constantFrom(
    'Date,Description,Category,Cost,Currency,Anna,Boris\n2026-01-02,Taxi,Car,10,EUR,10,-10\n',
    'Date,Description,Category,Cost,Currency,Anna,Boris\n2026-13-02,Taxi,Car,10,EUR,10,-9\n2026-01-02,"=1+1",Payment,10,EUR,-10,10\n',
  ),
  junkString,
);
const events = () => [trip, evesTrip];
const ops = () => [annasOp, evesOp];
const uids = () => [anna.uid, boris.uid, eve.uid];

const ENDPOINTS: Endpoint[] = [
  get('/app/api/v1/config', () => query({ x: junkString }).map((q) => api(`/v1/config/${q}`))),
  get('/app/api/v1/health', () => query({ x: junkString }).map((q) => api(`/v1/health/${q}`))),
  get('/app/api/docs/openapi.json', () => query({ x: junkString }).map((q) => `/app/api/docs/openapi.json${q}`)),
  ...['', '/json', '/yaml', '/static/index.html', '/static/swagger-initializer.js', '/static/theme/dolya-contrast.css', '/static/theme/dolya-landmarks.js'].map(
    (file) => get(`/app/api/docs${file}`, () => query({ x: junkString }).map((q) => `/app/api/docs${file}${file ? '' : '/'}${q}`), 10),
  ),
  // The reference page's files: nothing outside its folder is served, however the path is written.
  get('/app/api/docs*', () =>
    fc
      .oneof(
        fc.constantFrom('static/swagger-ui.css', 'static/../../../../package.json', '%2e%2e/%2e%2e/server/app.ts', 'static/%00', '..%2f..%2fREADME.md'),
        junkString.map(encode),
      )
      .map((tail) => `/app/api/docs/${tail}`),
  ),
  get('/app/api/v1/currency', () => query({ lang: fc.constantFrom('en', 'ru', 'de') }).map((q) => api(`/v1/currency/${q}`))),
  get(
    '/app/api/v1/currency/rate',
    () => query({ from: currency, to: currency, date: fc.oneof(date, fc.constantFrom('2024-02-29', '1999-01-01')) }).map((q) => api(`/v1/currency/rate/${q}`)),
    80,
  ),
  get('/app/api/v1/user/contacts', () => query().map((q) => api(`/v1/user/contacts/${q}`))),
  {
    route: 'POST /app/api/v1/user/contacts',
    who: 'anna',
    request: () =>
      body({ device: fc.constant('WEB'), contacts: fc.array(shaped({ name: fc.string({ maxLength: 20 }), phone }), { minLength: 1, maxLength: 3 }) }).map(
        (payload) => ({
          url: api('/v1/user/contacts/'),
          payload,
        }),
      ),
  },
  {
    route: 'DELETE /app/api/v1/user/contacts',
    who: 'anna',
    request: () =>
      body({ device: fc.constant('WEB'), phones: fc.array(phone, { minLength: 1, maxLength: 3 }) }).map((payload) => ({
        url: api('/v1/user/contacts/'),
        payload,
      })),
  },
  get('/app/api/v1/user/search', () => query({ phone, search_all: fc.constantFrom('true', 'false', '1', '0', 'yes') }).map((q) => api(`/v1/user/search/${q}`))),
  get('/app/api/v1/user/me', () => query({ user: int(uids).map(String) }).map((q) => api(`/v1/user/me/${q}`))),
  ...(['/v1/user/me', '/v2/user/me'] as const).map((path): Endpoint => ({
    route: `PUT /app/api${path}`,
    who: 'anna',
    request: () =>
      body({
        first_name: fc.string({ maxLength: 12 }),
        last_name: fc.string({ maxLength: 12 }),
        full_name: fc.string({ maxLength: 20 }),
        gender: fc.constantFrom('M', 'F', null),
        currency,
        avatar_url: fc.constantFrom(
          annasAvatar,
          '/app/img/1/{size}.webp',
          `/app/img/${'a'.repeat(32)}/{size}.webp`,
          'data:image/png;base64,iVBORw0KGgo=',
          'AAAA',
          null,
          '',
          picture,
        ),
        family: fc.oneof(fc.constant(null), shaped({ head: phone, members: fc.array(phone, { maxLength: 3 }) })),
      }).map((payload) => ({ url: api(`${path}/`), payload })),
  })),
  // Anna has invited nobody; ids and anything else must answer 4xx and change nothing.
  {
    route: 'POST /app/api/v1/user/family/invitations/:id/accept',
    who: 'anna',
    runs: 20,
    request: () => fc.tuple(segment(uids), anyBody).map(([id, payload]) => ({ url: api(`/v1/user/family/invitations/${id}/accept/`), payload })),
  },
  {
    route: 'DELETE /app/api/v1/user/family/invitations/:id',
    who: 'anna',
    runs: 30,
    request: () => fc.tuple(segment(uids), anyBody).map(([id, payload]) => ({ url: api(`/v1/user/family/invitations/${id}/`), payload })),
  },
  {
    route: 'DELETE /app/api/v2/user/me',
    who: 'fresh',
    runs: 20,
    request: () => fc.tuple(query({ user: int(uids).map(String) }), anyBody).map(([q, payload]) => ({ url: api(`/v2/user/me/${q}`), payload })),
  },
  {
    route: 'POST /app/api/v2/user/password',
    who: 'pat',
    runs: 20,
    request: () =>
      body({ old_password: fc.oneof(fc.string({ maxLength: 10 }), fc.constant('wrong-password')), password: fc.string({ maxLength: 140 }) }).map((payload) => ({
        url: api('/v2/user/password/'),
        payload,
      })),
  },
  {
    route: 'POST /app/api/v1/account/logout',
    who: 'fresh',
    runs: 20,
    request: () => anyBody.map((payload) => ({ url: api('/v1/account/logout/'), payload })),
  },
  get('/app/api/v1/event', () => query({ currency, deleted: fc.constantFrom('1', '0', 'true') }).map((q) => api(`/v1/event/${q}`)), 40),
  {
    route: 'POST /app/api/v1/event',
    who: 'anna',
    request: () =>
      body({
        event_name: fc.string({ maxLength: 40 }),
        contacts: fc.array(int(uids), { maxLength: 3 }),
        image_url: fc.constantFrom(annasAvatar, '/app/img/999999/{size}.webp', null, 'AAAA', picture),
        invite_all: fc.boolean(),
        quasi: fc.boolean(),
        eventCurrency: currency,
      }).map((payload) => ({ url: api('/v1/event/'), payload })),
  },
  get('/app/api/v1/event/:id', () => fc.tuple(segment(events), query({ currency })).map(([id, q]) => api(`/v1/event/${id}/${q}`))),
  get('/app/api/v1/event/:id/original', () => fc.tuple(segment(events), query()).map(([id, q]) => api(`/v1/event/${id}/original/${q}`))),
  get('/app/api/v1/event/:id/export', () => fc.tuple(segment(events), query()).map(([id, q]) => api(`/v1/event/${id}/export/${q}`))),
  get('/app/api/v1/event/:id/export/csv', () =>
    fc.tuple(segment(events), query({ lang: fc.constantFrom('en', 'ru', 'de') })).map(([id, q]) => api(`/v1/event/${id}/export/csv/${q}`)),
  ),
  get('/app/api/v1/user/me/export', () => query().map((q) => api(`/v1/user/me/export/${q}`)), 20),
  {
    route: 'POST /app/api/v1/import/preview',
    who: 'anna',
    request: () => body({ file: importFile }).map((payload) => ({ url: api('/v1/import/preview/'), payload })),
  },
  {
    route: 'POST /app/api/v1/import',
    who: 'anna',
    runs: 60,
    request: () =>
      body({
        file: importFile,
        event_name: fc.oneof(fc.constant('Imported'), junkString),
        currency,
        people: fc.array(shaped({ name: fc.constantFrom('Anna', 'Boris', 'x'), uid: int(uids), phone }), { maxLength: 3 }),
      }).map((payload) => ({ url: api('/v1/import/'), payload })),
  },
  get('/app/api/v1/event/:id/payout', () => fc.tuple(segment(events), query({ currency })).map(([id, q]) => api(`/v1/event/${id}/payout/${q}`))),
  get('/app/api/v1/event/people', () => query({ currency, page: fc.integer({ min: 1, max: 3 }).map(String) }).map((q) => api(`/v1/event/people/${q}`))),
  get('/app/api/v1/event/people/:uid', () => fc.tuple(segment(uids), query({ currency })).map(([uid, q]) => api(`/v1/event/people/${uid}/${q}`))),
  {
    route: 'POST /app/api/v1/event/people/:uid',
    who: 'anna',
    runs: 80,
    request: () =>
      fc
        .tuple(segment(uids), body({ details: fc.constantFrom('Payback', 'payback', '') }))
        .map(([uid, payload]) => ({ url: api(`/v1/event/people/${uid}/`), payload })),
  },
  {
    route: 'POST /app/api/v1/event/people/:uid/phone',
    who: 'anna',
    runs: 60,
    request: () => fc.tuple(segment(uids), body({ phone })).map(([uid, payload]) => ({ url: api(`/v1/event/people/${uid}/phone/`), payload })),
  },
  get(
    '/app/api/v1/operation',
    () =>
      query(
        {
          event: int(events).map(String),
          page: fc.integer({ min: 1, max: 3 }).map(String),
          currency,
          deleted: fc.constantFrom('0', '1'),
          q: fc.oneof(junkString, fc.constantFrom('taxi', '%', '_', '\\')),
          person: int(uids).map(String),
          // Mostly valid filters: with many parameters each often wrong, too few requests would get past the schema.
          kind: fc.oneof(
            { arbitrary: fc.constantFrom('comment', 'even_purchase,payback'), weight: 4 },
            { arbitrary: fc.constantFrom('lunch', ',,'), weight: 1 },
          ),
          from: fc.oneof({ arbitrary: fc.constant('2026-03-01'), weight: 4 }, { arbitrary: fc.constantFrom('2026-02-30', 'x'), weight: 1 }),
          to: fc.oneof({ arbitrary: fc.constant('2026-12-31'), weight: 4 }, { arbitrary: fc.constant('1989-01-01'), weight: 1 }),
        },
        ['event'],
      ).map((q) => api(`/v1/operation/${q}`)),
    90,
  ),
  {
    route: 'POST /app/api/v1/operation',
    who: 'anna',
    request: () =>
      fc.tuple(operationBody(), fc.option(junkString.filter((s) => /^[\x20-\x7e]*$/.test(s)))).map(([payload, key]) => ({
        url: api('/v1/operation/'),
        payload,
        headers: key === null ? {} : ({ 'idempotency-key': key } as Record<string, string>),
      })),
    // The body has many fields, each sometimes wrong: about 1 in 9 reaches the service.
    runs: 140,
  },
  get('/app/api/v1/operation/:id', () => fc.tuple(segment(ops), query({ currency })).map(([id, q]) => api(`/v1/operation/${id}/${q}`))),
  {
    route: 'PUT /app/api/v1/operation/:id',
    who: 'anna',
    runs: 110,
    request: () =>
      fc
        .tuple(
          segment(ops),
          operationBody(),
          fc.option(
            fc.oneof(
              fc.integer({ min: 0, max: 5 }).map((v) => `"${v}"`),
              junkString.filter((s) => /^[\x20-\x7e]*$/.test(s)),
            ),
          ),
        )
        .map(([id, payload, version]) => ({
          url: api(`/v1/operation/${id}/`),
          payload,
          headers: version === null ? {} : ({ 'if-match': version } as Record<string, string>),
        })),
  },
  {
    route: 'POST /app/api/v1/operation/:id/receipts',
    who: 'anna',
    runs: 50,
    request: () =>
      fc
        .tuple(segment(ops), fc.oneof(body({ picture: fc.oneof(junkString, fc.constant('data:image/png;base64,AAAA')) }), anyBody))
        .map(([id, payload]) => ({ url: api(`/v1/operation/${id}/receipts/`), payload })),
  },
  {
    route: 'DELETE /app/api/v1/operation/:id/receipts/:receipt',
    who: 'anna',
    runs: 40,
    request: () =>
      fc
        .tuple(segment(ops), fc.oneof(fc.integer({ min: 0, max: 5 }).map(String), junkString.map(encode)))
        .map(([id, r]) => ({ url: api(`/v1/operation/${id}/receipts/${r}/`) })),
  },
  get('/app/api/v1/operation/:id/recurrence', () => segment(ops).map((id) => api(`/v1/operation/${id}/recurrence/`))),
  {
    route: 'PUT /app/api/v1/operation/:id/recurrence',
    who: 'anna',
    // Five fields, each sometimes wrong: about 1 in 5 reaches the service.
    runs: 110,
    request: () =>
      fc
        .tuple(
          segment(ops),
          fc.oneof(
            {
              arbitrary: body({
                frequency: fc.oneof({ arbitrary: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly'), weight: 4 }, { arbitrary: junkString, weight: 1 }),
                interval: fc.oneof(
                  { arbitrary: fc.integer({ min: 1, max: 99 }), weight: 3 },
                  { arbitrary: fc.oneof(fc.integer({ min: -5, max: 200 }), junkString), weight: 1 },
                ),
                until: fc.oneof(
                  { arbitrary: fc.constantFrom(null, '2099-12-31', '2027-02-28'), weight: 3 },
                  { arbitrary: fc.oneof(fc.constant('2027-02-30'), junkString), weight: 1 },
                ),
                count: fc.oneof({ arbitrary: fc.constantFrom(null, 2, 12, 1000), weight: 3 }, { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 }),
                utc_offset: fc.oneof({ arbitrary: fc.integer({ min: -840, max: 840 }), weight: 3 }, { arbitrary: fc.integer(), weight: 1 }),
              }),
              weight: 3,
            },
            { arbitrary: anyBody, weight: 1 },
          ),
        )
        .map(([id, payload]) => ({ url: api(`/v1/operation/${id}/recurrence/`), payload })),
  },
  {
    route: 'DELETE /app/api/v1/operation/:id/recurrence',
    who: 'anna',
    request: () => segment(ops).map((id) => ({ url: api(`/v1/operation/${id}/recurrence/`) })),
  },
  get('/app/api/v1/operation/:id/history', () => segment(ops).map((id) => api(`/v1/operation/${id}/history/`))),
  {
    route: 'POST /app/api/v1/operation/:id/history/:version/restore',
    who: 'anna',
    runs: 100,
    request: () =>
      fc
        .tuple(segment(ops), fc.oneof(fc.integer({ min: 0, max: 4 }).map(String), junkString.map(encode)), anyBody)
        .map(([id, version, payload]) => ({ url: api(`/v1/operation/${id}/history/${version}/restore/`), payload })),
  },
  get(
    '/app/api/v1/operation/expenses',
    () =>
      query(
        {
          event: int(events).map(String),
          utc_offset: fc.integer({ min: -1000, max: 1000 }).map(String),
          currency,
          summary: fc.constantFrom('true', 'false'),
          day: fc.constantFrom('2026-03-01', '2024-02-29', '2026-02-30'),
        },
        ['event'],
      ).map((q) => api(`/v1/operation/expenses/${q}`)),
    50,
  ),
  get('/app/api/v1/operation/debts', () => query({ event: int(events).map(String), currency }).map((q) => api(`/v1/operation/debts/${q}`)), 40),
  {
    route: 'POST /app/api/v1/operation/move_operation',
    who: 'anna',
    request: () => body({ event_id: int(events), operation_id: int(ops) }).map((payload) => ({ url: api('/v1/operation/move_operation/'), payload })),
  },
  {
    route: 'POST /app/api/v1/operation/:id/seen',
    who: 'anna',
    request: () => fc.tuple(segment(ops), body({ all: fc.boolean() })).map(([id, payload]) => ({ url: api(`/v1/operation/${id}/seen`), payload })),
  },
  {
    route: 'DELETE /app/api/v1/operation/:id',
    who: 'anna',
    request: () => fc.tuple(segment(ops), anyBody).map(([id, payload]) => ({ url: api(`/v1/operation/${id}/`), payload })),
  },
  {
    route: 'POST /app/api/v1/operation/:id/restore',
    who: 'anna',
    request: () => fc.tuple(segment(ops), anyBody).map(([id, payload]) => ({ url: api(`/v1/operation/${id}/restore/`), payload })),
  },
  // Late in the list: Anna may leave an event of someone else's, which the endpoints above use.
  {
    route: 'POST /app/api/v1/event/:id/leave',
    who: 'anna',
    request: () => fc.tuple(segment(events), anyBody).map(([id, payload]) => ({ url: api(`/v1/event/${id}/leave/`), payload })),
  },
  // Late in the list: it may delete Anna's event, which the operation endpoints above need live.
  {
    route: 'PUT /app/api/v1/event/:id',
    who: 'anna',
    runs: 80,
    request: () =>
      fc
        .tuple(
          segment(events),
          body({
            data: shaped({
              event_name: fc.string({ maxLength: 40 }),
              eventCurrency: currency,
              image_url: fc.constantFrom(annasAvatar, null, 'AAAA', picture),
              families: fc.oneof(
                fc.constantFrom([[anna.uid], [boris.uid]], [[anna.uid, boris.uid]]),
                fc.array(fc.array(int(uids), { maxLength: 3 }), { maxLength: 3 }),
              ),
              contacts: fc.array(int(uids), { maxLength: 4 }),
            }),
            del_date: fc.oneof(fc.constant(null), fc.boolean(), date),
          }),
        )
        .map(([id, payload]) => ({ url: api(`/v1/event/${id}/`), payload })),
  },
  {
    route: 'POST /app/api/v2/auth/code',
    who: 'nobody',
    runs: 20,
    request: () =>
      fc
        .tuple(query({ for: fc.constantFrom('signup', 'restore', 'login') }), body({ phone }))
        .map(([q, payload]) => ({ url: api(`/v2/auth/code/${q}`), payload })),
  },
  {
    route: 'POST /app/api/v2/auth/code/check',
    who: 'nobody',
    runs: 20,
    request: () =>
      fc
        .tuple(
          query({ for: fc.constantFrom('signup', 'restore') }),
          body({ phone: fc.oneof(phone, fc.constant(anna.phone)), code: fc.stringMatching(/^\d{0,7}$/) }),
        )
        .map(([q, payload]) => ({ url: api(`/v2/auth/code/check/${q}`), payload })),
  },
  {
    route: 'POST /app/api/v2/auth/password',
    who: 'nobody',
    runs: 20,
    request: () =>
      fc
        .tuple(
          query({ for: fc.constantFrom('signup', 'restore') }),
          body({ phone: fc.oneof(phone, fc.constant(anna.phone)), code: fc.stringMatching(/^\d{0,7}$/), password: fc.string({ maxLength: 140 }) }),
        )
        .map(([q, payload]) => ({ url: api(`/v2/auth/password/${q}`), payload })),
  },
  {
    route: 'POST /app/api/v2/auth/login',
    who: 'nobody',
    runs: 20,
    request: () =>
      body({
        phone: fc.oneof(phone, fc.constant(pat.phone)),
        password: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('not-it')),
        remember: fc.boolean(),
      }).map((payload) => ({
        url: api('/v2/auth/login/'),
        payload,
      })),
  },
  {
    route: 'GET /app/img/:key/:file',
    who: 'nobody',
    readOnly: true,
    request: () =>
      fc
        .tuple(
          fc.oneof({ arbitrary: fc.constant(storedImage.key), weight: 3 }, { arbitrary: segment(() => [storedImage.id]), weight: 1 }),
          fc.oneof(
            { arbitrary: fc.constantFrom('45x45.webp', '90x90.webp', '512x512.webp'), weight: 4 },
            { arbitrary: fc.constantFrom('100x100.webp', '45x45.png', '{size}.webp', '0x0.webp', '99999x99999.webp'), weight: 1 },
            { arbitrary: fc.string({ maxLength: 12 }).map(encode), weight: 1 },
          ),
          fc.option(fc.constantFrom('*', '"x"', 'W/"y", *', '')),
        )
        .map(([id, file, etag]) => ({ url: `/app/img/${id}/${file}`, headers: etag === null ? {} : ({ 'if-none-match': etag } as Record<string, string>) })),
  },
  get('/.well-known/apple-app-site-association', () => query().map((q) => `/.well-known/apple-app-site-association${q}`)),
];

/** Whose token a request carries: mostly the endpoint's user ('own'), sometimes none or garbage. */
const authorization = fc.oneof(
  { arbitrary: fc.constant('own' as const), weight: 10 },
  { arbitrary: fc.constantFrom(undefined, 'Bearer', 'Bearer not-a-token', 'Basic YTpi', `Token ${'x'.repeat(300)}`, 'Bearer \u0000'), weight: 1 },
);

async function tokenFor(who: Who): Promise<string | undefined> {
  if (who === 'anna') return anna.token;
  if (who === 'pat') return pat.token;
  if (who === 'fresh') return (await person(t, 'Temp')).token;
  return undefined;
}

const SCHEMA_REFUSALS = new Set(['validation_failed', 'bad_request', 'unauthorized']);

describe('refusals the router makes before any route runs', () => {
  // Found by the fuzzing below: Fastify answered these in its own shape ({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', ... }).
  it('answers a malformed percent-encoding and an over-long path parameter as { error, code }', async () => {
    for (const [url, status] of [
      ['/app/api/v1/event/%E0%A4%A/', 400],
      ['/app/api/v1/operation/%ZZ/restore/', 400],
      [`/app/api/v1/event/${'1'.repeat(250)}/`, 414],
      [`/app/img/${'1'.repeat(250)}/45x45.webp`, 414],
    ] as const) {
      const res = await call(t.app, 'GET', url, { token: anna.token });
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status, body: { error: 'Bad request', code: 'bad_request' } });
    }
  });
});

describe('fuzzing every endpoint', () => {
  it('has an entry for every registered route', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const fuzzed = new Set(ENDPOINTS.map((e) => e.route));
    expect(
      routes.filter((r) => !fuzzed.has(r)),
      'routes nobody fuzzes',
    ).toEqual([]);
    expect(
      [...fuzzed].filter((r) => !routes.includes(r)),
      'entries for routes the app does not have',
    ).toEqual([]);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.route}: no 5xx, refusals are { error, code }, a refusal${endpoint.readOnly ? ' or a read' : ''} changes nothing`, async () => {
      const method = endpoint.route.split(' ')[0] as InjectOptions['method'];
      // Requests that got past the schema and the token check: without some, the services were never fuzzed.
      let reached = 0;
      await fc.assert(
        fc.asyncProperty(endpoint.request(), authorization, async (req, auth) => {
          const token = await tokenFor(endpoint.who);
          const authorization = auth === 'own' ? (token === undefined ? undefined : `Bearer ${token}`) : auth;
          const before = await fingerprint(t);
          const headers: Record<string, string> = { ...req.headers };
          if (authorization !== undefined) headers.authorization = authorization;
          if (req.payload?.contentType) headers['content-type'] = req.payload.contentType;
          const res = await t.app.inject({ method, url: req.url, headers, payload: req.payload?.payload });
          const context = { url: req.url, status: res.statusCode, payload: req.payload?.payload?.slice(0, 300), authorization };
          expect(res.statusCode, JSON.stringify(context)).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], JSON.stringify(context)).toMatch(/^application\/json/);
            expectErrorBody(JSON.parse(res.body), context);
          }
          if (res.statusCode >= 400 || endpoint.readOnly) expect(await fingerprint(t), JSON.stringify(context)).toEqual(before);
          if (res.statusCode < 400 || !SCHEMA_REFUSALS.has(JSON.parse(res.body).code)) reached += 1;
        }),
        { numRuns: endpoint.runs ?? RUNS },
      );
      expect(reached, 'requests that reached the service').toBeGreaterThan(0);
    });
  }
});
