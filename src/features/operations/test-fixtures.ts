/**
 * Server answers for the operations web tests. Every body goes through the shared zod schema, so a
 * screen is only ever tested on something the real API could send.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { payoutResponse, type Event, type EventParticipant, type PayoutResponse } from '@common/contract/events';
import { expensesResponse, operation as operationSchema, operationListResponse, type ExpensesResponse, type Operation } from '@common/contract/operations';
import { aContact, anEventAnswer, AS_ME, aUser, initialLoadHandlers, returningVisitor } from '../../../tests/web/fixtures';
import { stubIntersectionObserver as stubObserver } from '../../../tests/web/intersection-observer';
import { server } from '../../../tests/web/msw';
import { resetObservers } from '@/lib/observe';

export const ME = 7;
export const BORIS = 8;
export const VERA = 9;
export const GLEB = 10;
export const EVENT_ID = 1;
const NOW = '2026-11-21T12:00:00.000Z';

export const user = aUser({ user: ME, full_name: 'Anna Smirnova', first_name: 'Anna', last_name: 'Smirnova', currency: 'RUB' });

/** Anna and Vera are women, Boris and Gleb men: the Russian verbs agree with them. */
const GENDERS: Record<number, 'M' | 'F'> = { [ME]: 'F', [BORIS]: 'M', [VERA]: 'F', [GLEB]: 'M' };

function person(uid: number, fullName: string, family: number, balance = 0): EventParticipant {
  const me = uid === ME;
  const c = aContact(uid, fullName, `+7916000000${uid % 10}`, { ...(me ? AS_ME : {}), gender: GENDERS[uid] ?? null });
  const { balance: _unused, ...rest } = c;
  return { ...rest, balance, family, position: uid - ME, is_owner: me };
}

/** 'Dacha': Anna (me) and Boris in one family, Vera and Gleb in the other, in RUB. */
export function anEvent(overrides: Partial<Event> = {}, balances: Partial<Record<number, number>> = {}): Event {
  const contacts = [
    person(ME, 'Anna Smirnova', 1, balances[ME] ?? 0),
    person(BORIS, 'Boris Ivanov', 1, balances[BORIS] ?? 0),
    person(VERA, 'Вера Петрова', 2, balances[VERA] ?? 0),
    person(GLEB, 'Gleb Orlov', 2, balances[GLEB] ?? 0),
  ];
  return anEventAnswer({
    id: EVENT_ID,
    event_name: 'Dacha',
    owner: ME,
    payout: balances[ME] ?? 0,
    created: NOW,
    last_activity: NOW,
    families: [
      { id: 1, members: [ME, BORIS], balance: 0 },
      { id: 2, members: [VERA, GLEB], balance: 0 },
    ],
    contacts,
    ...overrides,
  });
}

let nextId = 1000;

/** An operation as the list answers it; by default an even purchase of 4000 RUB I paid for all four. */
export function anOperation(overrides: Partial<Omit<Operation, 'details'>> & { details?: Partial<Operation['details']> } = {}): Operation {
  const id = overrides.id ?? nextId++;
  const { details, ...rest } = overrides;
  return operationSchema.parse({
    id,
    event_id: EVENT_ID,
    kind: 'even_purchase',
    status: 'even',
    deleted: false,
    seen: true,
    approximate: false,
    created: NOW,
    version: 1,
    edited: null,
    receipts: [],
    entered: { payers: [{ uid: ME, amount: 4000 }], split: null, parts: [ME, BORIS, VERA, GLEB].map((uid) => ({ uid, amount: null, weight: null })) },
    participants: [
      { uid: ME, paid: 4000, share: 1000, effect: 3000 },
      { uid: BORIS, paid: 0, share: 1000, effect: -1000 },
      { uid: VERA, paid: 0, share: 1000, effect: -1000 },
      { uid: GLEB, paid: 0, share: 1000, effect: -1000 },
    ],
    ...rest,
    details: {
      amount: 4000,
      currency: 'RUB',
      original_amount: 4000,
      original_currency: 'RUB',
      rate: '1',
      rate_date: null,
      description: `Purchase ${id}`,
      text: '',
      date: NOW,
      payer: ME,
      author: ME,
      ...details,
    },
  });
}

