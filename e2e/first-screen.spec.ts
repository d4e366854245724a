/**
 * A returning user opening an event: the event screen's reads leave with the app's own first
 * reads, not after the screen has drawn, and the screen takes their answers instead of asking
 * again (decision 0056). On the real server, in English and Russian, at 1280 px and 390 px.
 */
import { expect, test } from '@playwright/test';
import type { Event } from '../common/contract/events';
import { addContacts, openAs, recordOperation, signUp } from './support/api';

for (const lang of ['en', 'ru'] as const) {
  test(`an event opened afresh reads each of its answers once, alongside the profile (${lang})`, async ({ page, request }) => {
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
    const created = await request.post('/app/api/v1/event/', { headers: { Authorization: `Bearer ${anna.token}` }, data: { event_name: 'Hike', contacts: [boris.uid], eventCurrency: 'RUB' } });
    const event = (await created.json()) as Event;
    await recordOperation(request, anna, { event_id: event.id, details: { kind: 'even_purchase', amount: 100, description: 'Bread' }, participants: [{ uid: anna.uid }, { uid: boris.uid }] });

    await openAs(page, anna, lang, `/events/${event.id}`);
    await expect(page.locator('article[data-op]')).toHaveCount(1);

    // What the browser sent and what came back, in order, on a load of the page afresh.
    const seen: string[] = [];
    const api = (url: string) => {
      const u = new URL(url);
      return u.pathname.startsWith('/app/api/') ? u.pathname + u.search : null;
    };
    page.on('request', (r) => {
      const path = api(r.url());
      if (path && r.method() === 'GET') seen.push(`sent ${path}`);
    });
    page.on('response', (r) => {
      const path = api(r.url());
      if (path) seen.push(`answered ${path}`);
    });
    await page.reload();
    await expect(page.locator('article[data-op]').filter({ hasText: 'Bread' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hike' })).toBeVisible();

    const screenReads = ['/app/api/v1/event/', `/app/api/v1/event/${event.id}/`, `/app/api/v1/operation/?event=${event.id}&page=1`];
    // Each once: the screen took the answers of the reads begun for it.
    for (const read of screenReads) expect(seen.filter((s) => s === `sent ${read}`), read).toHaveLength(1);
    // Sent before the profile's answer came back, which the screen must wait for before it draws.
    const profileAnswered = seen.indexOf('answered /app/api/v1/user/me/');
    expect(profileAnswered).toBeGreaterThan(0);
    for (const read of screenReads) expect(seen.indexOf(`sent ${read}`), read).toBeLessThan(profileAnswered);
  });
}
