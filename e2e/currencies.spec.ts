/**
 * Currencies end to end on the real server (bundled ECB and Bank of Russia rates, no refresher):
 * a signed-up user with one event and one operation opens the exchange rates window from the
 * header, searches it, picks a display currency, and sees the events list and the open event
 * converted, marked approximate, by the figures the API gives; then the People screen, where the
 * balance with Boris is converted the same way. In English and Russian, at 1280 px ('desktop') and
 * 390 px ('phone'). The window's screens go to .tmp/screens/currencies-<project>-<lang>-<step>.png
 * for review.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { CurrencyListResponse } from '../common/contract/currency';
import type { Event } from '../common/contract/events';
import type { PeopleListResponse } from '../common/contract/people';
import { formatMoney, toMinor } from '../common/money';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enCurrencies from '../src/locales/en/currencies.json' with { type: 'json' };
import enErrors from '../src/locales/en/errors.json' with { type: 'json' };
import enEvents from '../src/locales/en/events.json' with { type: 'json' };
import ruCommon from '../src/locales/ru/common.json' with { type: 'json' };
import ruCurrencies from '../src/locales/ru/currencies.json' with { type: 'json' };
import ruErrors from '../src/locales/ru/errors.json' with { type: 'json' };
import ruEvents from '../src/locales/ru/events.json' with { type: 'json' };
import { addContacts, openAs, recordOperation, signUp, uniquePhone } from './support/api';
import { openCurrencies } from './support/events';
import { screenshot } from './support/screens';

type Lang = 'en' | 'ru';
const TEXT = {
  en: { common: enCommon, currencies: enCurrencies, errors: enErrors, events: enEvents },
  ru: { common: ruCommon, currencies: ruCurrencies, errors: ruErrors, events: ruEvents },
} as const;

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** A balance as the screen writes it beside its words: '5,87 $', no sign, plain spaces. */
function shown(amount: number, currency: string, lang: Lang): string {
  return plain(formatMoney(Math.abs(toMinor(amount, currency)), currency, lang, { code: true }));
}

/** The header's 'Exchange rates': in the side menu on a phone. */
async function openRates(page: Page, testInfo: TestInfo, lang: Lang) {
  const label = TEXT[lang].common.nav.exchangeRates;
  if (isPhone(testInfo)) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByRole('button', { name: label }).click();
  } else {
    await page.locator('header').getByRole('button', { name: label }).click();
  }
  return page.getByRole('dialog', { name: TEXT[lang].currencies.rates.title });
}

