/**
 * Editing an operation with its history, end to end on the real server, two people in two
 * browsers: Anna enters a dinner that she and Boris paid together, split by shares 2:2:1 with
 * Vera, and attaches a photo of the receipt; Boris opens it at its own address, sees the receipt
 * and changes the amount; Anna sees it unread and edited, reads the change in its history and
 * brings back the first version. In English and
 * Russian, at 1280 px ('desktop') and 390 px ('phone').
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { Event } from '../common/contract/events';
import type { Operation, OperationHistoryResponse } from '../common/contract/operations';
import enOps from '../src/locales/en/operations.json' with { type: 'json' };
import ruOps from '../src/locales/ru/operations.json' with { type: 'json' };
import { addContacts, getEvent, openAs, signUp, type E2EUser } from './support/api';
import { screenshot } from './support/screens';

const OPS = { en: enOps, ru: ruOps } as const;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

async function api<T>(request: APIRequestContext, user: E2EUser, path: string): Promise<T> {
  const res = await request.get(`/app/api/v1${path}`, { headers: { Authorization: `Bearer ${user.token}` } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Counts the taps (clicks) and typed fields a flow takes, for the closing note. */
class Taps {
  n = 0;
  async click(l: { click: () => Promise<void> }) {
    this.n++;
    await l.click();
  }
  async fill(l: { fill: (v: string) => Promise<void> }, value: string) {
    this.n++;
    await l.fill(value);
  }
}

