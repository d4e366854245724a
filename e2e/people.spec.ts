/**
 * The People screen end to end, on the real server, with two real accounts (sign-up codes read
 * from the server log): Anna adds Boris, they share a rouble event and a euro event, Anna lends
 * him money in one click from the list (their dialogue is made on first use), both see the same
 * balances from either side (and Anna sees them converted into a display currency), Boris adds Anna back from his list, Anna asks for a payback, Boris
 * sees the request and records the payback, and both see it settled. In English and Russian, at
 * 1280 px ('desktop') and 390 px ('phone'); screens go to .tmp/screens/people-<project>-<lang>-*.png.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Event } from '../common/contract/events';
import type { MoneyByCurrency, PersonResponse } from '../common/contract/people';
import { formatMoney, toMinor } from '../common/money';
import enPeople from '../src/locales/en/people.json' with { type: 'json' };
import ruPeople from '../src/locales/ru/people.json' with { type: 'json' };
import enOperations from '../src/locales/en/operations.json' with { type: 'json' };
import ruOperations from '../src/locales/ru/operations.json' with { type: 'json' };
import { addContacts, openAs, recordOperation, signUp, type E2EUser } from './support/api';
import { screenshot } from './support/screens';

type Lang = 'en' | 'ru';
const TEXT = { en: enPeople, ru: ruPeople } as const;
const OPERATIONS = { en: enOperations, ru: ruOperations } as const;
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** The balance message the screen should show for the API's per-currency list (positive: they owe me). */
function expected(balances: MoneyByCurrency, lang: Lang, gender: 'M' | 'F'): string {
  const b = TEXT[lang].balance;
  const t =
    gender === 'F'
      ? { accrual: b.accrual_female, debit: b.debit_female, neutral: b.neutral_female }
      : { accrual: b.accrual_male, debit: b.debit_male, neutral: b.neutral_male };
  const show = (b: MoneyByCurrency[number]) => plain(formatMoney(Math.abs(toMinor(b.balance, b.currency)), b.currency, lang, { code: true }));
  const owed = balances.filter((b) => b.balance > 0).map(show);
  const owe = balances.filter((b) => b.balance < 0).map(show);
  const parts = [owed.length ? `${t.accrual} ${owed.join(', ')}` : '', owe.length ? `${t.debit} ${owe.join(', ')}` : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : t.neutral;
}

const auth = (user: E2EUser) => ({ Authorization: `Bearer ${user.token}` });

async function person(request: APIRequestContext, viewer: E2EUser, uid: number): Promise<PersonResponse> {
  const res = await request.get(`/app/api/v1/event/people/${uid}/`, { headers: auth(viewer) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as PersonResponse;
}

async function createEvent(request: APIRequestContext, owner: E2EUser, name: string, contacts: number[], eventCurrency: string): Promise<Event> {
  const res = await request.post('/app/api/v1/event/', { headers: auth(owner), data: { event_name: name, contacts, eventCurrency } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Event;
}

/** A second browser window of the same size, for the other account. */
async function secondPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor });
  return context.newPage();
}

/** The person's pane: on a phone it replaces the list, on a desktop it sits beside it. */
async function openPerson(page: Page, testInfo: TestInfo, uid: number): Promise<Locator> {
  await page.getByTestId(`person-link-${uid}`).click();
  await expect(page).toHaveURL(new RegExp(`/people/${uid}$`));
  const pane = page.getByTestId('person');
  await expect(pane).toBeVisible();
  if (isPhone(testInfo)) {
    await expect(page.getByTestId('people-back')).toBeVisible();
    await expect(page.getByTestId('people-list')).toBeHidden();
  } else {
    await expect(page.getByTestId('people-list')).toBeVisible();
  }
  return pane;
}

for (const lang of ['en', 'ru'] as const) {
  test(`people: balances from both sides, a one-click loan, a payback request answered and settled (${lang})`, async ({ page, request, browser }, testInfo) => {
    const t = TEXT[lang];
    const [anna, boris] = await Promise.all([
      signUp(request, { firstName: 'Anna', lastName: 'Smirnova', currency: 'RUB', gender: 'F' }),
      signUp(request, { firstName: 'Boris', lastName: 'Ivanov', currency: 'RUB', gender: 'M' }),
    ]);

    await test.step('Anna adds Boris; they share a rouble event and a euro event', async () => {
      await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
      const trip = await createEvent(request, anna, 'Trip', [boris.uid], 'RUB');
      const paris = await createEvent(request, anna, 'Paris', [boris.uid], 'EUR');
      // Anna pays 1000 RUB for both; Boris pays 60 EUR for both: he owes her 500 RUB, she owes him 30 EUR.
      await recordOperation(request, anna, {
        event_id: trip.id,
        details: { kind: 'even_purchase', amount: 1000, description: 'Cabin' },
        participants: [{ uid: anna.uid }, { uid: boris.uid }],
      });
      await recordOperation(request, boris, {
        event_id: paris.id,
        details: { kind: 'even_purchase', amount: 60, description: 'Museum' },
        participants: [{ uid: anna.uid }, { uid: boris.uid }],
      });
    });

    await test.step('Anna lends Boris 200 in one click from the list and lands in their new dialogue', async () => {
      await openAs(page, anna, lang, '/people');
      const row = page.getByTestId(`person-row-${boris.uid}`);
      await expect(row.locator('[data-balance]').first()).toHaveText(expected((await person(request, anna, boris.uid)).person.balances, lang, 'M'));
      await screenshot(page, testInfo, lang, '1-list');
      const input = row.getByRole('textbox');
      await row.getByRole('button', { name: t.quick.lent_female }).click();
      await expect(row.getByRole('alert')).toBeVisible();
      await input.fill('200');
      await row.getByRole('button', { name: t.quick.lent_female }).click();
      await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
      const dialogueId = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
      expect((await person(request, anna, boris.uid)).dialogue_id).toBe(dialogueId);
    });

    const annaSees = await person(request, anna, boris.uid);
    const borisSees = await person(request, boris, anna.uid);
    await test.step('both see the same balances, mirrored: the API and the screens agree', async () => {
      expect(annaSees.person.balances).toEqual([
        { balance: -30, currency: 'EUR' },
        { balance: 700, currency: 'RUB' },
      ]);
      expect(borisSees.person.balances).toEqual(annaSees.person.balances.map((b) => ({ balance: -b.balance, currency: b.currency })));

      await page.goto('/people');
      const pane = await openPerson(page, testInfo, boris.uid);
      await expect(pane.getByTestId('person-balance')).toHaveText(expected(annaSees.person.balances, lang, 'M'));
      for (const e of annaSees.events) {
        await expect(pane.getByTestId(`shared-event-${e.id}`).locator('[data-balance]')).toHaveText(
          expected(e.balance ? [{ balance: e.balance, currency: e.currency }] : [], lang, 'M'),
        );
      }
      await screenshot(page, testInfo, lang, '2-anna-sees-boris');
    });

    await test.step('in a display currency the balance is one converted, approximate amount, as the API computes it', async () => {
      const res = await request.get(`/app/api/v1/event/people/${boris.uid}/?currency=EUR`, { headers: auth(anna) });
      const inEur = (await res.json()) as PersonResponse;
      expect(inEur.approximate).toBe(true);
      const amount = inEur.person.balance as number;
      const words = TEXT[lang].balance[amount > 0 ? 'accrual_male' : amount < 0 ? 'debit_male' : 'neutral_male'];
      await page.evaluate(() => localStorage.setItem('display_currency', 'EUR'));
      await page.reload();
      const pane = page.getByTestId('person');
      const converted = `${words} ≈${plain(formatMoney(Math.abs(toMinor(amount, 'EUR')), 'EUR', lang, { code: true }))}`;
      await expect(pane.getByTestId('person-balance')).toHaveText(converted);
      await expect(pane.getByTestId('person-balances')).toHaveText(expected(annaSees.person.balances, lang, 'M'));
      await expect(page.getByTestId(`person-row-${boris.uid}`).locator('[data-balance]').first()).toHaveText(converted);
      await screenshot(page, testInfo, lang, '2b-converted');
      await page.evaluate(() => localStorage.removeItem('display_currency'));
      await page.reload();
      await expect(pane.getByTestId('person-balance')).toHaveText(expected(annaSees.person.balances, lang, 'M'));
    });

    const borisPage = await secondPage(browser, testInfo);
    await test.step('Boris sees Anna on his list (not a contact yet) with the mirrored balance, and adds her', async () => {
      await openAs(borisPage, boris, lang, '/people');
      const row = borisPage.getByTestId(`person-row-${anna.uid}`);
      await expect(row.locator('[data-balance]').first()).toHaveText(expected(borisSees.person.balances, lang, 'F'));
      await row.getByRole('button', { name: t.contacts.add }).click();
      await expect(row.getByRole('button', { name: t.contacts.add })).toBeHidden();
      await expect(row.getByTestId('delete-contact')).toBeVisible();
      await screenshot(borisPage, testInfo, lang, '3-boris-list');
    });

    await test.step('Anna asks Boris for a payback', async () => {
      const pane = page.getByTestId('person');
      await pane.getByRole('button', { name: t.payback.request }).click();
      await expect(pane.getByTestId('person-message')).toHaveText(t.payback.sent);
      const [sent] = (await person(request, anna, boris.uid)).payback_requests;
      expect(sent).toMatchObject({ from: anna.uid, to: boris.uid, amounts: [{ amount: 700, currency: 'RUB' }], settled: false });
      const shown = pane.getByTestId(`payback-request-${sent!.id}`);
      await expect(shown).toContainText(fill(t.payback.fromMe, { name: 'Boris Ivanov', amounts: plain(formatMoney(70000, 'RUB', lang, { code: true })) }));
      await expect(shown.getByTestId('request-status')).toHaveText(t.payback.open);
      await screenshot(page, testInfo, lang, '4-requested');
    });

    await test.step('Boris meets the request in their dialogue, in his language, pays it from there, and it shows settled on both sides', async () => {
      const [request0] = (await person(request, boris, anna.uid)).payback_requests;
      const ops = OPERATIONS[lang].request;
      const owed = plain(formatMoney(70000, 'RUB', lang, { code: true }));
      await openAs(borisPage, boris, lang, `/events/${request0!.event_id}/transactions`);
      const note = borisPage.getByTestId('payback-request');
      await expect(note).toContainText(fill(ops.toMe_female, { name: 'Anna Smirnova', amounts: owed }));
      await expect(note).toContainText(ops.open);
      await screenshot(borisPage, testInfo, lang, '5a-request-in-feed');
      await note.getByRole('link', { name: fill(ops.payBack, { name: 'Anna Smirnova' }) }).click();

      // The person's page, with the recording already open.
      const dialog = borisPage.getByRole('dialog', { name: t.payback.recordTitle });
      await expect(dialog).toBeVisible();
      await screenshot(borisPage, testInfo, lang, '5-record');
      await dialog.getByRole('button', { name: t.payback.record }).click();
      await expect(dialog).toBeHidden();
      const pane = borisPage.getByTestId('person');
      const shown = pane.getByTestId(`payback-request-${request0!.id}`);
      await expect(shown).toContainText(fill(t.payback.toMe, { name: 'Anna Smirnova', amounts: owed }));
      await expect(shown.getByTestId('request-status')).toHaveText(t.payback.settled);
      await expect(pane.getByTestId('person-balance')).toHaveText(t.balance.neutral_female);
      await screenshot(borisPage, testInfo, lang, '6-settled');

      // Back in the dialogue the request says so, with nothing left to do.
      await openAs(borisPage, boris, lang, `/events/${request0!.event_id}/transactions`);
      await expect(note.getByText(ops.settled, { exact: true })).toBeVisible();
      await expect(note).toHaveAttribute('data-settled', 'true');
      await expect(note.getByRole('link')).toHaveCount(0);

      const after = await person(request, anna, boris.uid);
      expect(after.person.balances).toEqual([]);
      expect(after.payback_requests[0]).toMatchObject({ id: request0!.id, settled: true });
      await page.reload();
      const annaPane = page.getByTestId('person');
      await expect(annaPane.getByTestId(`payback-request-${request0!.id}`).getByTestId('request-status')).toHaveText(t.payback.settled);
      await expect(annaPane.getByTestId('person-balance')).toHaveText(t.balance.neutral);
      await expect(annaPane.getByRole('button', { name: t.payback.request })).toBeDisabled();
    });
    await borisPage.context().close();
  });
}
