import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyListResponse } from '../../../common/contract/currency';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { person, type Person } from '../../../tests/api/ledger-factories';
import { ecbRows, perEurFromCbr, upsertRates } from './rates-seed';
import { getMeta } from '../../db/meta';
import { rateNear, RATES_LAST_UPDATED } from './repository';
import { rateForDate } from './service';

describe('rate normalisation (units per 1 EUR)', () => {
  it('reads the ECB history, skipping N/A and currencies no longer in the ISO list', () => {
    const csv = 'Date,USD,CYP,RUB,\n2026-04-13,1.1684,N/A,N/A,\n2005-04-01,1.2936,0.5843,36.07,\n';
    expect(ecbRows(csv)).toEqual([
      { date: '2026-04-13', currency: 'USD', perEur: '1.1684', source: 'ecb' },
      { date: '2005-04-01', currency: 'USD', perEur: '1.2936', source: 'ecb' },
      { date: '2005-04-01', currency: 'RUB', perEur: '36.07', source: 'ecb' },
    ]);
  });

  it('takes the rouble from the Bank of Russia EUR quote and crosses what the ECB never quoted', () => {
    const perEur = perEurFromCbr({
      EUR: { nominal: 1, value: '91.9378' },
      KZT: { nominal: 100, value: '16.0841' },
      USD: { nominal: 1, value: '79.0680' },
      XDR: { nominal: 1, value: '110.0000' },
    });
    expect(perEur.RUB).toBe('91.9378');
    // 91.9378 RUB per EUR / 0.160841 RUB per KZT.
    expect(Number(perEur.KZT)).toBeCloseTo(91.9378 / 0.160841, 9);
    // The ECB is the one source for USD; XDR is not a currency anyone spends.
    expect(perEur.USD).toBeUndefined();
    expect(perEur.XDR).toBeUndefined();
  });
});

let t: TestApp;
let me: Person;
beforeAll(async () => {
  t = await createTestApp();
  me = await person(t, 'Anna', { currency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

describe('the bundled rates, loaded at first start', () => {
  it('finds the latest rate on or before a date, else the earliest after it', async () => {
    const db = t.database.db;
    expect(await rateNear(db, 'RUB', '2026-03-09')).toMatchObject({ date: '2026-03-07' });
    expect(Number((await rateNear(db, 'RUB', '2026-03-09'))!.perEur)).toBe(91.8391);
    // KZT history starts with the Bank of Russia file.
    expect(await rateNear(db, 'KZT', '2020-01-01')).toMatchObject({ date: '2026-03-03' });
    // Before the ECB stopped quoting the rouble, its own rate applies.
    expect(Number((await rateNear(db, 'RUB', '2021-06-01'))!.perEur)).toBeGreaterThan(80);
    expect(await rateNear(db, 'ARS', '2026-03-09')).toBeNull();
    expect(await getMeta(db, RATES_LAST_UPDATED)).toBe('2026-04-25');
  });

  it('stores a new day through upsertRates, which the next lookup uses', async () => {
    const db = t.database.db;
    await upsertRates(db, '2026-05-04', 'cbr', { RUB: '90.5', EUR: '1', NOPE: '3' });
    expect(await rateForDate(db, 'EUR', 'RUB', '2026-05-05')).toEqual({ rate: '90.5', rateDate: '2026-05-04' });
    expect(await getMeta(db, RATES_LAST_UPDATED)).toBe('2026-05-04');
    await upsertRates(db, '2026-05-01', 'cbr', { RUB: '90' });
    expect(await getMeta(db, RATES_LAST_UPDATED)).toBe('2026-05-04');
  });
});

describe('GET /v1/currency/', () => {
  it('lists the convertible currencies with [units, value] in the caller’s currency and names in their language', async () => {
    const res = await call(t.app, 'GET', '/app/api/v1/currency/?lang=ru', { token: me.token });
    expect(res.status).toBe(200);
    const list = currencyListResponse.parse(res.body);
    expect(list.base).toBe('RUB');
    expect(list.last_updated).toBe('2026-05-04');
    const byCode = new Map(list.objects.map((o) => [o.currency, o]));
    expect(byCode.get('RUB')).toMatchObject({ exchange_rate: [1, 1] });
    expect(byCode.get('EUR')).toMatchObject({ exchange_rate: [1, 90.5], last_updated: '2026-05-04', cur_description: 'Евро' });
    // 0.16 RUB per tenge would show as 0.16: ten of them read better.
    expect(byCode.get('KZT')!.exchange_rate[0]).toBe(10);
    for (const o of list.objects) {
      expect(o.exchange_rate[1]).toBeGreaterThanOrEqual(o.currency === 'RUB' ? 1 : 0.0001);
      if (o.exchange_rate[0] > 1) expect((o.exchange_rate[1] * 10) / o.exchange_rate[0]).toBeLessThan(10);
    }
    expect(byCode.has('ARS')).toBe(false);
    const en = currencyListResponse.parse((await call(t.app, 'GET', '/app/api/v1/currency/', { token: me.token })).body);
    expect(en.objects.find((o) => o.currency === 'EUR')?.cur_description).toBe('Euro');
  });

  it('needs a signed-in caller', async () => {
    const res = await call(t.app, 'GET', '/app/api/v1/currency/');
    expect(res.status).toBe(401);
  });
});
