/**
 * Entering expenses with no connection, end to end on the real server: a signed-in person opens an
 * event, the connection drops, three operations are entered and wait on the device (shown above
 * the feed with the balance they make, not yet confirmed), the page is reloaded with no
 * connection and still shows the event and the three, and when the connection returns each is
 * recorded exactly once with the balances right. In English and Russian, at 1280 px ('desktop')
 * and 390 px ('phone').
 */
import { expect, test } from '@playwright/test';
import type { Event } from '../common/contract/events';
import type { OperationListResponse } from '../common/contract/operations';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enOps from '../src/locales/en/operations.json' with { type: 'json' };
import ruCommon from '../src/locales/ru/common.json' with { type: 'json' };
import ruOps from '../src/locales/ru/operations.json' with { type: 'json' };
import { addContacts, openAs, signUp, type E2EUser } from './support/api';
import { screenshot } from './support/screens';

const OPS = { en: enOps, ru: ruOps } as const;
const COMMON = { en: enCommon, ru: ruCommon } as const;

const ENTRIES = [
  { description: 'Bread', amount: '100' },
  { description: 'Milk', amount: '200' },
  { description: 'Taxi', amount: '300' },
];

for (const lang of ['en', 'ru'] as const) {
  test(`three operations entered with no connection survive a reload and are recorded once when it returns (${lang})`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = OPS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
    const headers = (user: E2EUser) => ({ Authorization: `Bearer ${user.token}` });
    const created = await request.post('/app/api/v1/event/', {
      headers: headers(anna),
      data: { event_name: 'Hike', contacts: [boris.uid], eventCurrency: 'RUB' },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as Event;

    // Online first: the worker takes charge of the page, and the event is read once.
    await openAs(page, anna, lang, `/events/${event.id}/transactions`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(page.getByTestId('feed-empty')).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toHaveText(COMMON[lang].offline.none);
    for (const [i, entry] of ENTRIES.entries()) {
      await page.getByTestId('add-operation').click();
      const form = page.getByTestId('operation-form');
      await form.getByRole('textbox', { name: t.form.amount }).fill(entry.amount);
      await form.getByLabel(t.form.description).fill(entry.description);
      await form.getByTestId('operation-save').click();
      await expect(form).toHaveCount(0);
      await expect(page.getByTestId('pending-list').locator('article[data-pending]')).toHaveCount(i + 1);
    }
    const pending = page.getByTestId('pending-list');
    await expect(pending.getByTestId('pending-status')).toHaveText(Array(3).fill(t.pending.waiting));
    // Anna paid 600 for two: she is owed 300 once they are recorded.
    await expect(pending.getByTestId('pending-balance')).toContainText('300');
    await expect(page.getByTestId('header-pending')).toContainText('300');
    await screenshot(page, testInfo, lang, '1-waiting');

    // A reload with no connection: the shell from the worker, the event from what the device kept, the three still waiting.
    await page.reload();
    await expect(page.getByTestId('pending-list').locator('article[data-pending]')).toHaveCount(3);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hike' })).toBeVisible();
    await screenshot(page, testInfo, lang, '2-reloaded-offline');

    await context.setOffline(false);
    // Sent on the browser's 'online' event, or at the latest by the sender's next round.
    await expect(page.getByTestId('pending-list')).toHaveCount(0, { timeout: 30_000 });
    for (const entry of ENTRIES) await expect(page.locator('article[data-op]').filter({ hasText: entry.description })).toHaveCount(1);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await screenshot(page, testInfo, lang, '3-sent');

    const list = (await (await request.get(`/app/api/v1/operation/?event=${event.id}`, { headers: headers(anna) })).json()) as OperationListResponse;
    expect(list.objects.map((o) => o.details.description).sort()).toEqual(['Bread', 'Milk', 'Taxi']);
    const after = (await (await request.get(`/app/api/v1/event/${event.id}/`, { headers: headers(anna) })).json()) as Event;
    expect(after.contacts.find((c) => c.uid === boris.uid)?.balance).toBe(-300);
    expect(after.payout).toBe(300);
  });
}
