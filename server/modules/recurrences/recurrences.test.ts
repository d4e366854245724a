import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation as operationSchema } from '../../../common/contract/operations';
import { recurrence as recurrenceSchema, type Recurrence } from '../../../common/contract/recurrences';
import { checkIntegrity, integrityProblems } from '../../../bench/stress/checks';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';
import { rowsOf } from '../../db/rows';
import { makeAllDue } from './occurrences';

const execFileAsync = promisify(execFile);

/**
 * Repeating operations: the rule's dates (month ends, leap years, the client's time zone), made
 * exactly once however often and by however many processes the scheduler runs, after a downtime
 * each on its own day and rate, changed and stopped through the API.
 */
let t: TestApp;
let anna: Person, boris: Person, vera: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, vera] = (await people(t, ['Anna', 'Boris', 'Vera'])) as [Person, Person, Person];
  eventId = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

const rent = (date: string, repeat: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount: 1000, currency: 'RUB', description: 'Rent', date, payer: anna.uid, ...extra },
  participants: [{ uid: anna.uid }, { uid: boris.uid }],
  repeat,
});

async function series(operationId: number, who: Person = anna): Promise<Recurrence> {
  const res = await call(t.app, 'GET', `/app/api/v1/operation/${operationId}/recurrence/`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return recurrenceSchema.parse(res.body);
}

/** Every occurrence of a series, oldest first, as [local day, ISO date, deleted]. */
async function occurrences(seriesId: number): Promise<{ id: number; day: string; date: string; deleted: boolean; rateDate: string | null }[]> {
  const result = await t.database.db.execute(
    `select id, recurrence_day::text as day, op_date, deleted_at, rate_date::text as rate_date from operations where recurrence_id = ${seriesId} order by recurrence_day`,
  );
  return rowsOf<{ id: number; day: string; op_date: string | Date; deleted_at: unknown; rate_date: string | null }>(result).map((r) => ({
    id: Number(r.id),
    day: r.day,
    date: new Date(r.op_date).toISOString(),
    deleted: r.deleted_at !== null,
    rateDate: r.rate_date,
  }));
}

async function balances(): Promise<Record<number, number>> {
  const res = await call(t.app, 'GET', `/app/api/v1/event/${eventId}/`, { token: anna.token });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.contacts as { uid: number; balance: number }[]).map((p) => [p.uid, p.balance]));
}

