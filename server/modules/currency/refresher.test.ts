import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { LogSmsSender } from '../../lib/sms';
import { createTestApp, type TestApp } from '../../../tests/api/harness';
import { createRatesRefresher, MalformedRatesError, parseCbrDaily, parseEcbDaily, refreshRates, type RatesRefresherOptions } from './refresher';
import { getMeta, setMeta } from '../../db/meta';
import { rowsOf } from '../../db/rows';
import { RATES_LAST_UPDATED } from './repository';
import { rateForDate } from './service';

/**
 * The refresher against a local fake of the two banks, serving their recorded daily files
 * (tests/fixtures/rates/README.md): the ECB's for 2026-04-13 and the Bank of Russia's for
 * 2026-04-25, as the banks send them (the CBR's in windows-1251).
 */

const FIXTURES = new URL('../../../tests/fixtures/rates/', import.meta.url);
const ECB = fs.readFileSync(new URL('ecb-eurofxref-daily-2026-04-13.xml', FIXTURES), 'utf8');
const CBR = fs.readFileSync(new URL('cbr-XML_daily-2026-04-25.xml', FIXTURES));

/** The CBR file with one quote changed; latin1 keeps every other windows-1251 byte as it is. */
function cbrWith(from: string, to: string): Buffer {
  const text = CBR.toString('latin1');
  if (!text.includes(from)) throw new Error(`fixture lacks ${from}`);
  return Buffer.from(text.replace(from, to), 'latin1');
}

type Route = (res: http.ServerResponse) => void;
const xml =
  (body: string | Buffer, type = 'text/xml') =>
  (res: http.ServerResponse) =>
    res.writeHead(200, { 'content-type': type }).end(body);
const ROUTES: Record<string, Route> = {
  '/ecb': xml(ECB),
  '/cbr': xml(CBR, 'application/xml; charset=windows-1251'),
  '/ecb-truncated': xml(ECB.slice(0, Math.floor(ECB.length / 2))),
  '/cbr-bad-value': xml(cbrWith('<Value>75,5273</Value>', '<Value>75.52.73</Value>')),
  '/unavailable': (res) => res.writeHead(503).end('Service Unavailable'),
  // Never answers: the refresher's timeout must give up on it.
  '/hang': () => undefined,
};

let fake: http.Server;
let base = '';
let closedBase = '';
const hits: string[] = [];

let t: TestApp;
beforeAll(async () => {
  fake = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = ROUTES[req.url ?? ''];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  // A port nobody listens on: connection refused, as with no network.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  t = await createTestApp();
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
  await t.close();
});

/**
 * The stored state before each test: the bundled history without the two recorded days, as if
 * the server had last been refreshed on 2026-04-10.
 */
beforeEach(async () => {
  const db = t.database.db;
  await db.execute(sql`delete from rates where rate_date in ('2026-04-13', '2026-04-25')`);
  await setMeta(db, RATES_LAST_UPDATED, '2026-04-10');
  hits.length = 0;
});

async function snapshot(): Promise<unknown[]> {
  const rows = rowsOf(
    await t.database.db.execute(
      sql`select currency, rate_date::text as d, per_eur::text as v, source from rates where rate_date >= '2026-03-01' order by currency, rate_date`,
    ),
  );
  return [...rows, { last_updated: await getMeta(t.database.db, RATES_LAST_UPDATED) }];
}

async function storedOn(date: string, source: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ currency: string; v: string }>(
    await t.database.db.execute(sql`select currency, per_eur::text as v from rates where rate_date = ${date}::date and source = ${source}`),
  );
  return Object.fromEntries(rows.map((r) => [r.currency.trim(), Number(r.v)]));
}

function recorder() {
  const lines: { level: 'info' | 'warn' | 'error'; msg: string }[] = [];
  return {
    lines,
    log: {
      info: (msg: string) => lines.push({ level: 'info', msg }),
      warn: (msg: string) => lines.push({ level: 'warn', msg }),
      error: (msg: string) => lines.push({ level: 'error', msg }),
    },
    at: (level: 'info' | 'warn' | 'error') => lines.filter((l) => l.level === level).map((l) => l.msg),
  };
}

function options(ecb: string, cbr: string, log: RatesRefresherOptions['log'], extra: Partial<RatesRefresherOptions> = {}): RatesRefresherOptions {
  return { db: t.database.db, ecbUrl: ecb, cbrUrl: cbr, intervalHours: 24, timeoutMs: 2000, log, ...extra };
}

