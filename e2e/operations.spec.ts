/**
 * The operations tabs end to end on the real server: an event of four people in two families
 * (Anna, the owner, with Boris; Vera with Gleb), one operation of every kind recorded through the
 * form, then the feed, the balances, the my-share totals and the settle-up plan checked against
 * what the ledger API answers, and the suggested paybacks recorded from the Debts tab until every
 * balance is zero. In English and Russian, at 1280 px ('desktop') and 390 px ('phone').
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Event, PayoutResponse } from '../common/contract/events';
import type { ExpensesResponse, OperationListResponse } from '../common/contract/operations';
import { formatMoney, toMinor } from '../common/money';
import enEvents from '../src/locales/en/events.json' with { type: 'json' };
import enOps from '../src/locales/en/operations.json' with { type: 'json' };
import ruEvents from '../src/locales/ru/events.json' with { type: 'json' };
import ruOps from '../src/locales/ru/operations.json' with { type: 'json' };
import type { E2EUser } from './support/api';
import { createFamilyEvent, openCurrencies } from './support/events';
import { screenshot } from './support/screens';

type Lang = 'en' | 'ru';
const OPS = { en: enOps, ru: ruOps } as const;
const EVENTS = { en: enEvents, ru: ruEvents } as const;
/** Text as a person reads it: Intl's no-break spaces as plain ones, runs of space as one. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f\s]+/g, ' ').trim();

/** An API amount (major units) as the screens write it: '1 234,50 ₽'. */
function shown(amount: number, currency: string, lang: Lang, sign = false): string {
  return plain(formatMoney(toMinor(amount, currency), currency, lang, { code: true, sign }));
}

const auth = (user: E2EUser) => ({ Authorization: `Bearer ${user.token}` });

async function api<T>(request: APIRequestContext, user: E2EUser, path: string): Promise<T> {
  const res = await request.get(`/app/api/v1${path}`, { headers: auth(user) });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A text in the form Anna (a woman, who enters everything here) sees it: the feminine form where Russian has one. */
function hers(texts: Record<string, string>, key: string): string {
  return texts[`${key}_female`] ?? texts[key]!;
}

/** Opens the form, picks the kind, lets `fill` do the rest, saves and waits for the feed. */
async function record(page: Page, lang: Lang, kind: keyof typeof enOps.kinds, fill: (form: Locator) => Promise<void>, shot?: () => Promise<void>) {
  const t = OPS[lang];
  await page.getByTestId('add-operation').click();
  const form = page.getByTestId('operation-form');
  await expect(form).toBeVisible();
  const label = hers(t.kinds, kind);
  await form
    .locator('label')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .click();
  await expect(form.getByRole('radio', { name: label })).toBeChecked();
  await fill(form);
  if (shot) await shot();
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/operation\/$/.test(r.url()));
  await form.getByTestId('operation-save').click();
  const res = await posted;
  expect(res.status(), await res.text()).toBe(201);
  expect(res.request().headers()['idempotency-key']).toBeTruthy();
  await expect(form).toHaveCount(0);
  await expect(page).toHaveURL(/\/transactions$/);
  return (await res.json()) as { id: number };
}