describe('a monthly series', () => {
  let first: ReturnType<typeof operationSchema.parse>;

  it('is created with its first occurrence, and shows its rule and next date', async () => {
    first = operationSchema.parse(await operate(t, anna, rent('2027-01-31T10:00:00Z', { frequency: 'monthly' })));
    expect(first.recurrence_id).toEqual(expect.any(Number));
    const s = await series(first.id, boris);
    expect(s).toMatchObject({ frequency: 'monthly', interval: 1, until: null, count: null, utc_offset: 0, made: 1, stopped: false, stop_reason: null });
    expect(s.first).toBe('2027-01-31T10:00:00.000Z');
    expect(s.next).toBe('2027-02-28T10:00:00.000Z');
    expect(s.pattern).toEqual({ kind: 'even_purchase', amount: 1000, currency: 'RUB', description: 'Rent' });
  });

  it('after the server was down for three periods makes each missed one on its own date, once', async () => {
    const before = await balances();
    const now = new Date('2027-05-15T00:00:00Z');
    expect(await makeAllDue(t.database.db, now)).toBe(3);
    expect(await makeAllDue(t.database.db, now)).toBe(0);
    const made = await occurrences(first.recurrence_id!);
    expect(made.map((o) => [o.day, o.date])).toEqual([
      ['2027-01-31', '2027-01-31T10:00:00.000Z'],
      ['2027-02-28', '2027-02-28T10:00:00.000Z'],
      ['2027-03-31', '2027-03-31T10:00:00.000Z'],
      ['2027-04-30', '2027-04-30T10:00:00.000Z'],
    ]);
    const after = await balances();
    expect(after[anna.uid]! - before[anna.uid]!).toBe(1500);
    expect(after[boris.uid]! - before[boris.uid]!).toBe(-1500);
    expect((await series(first.id)).next).toBe('2027-05-31T10:00:00.000Z');
    expect((await series(first.id)).made).toBe(4);
  });

  it('keeps an occurrence deleted or edited alone, and does not make a deleted day again', async () => {
    const made = await occurrences(first.recurrence_id!);
    const feb = made[1]!;
    const mar = made[2]!;
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${feb.id}/`, { token: boris.token })).status).toBe(200);
    const edit = await call(t.app, 'PUT', `/app/api/v1/operation/${mar.id}/`, {
      token: boris.token,
      headers: { 'if-match': '"1"' },
      body: {
        event_id: eventId,
        details: { kind: 'even_purchase', amount: 1200, currency: 'RUB', description: 'Rent and water', payer: anna.uid },
        participants: [{ uid: anna.uid }, { uid: boris.uid }],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await makeAllDue(t.database.db, new Date('2027-06-01T00:00:00Z'));
    const now = await occurrences(first.recurrence_id!);
    expect(now.map((o) => [o.day, o.deleted])).toEqual([
      ['2027-01-31', false],
      ['2027-02-28', true],
      ['2027-03-31', false],
      ['2027-04-30', false],
      ['2027-05-31', false],
    ]);
    const s = await series(mar.id);
    expect(s.pattern.amount).toBe(1000);
    expect(s.next).toBe('2027-06-30T10:00:00.000Z');
  });

  it('is changed from an occurrence by its author alone, and that occurrence becomes the pattern for those to come', async () => {
    const made = await occurrences(first.recurrence_id!);
    const mar = made[2]!;
    const change = (who: Person) =>
      call(t.app, 'PUT', `/app/api/v1/operation/${mar.id}/recurrence/`, { token: who.token, body: { frequency: 'monthly', interval: 2, count: 8 } });
    // The occurrences are Anna's, counted against her bound: Boris may not set them going.
    const refused = await change(boris);
    expect([refused.status, refused.body.code]).toEqual([403, 'not_operation_author']);
    expect(await series(first.id)).toMatchObject({ interval: 1, made: 5 });
    const res = await change(anna);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = recurrenceSchema.parse(res.body);
    // From 31 March every two months, after the latest made (31 May): 31 July.
    expect(s).toMatchObject({ interval: 2, count: 8, made: 5, first: '2027-03-31T10:00:00.000Z', next: '2027-07-31T10:00:00.000Z', stopped: false });
    expect(s.pattern).toMatchObject({ amount: 1200, description: 'Rent and water' });
    await makeAllDue(t.database.db, new Date('2028-03-01T00:00:00Z'));
    // 31 July, 30 September (the 31st does not exist), 30 November: then 8 are made and it ends.
    expect((await occurrences(first.recurrence_id!)).slice(5).map((o) => o.day)).toEqual(['2027-07-31', '2027-09-30', '2027-11-30']);
    expect(await series(first.id)).toMatchObject({ made: 8, next: null, stopped: false });
  });

  it('is stopped by anyone in the event, and nothing more is made', async () => {
    const second = operationSchema.parse(await operate(t, anna, rent('2027-02-10T09:00:00Z', { frequency: 'weekly', interval: 2 })));
    const res = await call(t.app, 'DELETE', `/app/api/v1/operation/${second.id}/recurrence/`, { token: boris.token });
    expect(res.status).toBe(200);
    expect(recurrenceSchema.parse(res.body)).toMatchObject({ stopped: true, next: null, stop_reason: null });
    await makeAllDue(t.database.db, new Date('2027-06-01T00:00:00Z'));
    expect(await occurrences(second.recurrence_id!)).toHaveLength(1);
  });
});

describe('dates', () => {
  it('take the local day and time of the client, and 29 February in leap years', async () => {
    // 00:30 on 29 February 2028 in UTC+3 is 21:30 on the 28th in UTC.
    const op = await operate(t, anna, rent('2028-02-28T21:30:00Z', { frequency: 'yearly', utc_offset: 180, until: '2032-03-01' }));
    await makeAllDue(t.database.db, new Date('2033-01-01T00:00:00Z'));
    expect((await occurrences(op.recurrence_id)).map((o) => [o.day, o.date])).toEqual([
      ['2028-02-29', '2028-02-28T21:30:00.000Z'],
      ['2029-02-28', '2029-02-27T21:30:00.000Z'],
      ['2030-02-28', '2030-02-27T21:30:00.000Z'],
      ['2031-02-28', '2031-02-27T21:30:00.000Z'],
      ['2032-02-29', '2032-02-28T21:30:00.000Z'],
    ]);
    expect(await series(op.id)).toMatchObject({ made: 5, next: null });
  });

  it('made at once when the first is in the past, each at the rate of its own day', async () => {
    const start = new Date(Date.now() - 70 * 86_400_000);
    start.setUTCHours(12, 0, 0, 0);
    const op = await operate(t, anna, rent(start.toISOString(), { frequency: 'weekly', interval: 3 }, { currency: 'EUR', amount: 10 }));
    const made = await occurrences(op.recurrence_id);
    // Days 0, 21, 42 and 63 have passed.
    expect(made).toHaveLength(4);
    for (const o of made) {
      const res = await call(t.app, 'GET', `/app/api/v1/operation/${o.id}/`, { token: anna.token });
      expect(res.body.details.original_currency).toBe('EUR');
      expect(res.body.details.rate_date === null || res.body.details.rate_date <= o.day).toBe(true);
    }
  });
});

describe('what the series cannot do', () => {
  it('stops, saying why, when its event is deleted', async () => {
    const other = await eventWith(t, anna, [boris]);
    const op = await operate(t, anna, { ...rent('2027-03-01T10:00:00Z', { frequency: 'daily' }), event_id: other });
    expect((await call(t.app, 'PUT', `/app/api/v1/event/${other}/`, { token: anna.token, body: { del_date: true } })).status).toBe(200);
    await makeAllDue(t.database.db, new Date('2027-03-05T00:00:00Z'));
    expect(await occurrences(op.recurrence_id)).toHaveLength(1);
    expect(await series(op.id)).toMatchObject({ stopped: true, next: null, stop_reason: 'event_deleted' });
  });

  it('refuses a rule that ends before it starts, starts over a year ago, or is not a rule', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ frequency: 'monthly', until: '2027-01-01' }, '2027-01-31T10:00:00Z', 'repeat_until_before_start'],
      [{ frequency: 'daily' }, new Date(Date.now() - 400 * 86_400_000).toISOString(), 'repeat_start_too_old'],
      [{ frequency: 'hourly' }, '2027-01-31T10:00:00Z', 'validation_failed'],
      [{ frequency: 'weekly', interval: 0 }, '2027-01-31T10:00:00Z', 'validation_failed'],
      [{ frequency: 'weekly', count: 1 }, '2027-01-31T10:00:00Z', 'validation_failed'],
      [{ frequency: 'weekly', count: 1e9 }, '2027-01-31T10:00:00Z', 'validation_failed'],
      [{ frequency: 'weekly', utc_offset: 100_000 }, '2027-01-31T10:00:00Z', 'validation_failed'],
      [{ frequency: 'weekly', until: '2027-02-30x' }, '2027-01-31T10:00:00Z', 'validation_failed'],
      [{ frequency: 'weekly', until: '2027-02-30' }, '2027-01-31T10:00:00Z', 'validation_failed'],
    ];
    const before = rowsOf<{ n: number }>(await t.database.db.execute('select count(*)::int as n from recurrences'));
    for (const [repeat, date, code] of cases) {
      const res = await call(t.app, 'POST', '/app/api/v1/operation/', { token: anna.token, body: rent(date, repeat) });
      expect(res.status, JSON.stringify(repeat)).toBe(400);
      expect(res.body.code, JSON.stringify(repeat)).toBe(code);
    }
    const after = rowsOf<{ n: number }>(await t.database.db.execute('select count(*)::int as n from recurrences'));
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('is neither read, changed nor stopped by someone outside the event', async () => {
    const op = await operate(t, anna, rent('2027-08-01T10:00:00Z', { frequency: 'monthly' }));
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { frequency: 'daily' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/app/api/v1/operation/${op.id}/recurrence/`, { token: vera.token, body });
      expect(res.status, method).toBe(404);
    }
    expect(await series(op.id)).toMatchObject({ frequency: 'monthly', stopped: false });
  });

  it('an operation outside any series has none, and its author alone can start one', async () => {
    const plain = await operate(t, anna, { ...rent('2027-09-05T10:00:00Z', {}), repeat: undefined });
    expect(plain.recurrence_id).toBeNull();
    expect((await call(t.app, 'GET', `/app/api/v1/operation/${plain.id}/recurrence/`, { token: anna.token })).status).toBe(404);
    const start = (who: Person) =>
      call(t.app, 'PUT', `/app/api/v1/operation/${plain.id}/recurrence/`, { token: who.token, body: { frequency: 'weekly', until: '2027-09-20' } });
    // Boris could otherwise make Anna's operation repeat daily and use up what she may write.
    const refused = await start(boris);
    expect([refused.status, refused.body.code]).toEqual([403, 'not_operation_author']);
    expect((await call(t.app, 'GET', `/app/api/v1/operation/${plain.id}/recurrence/`, { token: anna.token })).status).toBe(404);
    const res = await start(anna);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(recurrenceSchema.parse(res.body)).toMatchObject({ made: 1, next: '2027-09-12T10:00:00.000Z', until: '2027-09-20' });
    await makeAllDue(t.database.db, new Date('2027-12-01T00:00:00Z'));
    expect((await occurrences(res.body.id)).map((o) => o.day)).toEqual(['2027-09-05', '2027-09-12', '2027-09-19']);
  });
});