describe('the recorded daily files', () => {
  it('reads the ECB file: one day, units per EUR as published', () => {
    const daily = parseEcbDaily(ECB);
    expect(daily.date).toBe('2026-04-13');
    expect(Object.keys(daily.perEur)).toHaveLength(29);
    expect(daily.perEur).toMatchObject({ USD: '1.1684', JPY: '186.75', GBP: '0.87058', ZAR: '19.3849' });
  });

  it('reads the Bank of Russia file in windows-1251, with decimal commas and nominals', () => {
    const daily = parseCbrDaily(CBR);
    expect(daily.date).toBe('2026-04-25');
    expect(Object.keys(daily.quotes)).toHaveLength(54);
    expect(daily.quotes).toMatchObject({
      EUR: { nominal: 1, value: '88.2826' },
      KZT: { nominal: 100, value: '16.3172' },
      JPY: { nominal: 100, value: '47.2636' },
    });
  });

  const ecbBroken: [string, string][] = [
    ['cut off half way', ECB.slice(0, ECB.length / 2)],
    ['a rate that is not a number', ECB.replace("rate='186.75'", "rate='186,75'")],
    ['a rate of zero', ECB.replace("rate='186.75'", "rate='0'")],
    ['a currency twice', ECB.replace("currency='JPY'", "currency='USD'")],
    ['a broken element among the rates', ECB.replace("<Cube currency='JPY' rate='186.75'/>", "<Cube currency='JPY' rate='186.75'>")],
    ['an impossible date', ECB.replace("time='2026-04-13'", "time='2026-02-30'")],
    ['two days', ECB.replace('\t\t</Cube>\n\t</Cube>', "\t\t</Cube>\n\t\t<Cube time='2026-04-10'><Cube currency='USD' rate='1.1711'/></Cube>\n\t</Cube>")],
    ['no US dollar', ECB.replace(/\s*<Cube currency='USD'[^>]*\/>/, '')],
    ['an error page', '<html><body>Service temporarily unavailable</body></html>'],
    ['nothing', ''],
  ];
  it.each(ecbBroken)('refuses an ECB file with %s', (_, text) => {
    expect(() => parseEcbDaily(text)).toThrow(MalformedRatesError);
  });

  const cbrBroken: [string, Buffer][] = [
    ['cut off half way', CBR.subarray(0, CBR.length / 2)],
    ['a value with a point for a comma twice', cbrWith('<Value>75,5273</Value>', '<Value>75.52.73</Value>')],
    ['an empty value', cbrWith('<Value>75,5273</Value>', '<Value></Value>')],
    ['a nominal of zero', cbrWith('<Nominal>100</Nominal>', '<Nominal>0</Nominal>')],
    ['no euro', cbrWith('<CharCode>EUR</CharCode>', '<CharCode>XEU</CharCode>')],
    ['an impossible date', cbrWith('Date="25.04.2026"', 'Date="31.04.2026"')],
    ['a stray element', cbrWith('</ValCurs>', '<Error>limit</Error></ValCurs>')],
    ['an error page', Buffer.from('<html><body>Сервис недоступен</body></html>')],
  ];
  it.each(cbrBroken)('refuses a Bank of Russia file with %s', (_, bytes) => {
    expect(() => parseCbrDaily(bytes)).toThrow(MalformedRatesError);
  });
});