for (const lang of ['en', 'ru'] as const) {
  test.describe(`operations (${lang})`, () => {
    test('one operation of every kind through the forms; balances, my share and the plan as the API says; paybacks to zero', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(300_000);
      const t = OPS[lang];
      const me = EVENTS[lang].participants.me;
      // The event and its two families are made through the screens, as e2e/events.spec.ts does.
      const { owner, event, uid } = await createFamilyEvent(page, testInfo, lang, request);
      const names = { boris: 'Boris Ivanov', vera: 'Вера Петрова', gleb: 'Gleb Orlov' };

      await page.goto(`/events/${event.id}/transactions`);
      await expect(page.getByTestId('feed-empty')).toBeVisible();
      const feed = page.getByTestId('transactions-feed');

      await test.step('record one operation of every kind through the form', async () => {
        // Anna pays 4000 for all four.
        await record(page, lang, 'even_purchase', async (form) => {
          await form.getByRole('textbox', { name: t.form.amount }).fill('4000');
          await form.getByLabel(t.form.description).fill('Groceries');
        });
        // Vera pays 3000: Anna 1000 and Vera 1000 typed, Gleb gets the remainder; Boris is out.
        await record(
          page,
          lang,
          'split_purchase',
          async (form) => {
            await form.getByLabel(t.form.payer.split_purchase).selectOption({ label: names.vera });
            await form.getByRole('textbox', { name: t.form.amount }).fill('3000,00');
            await form.getByRole('checkbox', { name: names.boris }).uncheck();
            await form.getByRole('textbox', { name: t.form.partLabel.replace('{{name}}', me) }).fill('1000');
            await form.getByRole('textbox', { name: t.form.partLabel.replace('{{name}}', names.vera) }).fill('1000');
            await expect(form.getByTestId('remainder')).toContainText(shown(1000, 'RUB', lang));
            await form.getByLabel(t.form.description).fill('Firewood');
          },
          () => screenshot(page, testInfo, lang, '2-form-split'),
        );
        // Anna buys for Vera's whole family: 1200.
        await record(page, lang, 'i_purchased_them', async (form) => {
          await form.getByRole('checkbox', { name: t.form.everyone }).uncheck();
          await form.getByTestId('picker-family').filter({ hasText: names.vera }).getByRole('checkbox', { name: t.form.wholeFamily }).check();
          await form.getByRole('textbox', { name: t.form.amount }).fill('1200');
          await form.getByLabel(t.form.description).fill('Tickets');
        });
        // Anna lends Boris 700.
        await record(page, lang, 'i_lent_them', async (form) => {
          await form.getByRole('checkbox', { name: names.boris }).check();
          await form.getByRole('textbox', { name: t.form.amount }).fill('700');
        });
        // Gleb lends Anna 400.
        await record(page, lang, 'they_lent_me', async (form) => {
          await form.getByLabel(t.form.payer.they_lent_me).selectOption({ label: names.gleb });
          await form.getByRole('textbox', { name: t.form.amount }).fill('400');
        });
        // Vera receives a refund of 1000 for all four.
        await record(page, lang, 'deposit', async (form) => {
          await form.getByLabel(t.form.payer.deposit).selectOption({ label: names.vera });
          await form.getByRole('textbox', { name: t.form.amount }).fill('1000');
          await form.getByLabel(t.form.description).fill('Refund');
        });
        // Boris pays Anna back 300.
        await record(page, lang, 'payback', async (form) => {
          await form.getByLabel(t.form.payer.payback).selectOption({ label: names.boris });
          await form.getByLabel(t.form.recipient).selectOption({ label: me });
          await form.getByRole('textbox', { name: t.form.amount }).fill('300');
        });
        await record(page, lang, 'comment', async (form) => {
          await form.getByRole('textbox', { name: t.form.text }).fill('Who takes the car on Saturday?');
        });
        await expect(feed.locator('article')).toHaveCount(8);
      });

      await test.step('the feed and the balances are the ledger’s', async () => {
        const list = await api<OperationListResponse>(request, owner, `/operation/?event=${event.id}&page=1`);
        expect(list.count).toBe(8);
        for (const op of list.objects) {
          const row = feed.locator(`article[data-op="${op.id}"]`);
          await expect(row).toHaveAttribute('data-kind', op.kind);
          if (op.status) await expect(row).toContainText(hers(t.status, op.status));
          const mine = op.participants.find((p) => p.uid === uid.anna);
          // A payback says what it did to me ('you received 300,00 ₽'), other kinds my balance's change.
          const effect = mine && (op.kind === 'payback' ? shown(Math.abs(mine.effect), 'RUB', lang) : shown(mine.effect, 'RUB', lang, true));
          if (mine && mine.effect !== 0) expect(plain(await row.getByTestId('op-effect').textContent())).toContain(effect);
        }
        const now = await api<Event>(request, owner, `/event/${event.id}/`);
        const balance = Object.fromEntries(now.contacts.map((c) => [c.uid, c.balance]));
        // What the eight operations mean, worked out by hand: the forms sent what the user meant.
        expect(balance).toEqual({ [uid.anna]: 3450, [uid.boris]: -1150, [uid.vera]: -350, [uid.gleb]: -1950 });
        await expect(page.getByTestId('event-header').locator('[data-balance]')).toContainText(
          `${EVENTS[lang].balance.me.accrual} ${shown(3450, 'RUB', lang)}`,
        );
        await screenshot(page, testInfo, lang, '1-transactions');
      });

      await test.step('my share shows the server’s totals, and converted ones marked approximate', async () => {
        await page.goto(`/events/${event.id}/my-share`);
        const stats = await api<ExpensesResponse>(request, owner, `/operation/expenses/?event=${event.id}&utc_offset=0`);
        // 4000 + 3000 + 1200 - 1000 spent; my part 1000 + 1000 - 250.
        expect([stats.total_expenses, stats.avg_expenses, stats.my_share]).toEqual([7200, 1800, 1750]);
        await expect(page.getByTestId('share-total')).toContainText(t.share.total);
        expect(plain(await page.getByTestId('share-total').textContent())).toContain(shown(stats.total_expenses, 'RUB', lang));
        expect(plain(await page.getByTestId('share-average').textContent())).toContain(shown(stats.avg_expenses, 'RUB', lang));
        expect(plain(await page.getByTestId('share-mine').textContent())).toContain(shown(stats.my_share, 'RUB', lang));
        await expect(page.getByTestId('share-op')).toHaveCount(4);
        await page.getByRole('switch', { name: t.share.wholeFamily }).check();
        const family = stats.shares.filter((s) => s.uid === uid.anna || s.uid === uid.boris).reduce((sum, s) => sum + toMinor(s.share, 'RUB'), 0);
        expect(plain(await page.getByTestId('share-mine').textContent())).toContain(plain(formatMoney(family, 'RUB', lang, { code: true })));
        await screenshot(page, testInfo, lang, '3-my-share');
        await page.getByRole('switch', { name: t.share.wholeFamily }).uncheck();

        await openCurrencies(page);
        await page.getByTestId('display-currency').selectOption('EUR');
        const eur = await api<ExpensesResponse>(request, owner, `/operation/expenses/?event=${event.id}&utc_offset=0&currency=EUR`);
        expect(eur.approximate).toBe(true);
        await expect(page.getByTestId('share-total')).toContainText('≈');
        await expect.poll(async () => plain(await page.getByTestId('share-total').textContent())).toContain(shown(eur.total_expenses, 'EUR', lang));
        await page.getByTestId('display-currency').selectOption('event');
        await expect(page.getByTestId('share-total')).not.toContainText('≈');
      });

      await test.step('the debts tab shows the plan the server computes', async () => {
        await page.goto(`/events/${event.id}/debts`);
        const plan = await api<PayoutResponse>(request, owner, `/event/${event.id}/payout/`);
        // Families: Anna and Boris +2300, Vera and Gleb -2300; Gleb (the larger debt) pays Anna.
        expect(plan.transfers.map((tr) => [tr.from, tr.to, tr.amount])).toEqual([[uid.gleb, uid.anna, 2300]]);
        const cards = page.getByTestId('settle-plan').getByTestId('transfer');
        await expect(cards).toHaveCount(plan.transfers.length);
        for (const [i, tr] of plan.transfers.entries()) {
          await expect(cards.nth(i)).toHaveAttribute('data-from', String(tr.from));
          await expect(cards.nth(i)).toHaveAttribute('data-to', String(tr.to));
          expect(plain(await cards.nth(i).getByTestId('transfer-amount').textContent())).toBe(shown(tr.amount, 'RUB', lang));
        }
        await screenshot(page, testInfo, lang, '4-debts-plan');
      });

      await test.step('record the plan’s paybacks, then every remaining debt, until all balances are zero', async () => {
        const planCard = page.getByTestId('settle-plan').getByTestId('transfer').first();
        await planCard.getByTestId('payback').click();
        await screenshot(page, testInfo, lang, '4b-payback-confirm');
        await planCard.getByTestId('payback-record').click();
        await expect(page).toHaveURL(/\/transactions$/);
        await expect(page.getByTestId('recorded-toast')).toBeVisible();
        await expect(feed.locator('article')).toHaveCount(9);
        const afterPlan = await api<Event>(request, owner, `/event/${event.id}/`);
        expect(afterPlan.families.map((f) => f.balance)).toEqual([0, 0]);

        await page.goto(`/events/${event.id}/debts`);
        await expect(page.getByTestId('settled')).toBeVisible();
        await page.locator('label').filter({ hasText: t.debts.plain }).click();
        await expect(page.getByTestId('plain-debts').or(page.getByTestId('settled'))).toBeVisible();
        await screenshot(page, testInfo, lang, '5-debts-plain');
        for (let round = 0; round < 8; round++) {
          const pairs = page.getByTestId('plain-debts').getByTestId('transfer');
          if ((await pairs.count()) === 0) break;
          await pairs.first().getByTestId('payback').click();
          await pairs.first().getByTestId('payback-record').click();
          await expect(page).toHaveURL(/\/transactions$/);
          await page.goto(`/events/${event.id}/debts`);
          await page.locator('label').filter({ hasText: t.debts.plain }).click();
          await expect(page.getByTestId('plain-debts').or(page.getByTestId('settled'))).toBeVisible();
        }
        await expect(page.getByTestId('settled')).toBeVisible();
        const settled = await api<Event>(request, owner, `/event/${event.id}/`);
        expect(settled.contacts.map((c) => c.balance)).toEqual([0, 0, 0, 0]);
        expect((await api<PayoutResponse>(request, owner, `/event/${event.id}/payout/`)).transfers).toEqual([]);
        await expect(page.getByTestId('event-header').locator('[data-balance]')).toHaveAttribute('data-balance', 'neutral');
        await screenshot(page, testInfo, lang, '6-settled');
      });
    });
  });
}
