import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyExponent } from '../../../common/currencies';
import { MAX_OPERATION_MINOR } from '../../../common/money-limits';
import { rowsOf } from '../../db/rows';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, people, type Person } from '../../../tests/api/ledger-factories';

/**
 * Decision 0010 as a property, through the API: random histories of two people over many events
 * in currencies with 0, 2 and 3 decimals, with the largest accepted amounts mixed in, never make
 * a read fail, and every balance read answers exactly the sum of the stored entries (computed
 * here in BigInt from the database).
 */
let t: TestApp;
const CURRENCIES = ['RUB', 'JPY', 'KWD', 'EUR', 'RUB', 'JPY'];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Exact decimal text of minor units as a JSON number prints it: -1050 RUB → '-10.5'. */
function decimalText(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  const scale = 10n ** BigInt(exponent);
  const abs = minor < 0n ? -minor : minor;
  const frac = exponent ? (abs % scale).toString().padStart(exponent, '0').replace(/0+$/, '') : '';
  return `${minor < 0n ? '-' : ''}${abs / scale}${frac ? `.${frac}` : ''}`;
}

function major(minor: number, currency: string): number {
  return Number(decimalText(BigInt(minor), currency));
}

const amountArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(MAX_OPERATION_MINOR) },
  { weight: 1, arbitrary: fc.constant(MAX_OPERATION_MINOR - 1) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: MAX_OPERATION_MINOR }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 999 }) },
  // The largest a money field takes (16 characters): past the bound, it must be refused whole.
  { weight: 3, arbitrary: fc.constant(999_999_999_999_999) },
);

const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('create' as const),
      event: fc.nat(CURRENCIES.length - 1),
      kind: fc.constantFrom('i_lent_them', 'even_purchase', 'payback', 'they_lent_me'),
      minor: amountArb,
      byFirst: fc.boolean(),
      // The same operation again and again, as an attacker would: sums reach the bounds quickly.
      times: fc.integer({ min: 1, max: 12 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), op: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('restore' as const), op: fc.nat(40) }) },
);

async function storedBalances(eventIds: readonly number[]): Promise<Map<string, bigint>> {
  const result = await t.database.db.execute(sql`
    select o.event_id, e.user_id, sum(e.paid - e.share)::text as balance
    from operation_entries e join operations o on o.id = e.operation_id
    where o.deleted_at is null and o.event_id in (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by o.event_id, e.user_id`);
  const out = new Map<string, bigint>();
  for (const r of rowsOf<{ event_id: number; user_id: number; balance: string }>(result)) out.set(`${r.event_id}:${r.user_id}`, BigInt(r.balance));
  return out;
}

describe('money at every size, as a property', () => {
  it('keeps every read answering 200 with exact figures over random histories with the largest amounts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 20 }), async (commands) => {
        const [a, b] = (await people(t, ['Anna', 'Boris'])) as [Person, Person];
        const eventIds: number[] = [];
        for (const currency of CURRENCIES) eventIds.push(await eventWith(t, a, [b], { eventCurrency: currency }));
        const ops: number[] = [];
        for (const c of commands) {
          if (c.type === 'create') {
            const [author, other] = c.byFirst ? [a, b] : [b, a];
            const currency = CURRENCIES[c.event] as string;
            const details: Record<string, unknown> = { kind: c.kind, amount: major(c.minor, currency), description: 'x' };
            if (c.kind === 'they_lent_me' || c.kind === 'payback') details.payer = c.kind === 'payback' ? author.uid : other.uid;
            const participants =
              c.kind === 'even_purchase'
                ? [{ uid: a.uid }, { uid: b.uid }]
                : [{ uid: c.kind === 'payback' ? other.uid : c.kind === 'they_lent_me' ? author.uid : other.uid }];
            for (let i = 0; i < c.times; i++) {
              const res = await call(t.app, 'POST', '/app/api/v1/operation/', {
                token: author.token,
                body: { event_id: eventIds[c.event], details, participants },
              });
              if (res.status === 201) ops.push(res.body.id);
              else expect(res.body.code).toBe(c.minor > MAX_OPERATION_MINOR ? 'amount_too_large' : 'totals_too_large');
            }
          } else if (ops.length > 0) {
            const id = ops[c.op % ops.length] as number;
            const res = await call(t.app, c.type === 'delete' ? 'DELETE' : 'POST', `/app/api/v1/operation/${id}/${c.type === 'delete' ? '' : 'restore/'}`, {
              token: a.token,
            });
            if (res.status !== 200) expect(res.body.code).toBe('totals_too_large');
          }
        }
        const stored = await storedBalances(eventIds);
        for (const viewer of [a, b]) {
          for (const url of ['/event/', '/event/people/', '/user/me/'])
            expect((await call(t.app, 'GET', `/app/api/v1${url}`, { token: viewer.token })).status).toBe(200);
          const perCurrency = new Map<string, bigint>();
          for (const [i, id] of eventIds.entries()) {
            const currency = CURRENCIES[i] as string;
            for (const url of [`/event/${id}/`, `/operation/debts/?event=${id}`, `/event/${id}/payout/`, `/operation/?event=${id}`]) {
              expect((await call(t.app, 'GET', `/app/api/v1${url}`, { token: viewer.token })).status, url).toBe(200);
            }
            const view = await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: viewer.token });
            for (const contact of view.body.contacts as { uid: number; balance: number }[]) {
              expect(String(contact.balance)).toBe(decimalText(stored.get(`${id}:${contact.uid}`) ?? 0n, currency));
            }
            perCurrency.set(currency, (perCurrency.get(currency) ?? 0n) + (stored.get(`${id}:${viewer.uid}`) ?? 0n));
          }
          const other = viewer === a ? b : a;
          const page = await call(t.app, 'GET', '/app/api/v1/event/people/', { token: viewer.token });
          const row = (page.body.objects as { uid: number; balances: { balance: number; currency: string }[] }[]).find((p) => p.uid === other.uid);
          const expected = [...perCurrency]
            .filter(([, v]) => v !== 0n)
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([currency, v]) => [currency, decimalText(v, currency)]);
          expect((row?.balances ?? []).map((m) => [m.currency, String(m.balance)])).toEqual(expected);
        }
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