describe('several processes at once', () => {
  it('make each occurrence exactly once, and the ledger holds', async () => {
    const ops = [];
    for (let i = 0; i < 4; i++) ops.push(await operate(t, anna, rent(`2029-01-0${i + 1}T08:00:00Z`, { frequency: 'daily', count: 60 })));
    const now = new Date('2029-04-01T00:00:00Z');
    const url = t.database.url;
    if (url) {
      // PostgreSQL: two more server processes of their own, each with its own connections, make the same series as this one.
      const others = [1, 2].map(() =>
        execFileAsync(process.execPath, ['--import', 'tsx', 'tests/api/make-due-process.ts', url, now.toISOString()], { timeout: 60_000 }),
      );
      const [own, ...rest] = await Promise.all([makeAllDue(t.database.db, now), ...others]);
      const counts = [own as number, ...rest.map((r) => Number((r as { stdout: string }).stdout))];
      // Between them, every due occurrence of the four series and nothing more (other series in this file are done or stopped).
      expect(counts.every((n) => Number.isInteger(n))).toBe(true);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4 * 59);
    } else {
      // The embedded database is one process's: three schedulers in it take turns the same way.
      await Promise.all([makeAllDue(t.database.db, now), makeAllDue(t.database.db, now), makeAllDue(t.database.db, now)]);
    }
    for (const op of ops) {
      const days = (await occurrences(op.recurrence_id)).map((o) => o.day);
      expect(days).toHaveLength(60);
      expect(new Set(days).size).toBe(60);
    }
    const report = await checkIntegrity(t.database, []);
    expect(integrityProblems(report)).toEqual([]);
  });
});