for (const lang of ['en', 'ru'] as const) {
  test(`exchange rates: search, pick a display currency, converted balances (${lang})`, async ({ page, request }, testInfo) => {
    const t = TEXT[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Rates', currency: 'RUB' });
    const auth = { Authorization: `Bearer ${anna.token}` };
    const book = await addContacts(request, anna, [{ name: 'Boris', phone: uniquePhone() }]);
    const boris = book.find((c) => !c.is_me)!;
    const created = await request.post('/app/api/v1/event/', { headers: auth, data: { event_name: 'Sochi', contacts: [boris.uid] } });
    expect(created.ok()).toBe(true);
    const event = (await created.json()) as Event;
    await recordOperation(request, anna, {
      event_id: event.id,
      details: { kind: 'even_purchase', amount: 1000, description: 'Dinner' },
      participants: [{ uid: anna.uid }, { uid: boris.uid }],
    });
    // What the server says the balances are in dollars, at the latest bundled rates.
    const inUsd = (await (await request.get(`/app/api/v1/event/${event.id}/?currency=USD`, { headers: auth })).json()) as Event;
    expect(inUsd.approximate).toBe(true);
    const rates = (await (await request.get(`/app/api/v1/currency/?lang=${lang}`, { headers: auth })).json()) as CurrencyListResponse;
    const usd = rates.objects.find((o) => o.currency === 'USD')!;

    await openAs(page, anna, lang, '/events');
    const row = page.getByTestId(`event-row-${event.id}`);
    await expect.poll(async () => plain(await row.textContent())).toContain(shown(500, 'RUB', lang));

    const dialog = await test.step('the window lists rates against my currency, with the updated date', async () => {
      const dialog = await openRates(page, testInfo, lang);
      await expect(dialog).toBeVisible();
      const usdRow = dialog.getByTestId('rate-USD');
      const value = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        usd.exchange_rate[1],
      );
      await expect.poll(async () => plain(await usdRow.textContent())).toContain(`${usd.exchange_rate[0]} USD = ${plain(value)} RUB`);
      // The bundled rates are from April 2026, more than 6 days ago: a long date.
      await expect(dialog.getByTestId('rates-updated')).toHaveText(lang === 'en' ? 'Updated on April 25, 2026' : 'Обновлено 25 апреля 2026 г.');
      await screenshot(page, testInfo, lang, '1-rates');
      return dialog;
    });

    await test.step('search by code, by name, and nothing found', async () => {
      const search = dialog.getByRole('searchbox', { name: t.currencies.rates.search });
      await search.fill('kzt');
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await expect(dialog.getByTestId('rate-KZT')).toBeVisible();
      await search.fill(lang === 'en' ? 'yen' : 'иена');
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await expect(dialog.getByTestId('rate-JPY')).toBeVisible();
      await screenshot(page, testInfo, lang, '2-search');
      await search.fill('zzz');
      await expect(dialog.getByText(t.errors.no_currency_found)).toBeVisible();
      await screenshot(page, testInfo, lang, '3-none');
      await search.fill('');
    });

    await test.step('pick dollars as the display currency and close', async () => {
      await dialog.getByTestId('display-currency-select').selectOption('USD');
      await expect(dialog.getByText(t.currencies.display.approximateHint.replace('{{currency}}', 'USD'))).toBeVisible();
      await dialog.getByTestId('rates-close').click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the events list and the open event show converted, approximate balances', async () => {
      const converted = shown(inUsd.payout, 'USD', lang);
      await expect.poll(async () => plain(await row.textContent())).toContain(`≈${converted}`);
      await row.click();
      const header = page.getByTestId('event-header');
      await expect.poll(async () => plain(await header.textContent())).toContain(`${t.events.balance.me.accrual} ≈${converted}`);
      await openCurrencies(page);
      await expect(header.getByTestId('approximate')).toBeVisible();
      await expect(header.getByTestId('display-currency')).toHaveValue('USD');
      await screenshot(page, testInfo, lang, '4-converted');
    });

    await test.step('the People screen shows my balance with Boris converted the same way', async () => {
      const people = (await (await request.get('/app/api/v1/event/people/?currency=USD', { headers: auth })).json()) as PeopleListResponse;
      expect(people.approximate).toBe(true);
      const withBoris = people.objects.find((p) => p.uid === boris.uid)!;
      if (isPhone(testInfo)) {
        await page.getByTestId('menu-button').click();
        await page.getByTestId('side-menu').getByRole('link', { name: t.common.nav.people }).click();
      } else {
        await page.locator('header').getByRole('link', { name: t.common.nav.people }).click();
      }
      const person = page.getByTestId(`person-row-${boris.uid}`).locator('[data-balance]').first();
      await expect.poll(async () => plain(await person.textContent())).toContain(`≈${shown(withBoris.balance as number, 'USD', lang)}`);
      await screenshot(page, testInfo, lang, '5-people');
      await page.goBack();
    });

    await test.step('the choice survives a reload', async () => {
      await page.reload();
      await openCurrencies(page);
      await expect(page.getByTestId('event-header').getByTestId('approximate')).toBeVisible();
      const again = await openRates(page, testInfo, lang);
      await expect(again.getByTestId('display-currency-select')).toHaveValue('USD');
    });
  });
}