export function manyOperations(n: number, from = 1): Operation[] {
  return Array.from({ length: n }, (_, i) => anOperation({ id: from + i, details: { description: `Purchase ${from + i}` } }));
}

type ExpensesDay = ExpensesResponse['operations'][number];

const DEFAULT_DAYS: Omit<ExpensesDay, 'count'>[] = [
  {
    day: '2026-11-20',
    total: 5000,
    mine: 1250,
    operations: [{ id: 1, kind: 'even_purchase', description: 'Groceries', amount: 5000, my_share: 1250, date: '2026-11-20T10:00:00.000Z' }],
  },
  {
    day: '2026-11-21',
    total: 3200,
    mine: 550,
    operations: [{ id: 2, kind: 'split_purchase', description: 'Firewood', amount: 3200, my_share: 550, date: '2026-11-21T10:00:00.000Z' }],
  },
];

/** Figures for the my-share tab; a day's `count` is its operations' unless given. */
export function expenses({
  operations,
  ...overrides
}: Omit<Partial<ExpensesResponse>, 'operations'> & { operations?: (Omit<ExpensesDay, 'count'> & { count?: number })[] } = {}): ExpensesResponse {
  return expensesResponse.parse({
    event_id: EVENT_ID,
    currency: 'RUB',
    approximate: false,
    total_expenses: 8200,
    avg_expenses: 2050,
    my_share: 1800,
    participants_count: 4,
    shares: [
      { uid: ME, share: 1800 },
      { uid: BORIS, share: 800 },
      { uid: VERA, share: 2400 },
      { uid: GLEB, share: 3200 },
    ],
    ...overrides,
    operations: (operations ?? DEFAULT_DAYS).map((d) => ({ count: d.operations.length, ...d })),
  });
}

/** Answers an expenses call as the server does: `summary=true` leaves each day's operations out, `day` keeps that day alone. */
export function expensesAnswer(request: Request, full: ExpensesResponse) {
  const params = new URL(request.url).searchParams;
  const day = params.get('day');
  const days = full.operations.filter((d) => day === null || d.day === day);
  return json({ ...full, operations: params.get('summary') === 'true' ? days.map((d) => ({ ...d, operations: [] })) : days });
}

export function payout(transfers: PayoutResponse['transfers'], overrides: Partial<PayoutResponse> = {}): PayoutResponse {
  return payoutResponse.parse({
    userId: ME,
    event_id: EVENT_ID,
    currency: 'RUB',
    approximate: false,
    users: [],
    families: [
      { id: 1, members: [ME, BORIS], balance: 0 },
      { id: 2, members: [VERA, GLEB], balance: 0 },
    ],
    transfers,
    ...overrides,
  });
}

export function json(body: unknown) {
  return HttpResponse.json(body as JsonBodyType);
}

/** The operation list of an event, paged by 20 as the server pages it (newest first). */
export function pagesOf(ops: readonly Operation[], page: number) {
  const size = 20;
  return operationListResponse.parse({
    count: ops.length,
    live: ops.filter((op) => !op.deleted).length,
    page,
    pages: Math.ceil(ops.length / size),
    objects: ops.slice((page - 1) * size, page * size),
  });
}

/**
 * Signs Anna in and answers the initial load, the events list and the event; the tab's own calls
 * (operations, expenses, payout) answer `ops`, `expenses()` and an empty plan unless a test says
 * otherwise with server.use.
 */
export function signedInWithEvent(e: Event = anEvent(), ops: Operation[] = []) {
  returningVisitor();
  server.use(
    ...initialLoadHandlers(user),
    http.get('/app/api/v1/event/', () => json([e])),
    http.get('/app/api/v1/event/:id/', () => json(e)),
    http.get('/app/api/v1/operation/', ({ request }) => json(pagesOf(ops, Number(new URL(request.url).searchParams.get('page') ?? 1)))),
    http.get('/app/api/v1/operation/expenses/', ({ request }) => expensesAnswer(request, expenses())),
    http.get('/app/api/v1/event/:id/payout/', () => json(payout([]))),
  );
}

/** The shared IntersectionObserver stand-in, with this feature's observer pool emptied around it. */
export const stubIntersectionObserver = () => stubObserver({ reset: resetObservers });