describe('refreshRates against the fake banks', () => {
  it('stores both days, crosses the Bank of Russia quotes exactly, and moves last_updated', async () => {
    const r = recorder();
    const outcome = await refreshRates(options(`${base}/ecb`, `${base}/cbr`, r.log));
    expect(outcome).toEqual({
      stored: expect.arrayContaining([
        { source: 'ecb', date: '2026-04-13', count: 29 },
        // 54 quotes: the euro itself, XDR and the 24 currencies the ECB is the source for drop out; the rouble comes in.
        { source: 'cbr', date: '2026-04-25', count: 29 },
      ]),
      unavailable: [],
      malformed: [],
    });
    const ecb = await storedOn('2026-04-13', 'ecb');
    expect(ecb).toMatchObject({ USD: 1.1684, JPY: 186.75, GBP: 0.87058 });
    const cbr = await storedOn('2026-04-25', 'cbr');
    expect(cbr.RUB).toBe(88.2826);
    expect(cbr.KZT).toBeCloseTo(88.2826 / 0.163172, 9);
    // One source per currency: the dollar stays the ECB's.
    expect(cbr.USD).toBeUndefined();
    expect((await rateForDate(t.database.db, 'KZT', 'RUB', '2026-04-25')).rate).toBe('0.163172');
    expect(await getMeta(t.database.db, RATES_LAST_UPDATED)).toBe('2026-04-25');
    expect(r.at('warn')).toEqual([]);
    expect(r.at('error')).toEqual([]);
    expect(r.at('info')).toEqual(
      expect.arrayContaining([
        'exchange rates stored: ECB, 29 currencies for 2026-04-13',
        'exchange rates stored: Bank of Russia, 29 currencies for 2026-04-25',
      ]),
    );
  });

  it('changes nothing for malformed files and logs an error naming each source', async () => {
    const before = await snapshot();
    const r = recorder();
    const outcome = await refreshRates(options(`${base}/ecb-truncated`, `${base}/cbr-bad-value`, r.log));
    expect(outcome).toEqual({ stored: [], unavailable: [], malformed: ['ECB', 'Bank of Russia'] });
    expect(await snapshot()).toEqual(before);
    const errors = r.at('error');
    expect(errors).toHaveLength(2);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^exchange rates from the ECB .*refused: .*; keeping the stored rates$/),
        expect.stringMatching(/^exchange rates from the Bank of Russia .*refused: bad value '75\.52\.73' for USD; keeping the stored rates$/),
      ]),
    );
    expect(r.at('warn')).toEqual([]);
  });

  it('stores one bank’s good file when the other’s is malformed', async () => {
    const r = recorder();
    await refreshRates(options(`${base}/ecb-truncated`, `${base}/cbr`, r.log));
    expect(await storedOn('2026-04-13', 'ecb')).toEqual({});
    expect((await storedOn('2026-04-25', 'cbr')).RUB).toBe(88.2826);
    expect(r.at('error')).toHaveLength(1);
  });

  it('keeps the stored rates when a bank does not answer in time, with one warning', async () => {
    const before = await snapshot();
    const r = recorder();
    const started = Date.now();
    const outcome = await refreshRates(options(`${base}/hang`, `${base}/hang`, r.log, { timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome.stored).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(r.at('warn')).toEqual(['exchange rates not refreshed: ECB: timed out after 0.3 s; Bank of Russia: timed out after 0.3 s; keeping the stored rates']);
    expect(r.at('error')).toEqual([]);
    expect(hits).toEqual(['/hang', '/hang']);
  });

  it('keeps the stored rates with no network, with one warning', async () => {
    const before = await snapshot();
    const r = recorder();
    await refreshRates(options(`${closedBase}/ecb`, `${closedBase}/cbr`, r.log));
    expect(await snapshot()).toEqual(before);
    expect(r.at('warn')).toEqual(['exchange rates not refreshed: ECB: ECONNREFUSED; Bank of Russia: ECONNREFUSED; keeping the stored rates']);
    expect(r.lines).toHaveLength(1);
  });

  it('counts an error answer as unavailable, not as a file', async () => {
    const r = recorder();
    await refreshRates(options(`${base}/unavailable`, `${base}/cbr`, r.log));
    expect(r.at('warn')).toEqual(['exchange rates not refreshed: ECB: HTTP 503; keeping the stored rates']);
    expect(r.at('error')).toEqual([]);
    expect(await getMeta(t.database.db, RATES_LAST_UPDATED)).toBe('2026-04-25');
  });
});

describe('the schedule', () => {
  it('refreshes at start and then every interval, and stops', async () => {
    const r = recorder();
    // 0.0002 hours is 0.72 s.
    const refresher = createRatesRefresher(options(`${base}/ecb`, `${base}/cbr`, r.log, { intervalHours: 0.0002 }));
    refresher.start();
    await expect.poll(() => hits.filter((h) => h === '/ecb').length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    await refresher.stop();
    const after = hits.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hits.length).toBe(after);
  });

  it('runs in the server when RATES_REFRESH is on: at start, logged, and closes with it', async () => {
    const lines: { level: number; msg: string }[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: './.tmp/no-web',
      RATES_REFRESH: 'on',
      RATES_ECB_URL: `${base}/ecb`,
      RATES_CBR_URL: `${closedBase}/cbr`,
      RATES_TIMEOUT_SECONDS: '2',
    });
    const app = await buildApp({
      config,
      database: t.database,
      sms: new LogSmsSender(() => undefined),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    await app.ready();
    await expect.poll(() => lines.map((l) => l.msg).join('\n'), { timeout: 15_000, interval: 100 }).toContain('exchange rates not refreshed');
    await app.close();
    // pino levels: 30 info, 40 warn.
    expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
      'exchange rates not refreshed: Bank of Russia: ECONNREFUSED; keeping the stored rates',
    ]);
    expect(lines.some((l) => l.level === 30 && l.msg === 'exchange rates stored: ECB, 29 currencies for 2026-04-13')).toBe(true);
    expect(await storedOn('2026-04-13', 'ecb')).toMatchObject({ USD: 1.1684 });
  });

  it('does not run when RATES_REFRESH is off', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: './.tmp/no-web',
      RATES_REFRESH: 'off',
      RATES_ECB_URL: `${base}/ecb`,
      RATES_CBR_URL: `${base}/cbr`,
    });
    const app = await buildApp({ config, database: t.database, sms: new LogSmsSender(() => undefined), logger: false });
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await app.close();
    expect(hits).toEqual([]);
  });
});
