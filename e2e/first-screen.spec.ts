/**
 * A returning user opening an event or a person: the screen's reads leave with the app's own first
 * reads, not after the screen has drawn, and the screen takes their answers instead of asking
 * again (decision 0056). On the real server, in English and Russian, at 1280 px and 390 px.
 */
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import type { Event } from '../common/contract/events';
import { addContacts, openAs, recordOperation, signUp } from './support/api';

/**
 * Loads `path` afresh and expects each of `reads` sent once (the screen took the answer of the
 * read begun for it) and before the profile's answer came back, which every screen waits for.
 */
async function readsLeaveWithTheApp(page: Page, path: string, reads: string[], drawn: () => Promise<void>) {
  const seen: string[] = [];
  const api = (url: string) => {
    const u = new URL(url);
    return u.pathname.startsWith('/app/api/') ? u.pathname + u.search : null;
  };
  const onRequest = (r: Request) => {
    const at = api(r.url());
    if (at && r.method() === 'GET') seen.push(`sent ${at}`);
  };
  const onResponse = (r: Response) => {
    const at = api(r.url());
    if (at) seen.push(`answered ${at}`);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await page.goto(path);
  await drawn();
  page.off('request', onRequest);
  page.off('response', onResponse);

  for (const read of reads)
    expect(
      seen.filter((s) => s === `sent /app/api/v1${read}`),
      read,
    ).toHaveLength(1);
  const profileAnswered = seen.indexOf('answered /app/api/v1/user/me/');
  expect(profileAnswered).toBeGreaterThan(0);
  for (const read of reads) expect(seen.indexOf(`sent /app/api/v1${read}`), read).toBeLessThan(profileAnswered);
}

for (const lang of ['en', 'ru'] as const) {
  test(`each screen opened afresh reads each of its answers once, alongside the profile (${lang})`, async ({ page, request }) => {
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
    const created = await request.post('/app/api/v1/event/', {
      headers: { Authorization: `Bearer ${anna.token}` },
      data: { event_name: 'Hike', contacts: [boris.uid], eventCurrency: 'RUB' },
    });
    const event = (await created.json()) as Event;
    await recordOperation(request, anna, {
      event_id: event.id,
      details: { kind: 'even_purchase', amount: 100, description: 'Bread' },
      participants: [{ uid: anna.uid }, { uid: boris.uid }],
    });

    // Counts the page's asks of the browser's Cookie Store, which answers asynchronously: a request
    // that waits on it leaves late (decision 0057).
    await page.addInitScript(() => {
      const w = window as unknown as { cookieStore?: { get: (...args: unknown[]) => Promise<unknown> }; cookieReads: number };
      w.cookieReads = 0;
      const store = w.cookieStore;
      if (!store) return;
      const get = store.get.bind(store);
      store.get = (...args) => {
        w.cookieReads += 1;
        return get(...args);
      };
    });
    await openAs(page, anna, lang, `/events/${event.id}`);
    await expect(page.locator('article[data-op]')).toHaveCount(1);
    const utcOffset = await page.evaluate(() => -new Date().getTimezoneOffset() || 0);
    const eventReads = ['/event/', `/event/${event.id}/`];

    await readsLeaveWithTheApp(page, `/events/${event.id}`, [...eventReads, `/operation/?event=${event.id}&page=1`], async () => {
      await expect(page.locator('article[data-op]').filter({ hasText: 'Bread' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Hike' })).toBeVisible();
    });
    // Chromium has the store, and none of the app's requests asked it for a cookie.
    expect(await page.evaluate(() => typeof (window as unknown as { cookieStore?: unknown }).cookieStore)).toBe('object');
    expect(await page.evaluate(() => (window as unknown as { cookieReads: number }).cookieReads)).toBe(0);
    await readsLeaveWithTheApp(
      page,
      `/events/${event.id}/my-share`,
      [...eventReads, `/operation/expenses/?event=${event.id}&utc_offset=${utcOffset}&summary=true`],
      async () => {
        await expect(page.getByTestId('share-total')).toContainText('100');
      },
    );
    await readsLeaveWithTheApp(page, `/events/${event.id}/debts`, [...eventReads, `/event/${event.id}/payout/`], async () => {
      await expect(page.getByTestId('settle-plan')).toBeVisible();
    });
    await readsLeaveWithTheApp(page, `/people/${boris.uid}`, ['/event/people/?page=1', `/event/people/${boris.uid}/`], async () => {
      await expect(page.getByTestId('person').getByRole('heading', { name: 'Boris Ivanov' })).toBeVisible();
    });
  });
}