for (const lang of ['en', 'ru'] as const) {
  test(`a dinner paid by two and split by shares is edited by the other and restored from its history (${lang})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const t = OPS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    const vera = await signUp(request, { firstName: 'Vera', lastName: 'Petrova', gender: 'F' });
    await addContacts(request, anna, [
      { name: 'Boris Ivanov', phone: boris.phone },
      { name: 'Vera Petrova', phone: vera.phone },
    ]);
    const created = await request.post('/app/api/v1/event/', {
      headers: { Authorization: `Bearer ${anna.token}` },
      data: { event_name: 'Dinner', contacts: [boris.uid, vera.uid], eventCurrency: 'RUB' },
    });
    const event = (await created.json()) as Event;

    // Anna enters it: 6,000, she paid 4,000 and Boris the rest, shares 2:2:1.
    await openAs(page, anna, lang, `/events/${event.id}/transactions`);
    const taps = new Taps();
    await taps.click(page.getByTestId('add-operation'));
    const form = page.getByTestId('operation-form');
    await taps.click(form.getByText(t.kinds.split_purchase, { exact: true }));
    await taps.fill(form.locator('input[name="amount"]'), '6000');
    await taps.fill(form.locator('input[name="description"]'), 'Dinner');
    await taps.click(form.getByTestId('several-payers'));
    const lines = form.getByTestId('payer-line');
    await expect(lines).toHaveCount(2);
    await taps.fill(lines.nth(0).locator('input'), '4000');
    await expect(form.getByTestId('payers-left')).toContainText(fill(t.form.lastPaysRest, { amount: '' }).trim());
    await taps.click(form.getByTestId('parts-modes').getByText(t.form.modes.shares, { exact: true }));
    const me = lang === 'ru' ? 'я' : 'me';
    await taps.fill(form.getByLabel(fill(t.form.sharesLabel, { name: me })), '2');
    await taps.fill(form.getByLabel(fill(t.form.sharesLabel, { name: 'Boris Ivanov' })), '2');
    // Vera's blank share counts as one.
    const parts = form.getByTestId('resulting-part');
    await expect(parts).toHaveText(['= 2 400,00 ₽', '= 2 400,00 ₽', '= 1 200,00 ₽']);
    await screenshot(page, testInfo, lang, '1-form');
    await taps.click(form.getByTestId('operation-save'));
    await expect(form).toBeHidden();
    testInfo.annotations.push({ type: 'taps', description: `two payers, shares 2:2:1: ${taps.n}` });

    const list = await api<{ objects: Operation[] }>(request, anna, `/operation/?event=${event.id}`);
    const dinner = list.objects[0]!;
    const by = Object.fromEntries(dinner.participants.map((p) => [p.uid, p]));
    expect(by[anna.uid]).toMatchObject({ paid: 4000, share: 2400 });
    expect(by[boris.uid]).toMatchObject({ paid: 2000, share: 2400 });
    expect(by[vera.uid]).toMatchObject({ paid: 0, share: 1200 });

    // Anna attaches a photo of the receipt from the operation's details.
    await page.locator(`article[data-op="${dinner.id}"]`).getByTestId('op-open').click();
    const annasDetails = page.getByTestId('operation-details');
    const photo = await sharp({ create: { width: 600, height: 1200, channels: 3, background: { r: 245, g: 245, b: 235 } } })
      .jpeg()
      .toBuffer();
    await annasDetails.getByTestId('receipt-input').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(annasDetails.getByTestId('receipts').locator('img')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(annasDetails).toBeHidden();
    await expect(page.locator(`article[data-op="${dinner.id}"]`)).toContainText(fill(t.feed.receipts_one, { count: 1 }));

    // Boris opens it by its address in his own browser, sees the receipt, and changes the amount.
    const borisContext = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      isMobile: testInfo.project.name === 'phone',
      hasTouch: testInfo.project.name === 'phone',
    });
    const borisPage = await borisContext.newPage();
    await openAs(borisPage, boris, lang, `/events/${event.id}/transactions/${dinner.id}`);
    const details = borisPage.getByTestId('operation-details');
    await expect(details.getByTestId('details-amount')).toHaveText('6 000,00 ₽');
    await expect(details.getByTestId('details-entries')).toContainText('2 400,00 ₽');
    const thumb = details.getByTestId('receipts').locator('img');
    await expect(thumb).toHaveCount(1);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const full = await details.getByTestId('receipts').locator('a').getAttribute('href');
    const opened = await request.get(full!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/webp');
    await details.getByTestId('operation-edit').click();
    const edit = borisPage.getByTestId('operation-form');
    await expect(edit.locator('input[name="amount"]')).toHaveValue(/^6\s?000$/);
    await edit.locator('input[name="amount"]').fill('6500');
    // Both payments were entered, so the form asks for them to match the new amount.
    await expect(edit.getByTestId('payers-left')).toContainText('500,00 ₽');
    await edit.getByTestId('payer-line').nth(1).locator('input').fill('2500');
    await expect(edit.getByTestId('payers-left')).toHaveText(t.form.payersComplete);
    await edit.getByTestId('operation-save').click();
    await expect(edit).toBeHidden();
    await expect(details.getByTestId('details-amount')).toHaveText('6 500,00 ₽');
    await screenshot(borisPage, testInfo, lang, '2-boris-details');
    await borisContext.close();

    // Anna sees it unread and edited; its history says what Boris changed; she brings back the first version.
    // Unread for her until she looks (the feed marks rows read as they are seen, so the server says it).
    expect((await api<Operation>(request, anna, `/operation/${dinner.id}/`)).seen).toBe(false);
    await page.reload();
    // A search that survives the reload: the address keeps it.
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('feed-filters').getByLabel(t.filters.text).fill('dinn');
    await expect(page).toHaveURL(/\?q=dinn$/);
    await expect(page.getByTestId('feed-count')).toHaveText(fill(t.filters.matches_one, { n: 1 }));
    await page.reload();
    await expect(page.getByTestId('feed-filters').getByLabel(t.filters.text)).toHaveValue('dinn');
    await screenshot(page, testInfo, lang, '3a-search');
    const row = page.locator(`article[data-op="${dinner.id}"]`);
    await expect(row).toContainText(t.feed.edited);
    await row.getByTestId('op-open').click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}/transactions/${dinner.id}\\?q=dinn$`));
    const mine = page.getByTestId('operation-details');
    const history = mine.getByTestId('history');
    await expect(history.locator('li[data-version="2"]')).toContainText('6 000,00 ₽ → 6 500,00 ₽');
    await expect(history.locator('li[data-version="2"]')).toContainText(lang === 'ru' ? 'Boris Ivanov изменил' : 'Boris Ivanov changed it');
    await screenshot(page, testInfo, lang, '3-anna-history');
    await mine.getByTestId('restore-version-1').click();
    await expect(mine.getByTestId('details-amount')).toHaveText('6 000,00 ₽');
    await expect(history.locator('li[data-version="3"]')).toContainText(fill(t.history.reverted_you, { version: 1 }));
    await screenshot(page, testInfo, lang, '4-restored');

    const h = await api<OperationHistoryResponse>(request, vera, `/operation/${dinner.id}/history/`);
    expect(h.versions.map((v) => v.action)).toEqual(['created', 'edited', 'reverted']);
    const after = await getEvent(request, vera, event.id);
    // Back to the first version: Vera owes her 1,200 share.
    expect(after.payout).toBe(-1200);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}/transactions\\?q=dinn$`));
  });
}
