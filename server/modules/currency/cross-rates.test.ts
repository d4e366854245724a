import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossRateResponse, currencyListResponse, type CurrencyListResponse } from '../../../common/contract/currency';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { person, type Person } from '../../../tests/api/ledger-factories';

/**
 * Cross rates between any two currencies on any date, from the bundled ECB history and Bank of
 * Russia days (docs/decisions/0004-exchange-rates.md). Expected values are the banks' published
 * figures: ECB units per EUR, CBR roubles per `nominal` units.
 */

const FIVE = ['EUR', 'USD', 'RUB', 'JPY', 'KZT'] as const;

let t: TestApp;
let me: Person;
beforeAll(async () => {
  t = await createTestApp();
  me = await person(t, 'Anna', { currency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

async function rate(from: string, to: string, date: string) {
  const res = await call(t.app, 'GET', `/app/api/v1/currency/rate/?from=${from}&to=${to}&date=${date}`, { token: me.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = crossRateResponse.parse(res.body);
  return { value: Number(body.rate), rateDate: body.rate_date, body };
}

describe('GET /v1/currency/rate/: cross rates between any two currencies', () => {
  it('matches the banks’ published figures on a day both published (2026-03-19)', async () => {
    const day = '2026-03-19';
    // ECB: 1.1489 USD and 182.46 JPY per EUR.
    expect((await rate('USD', 'JPY', day)).value).toBeCloseTo(182.46 / 1.1489, 9);
    // The rouble is the Bank of Russia's euro quote: 94.6663 RUB per EUR.
    expect(await rate('EUR', 'RUB', day)).toMatchObject({ value: 94.6663, rateDate: day });
    // A tenge is the CBR's own quote, 17.3533 RUB per 100, whichever way it was crossed to be stored.
    expect((await rate('KZT', 'RUB', day)).value).toBeCloseTo(0.173533, 10);
    // The dollar comes from the ECB only, crossed with the CBR's rouble (one source per currency).
    expect((await rate('USD', 'RUB', day)).value).toBeCloseTo(94.6663 / 1.1489, 9);
    expect((await rate('JPY', 'KZT', day)).value).toBeCloseTo(94.6663 / 0.173533 / 182.46, 9);
    expect((await rate('RUB', 'RUB', day)).body).toEqual({ from: 'RUB', to: 'RUB', date: day, rate: '1', rate_date: null });
  });

  it('is consistent: A→B × B→A = 1 and A→B × B→C = A→C for EUR, USD, RUB, JPY and KZT', async () => {
    const day = '2026-03-19';
    const r = new Map<string, number>();
    for (const a of FIVE) for (const b of FIVE) r.set(`${a}${b}`, (await rate(a, b, day)).value);
    for (const a of FIVE) {
      for (const b of FIVE) {
        // Each stored rate keeps 12 decimals, so the products are 1 to about 1e-9.
        expect(r.get(`${a}${b}`)! * r.get(`${b}${a}`)!).toBeCloseTo(1, 8);
        for (const c of FIVE) expect((r.get(`${a}${b}`)! * r.get(`${b}${c}`)!) / r.get(`${a}${c}`)!).toBeCloseTo(1, 8);
      }
    }
  });

  it('uses the latest earlier date on a weekend or holiday, and says which', async () => {
    // Saturday 11 April 2026: Friday's ECB rates.
    expect(await rate('USD', 'JPY', '2026-04-11')).toMatchObject({ rateDate: '2026-04-10' });
    expect((await rate('USD', 'JPY', '2026-04-11')).value).toBeCloseTo(186.43 / 1.1711, 9);
    // Easter Monday (the ECB was closed on Good Friday and Easter Monday): Thursday's rates.
    expect(await rate('EUR', 'USD', '2026-04-06')).toMatchObject({ value: 1.1525, rateDate: '2026-04-02' });
    // 9 March is an ECB day but not a CBR one (8 March holiday): the older of the two dates used is reported.
    expect(await rate('USD', 'KZT', '2026-03-09')).toMatchObject({ rateDate: '2026-03-07' });
  });

  it('uses the earliest rate after the date when a history starts later, and says which', async () => {
    // The ECB series starts on 1999-01-04.
    const before = await rate('USD', 'EUR', '1998-12-31');
    expect(before.rateDate).toBe('1999-01-04');
    expect(before.value).toBeCloseTo(1 / 1.1789, 12);
    // The tenge comes only from the Bank of Russia days, the first of which is 2026-03-03.
    expect(await rate('EUR', 'KZT', '2020-01-01')).toMatchObject({ rateDate: '2026-03-03' });
  });

  it('takes today when no date is given, refuses unknown codes and says when there is no rate', async () => {
    const today = await call(t.app, 'GET', '/app/api/v1/currency/rate/?from=EUR&to=USD', { token: me.token });
    expect(today.status).toBe(200);
    expect(crossRateResponse.parse(today.body).date).toBe(new Date().toISOString().slice(0, 10));

    const unknown = await call(t.app, 'GET', '/app/api/v1/currency/rate/?from=EUR&to=XXX', { token: me.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('currency_unknown');
    // The Argentine peso is a currency, but neither bank quotes it.
    const none = await call(t.app, 'GET', '/app/api/v1/currency/rate/?from=ARS&to=EUR&date=2026-03-19', { token: me.token });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.body.code).toBe('rate_unavailable');
    const bad = await call(t.app, 'GET', '/app/api/v1/currency/rate/?from=EUR&to=USD&date=2026-02-30', { token: me.token });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', '/app/api/v1/currency/rate/?from=EUR&to=USD')).status).toBe(401);
  });
});

describe('GET /v1/currency/: every rate against the caller’s currency', () => {
  const lists = new Map<string, CurrencyListResponse>();
  beforeAll(async () => {
    for (const code of FIVE) {
      const p = await person(t, `Caller ${code}`, { currency: code });
      const res = await call(t.app, 'GET', '/app/api/v1/currency/', { token: p.token });
      lists.set(code, currencyListResponse.parse(res.body));
    }
  });
  const entry = (base: string, code: string) => lists.get(base)!.objects.find((o) => o.currency === code)!;

  it('gives each list in the caller’s currency, and A in B’s list × B in A’s list ≈ 1', () => {
    for (const a of FIVE) {
      expect(lists.get(a)!.base).toBe(a);
      for (const b of FIVE) {
        const [u1, v1] = entry(a, b).exchange_rate;
        const [u2, v2] = entry(b, a).exchange_rate;
        // Values keep 4 decimals and are at least 1, so each is within 1/20000 of the exact figure.
        expect(((v1 / u1) * v2) / u2).toBeCloseTo(1, 3);
      }
    }
  });

  it('agrees with the cross rate at the latest rates', async () => {
    // The latest stored rates are on 2026-04-25 (CBR) and 2026-04-13 (ECB): a date after both uses them.
    const [units, value] = entry('JPY', 'KZT').exchange_rate;
    const cross = (await rate('KZT', 'JPY', '2026-05-01')).value;
    expect(value / units / cross).toBeCloseTo(1, 4);
    expect(entry('JPY', 'KZT').last_updated).toBe('2026-04-13');
    expect(entry('RUB', 'KZT').last_updated).toBe('2026-04-25');
  });

  it('picks units so that 2 decimals show at least 3 figures: the fewest power of ten worth 1 of the base', () => {
    for (const [base, list] of lists) {
      for (const o of list.objects) {
        const [units, value] = o.exchange_rate;
        if (o.currency === base) {
          expect(o.exchange_rate).toEqual([1, 1]);
          continue;
        }
        expect(Number.isInteger(Math.log10(units))).toBe(true);
        expect(value, `${units} ${o.currency} in ${base}`).toBeGreaterThanOrEqual(1);
        if (units > 1) expect(value, `${units} ${o.currency} in ${base}`).toBeLessThan(10);
      }
    }
    // Against the rouble: 1 euro, 10 tenge (1.63), 1 yen is half a rouble so 10 (4.7).
    expect(entry('RUB', 'EUR').exchange_rate[0]).toBe(1);
    expect(entry('RUB', 'KZT').exchange_rate).toEqual([10, 1.6317]);
    expect(entry('RUB', 'JPY').exchange_rate[0]).toBe(10);
    // Against the euro, a thousand dong are a few cents: the unit goes on to ten thousand or more.
    expect(entry('EUR', 'VND').exchange_rate[0]).toBeGreaterThan(1000);
    // A dollar is 0.86 euro: '10 USD = 8.56 EUR' keeps a third figure that '0.86' would lose; a euro is 1.17 dollars.
    expect(entry('EUR', 'USD').exchange_rate[0]).toBe(10);
    expect(entry('USD', 'EUR').exchange_rate[0]).toBe(1);
  });

  it('never lists a currency without a rate, even for a caller whose own currency has none', async () => {
    for (const list of lists.values()) expect(list.objects.some((o) => o.currency === 'ARS')).toBe(false);
    const p = await person(t, 'Pablo', { currency: 'ARS' });
    const list = currencyListResponse.parse((await call(t.app, 'GET', '/app/api/v1/currency/', { token: p.token })).body);
    expect(list.base).toBe('EUR');
    expect(list.objects.length).toBe(lists.get('EUR')!.objects.length);
    expect(list.objects.find((o) => o.currency === 'USD')!.exchange_rate).toEqual(entry('EUR', 'USD').exchange_rate);
  });

  it('names currencies in ?lang=, else the Accept-Language, else English', async () => {
    const get = async (query: string, headers: Record<string, string> = {}) =>
      currencyListResponse
        .parse((await call(t.app, 'GET', `/app/api/v1/currency/${query}`, { token: me.token, headers })).body)
        .objects.find((o) => o.currency === 'JPY')!.cur_description;
    expect(await get('')).toBe('Japanese yen');
    expect(await get('', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toBe('Японская иена');
    expect(await get('?lang=en', { 'accept-language': 'ru-RU' })).toBe('Japanese yen');
    expect(await get('?lang=ru')).toBe('Японская иена');
  });
});
