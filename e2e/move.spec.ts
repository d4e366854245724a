/**
 * Moving an operation to another event, end to end on the real server: the event one was in stays
 * open with the operation gone and its balances the server's again, the move dialog offers events
 * but not dialogues, and the operation is in the other event with its balances. In English and
 * Russian, at 1280 px ('desktop') and 390 px ('phone').
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Event } from '../common/contract/events';
import enOps from '../src/locales/en/operations.json' with { type: 'json' };
import ruOps from '../src/locales/ru/operations.json' with { type: 'json' };
import { addContacts, getEvent, openAs, recordOperation, signUp, type E2EUser } from './support/api';
import { screenshot } from './support/screens';

const OPS = { en: enOps, ru: ruOps } as const;

async function createEvent(request: APIRequestContext, owner: E2EUser, data: Record<string, unknown>): Promise<Event> {
  const res = await request.post('/app/api/v1/event/', { headers: { Authorization: `Bearer ${owner.token}` }, data });
  if (!res.ok()) throw new Error(`event answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as Event;
}

for (const lang of ['en', 'ru'] as const) {
  test(`an operation moves to another event while the event one was in stays open (${lang})`, async ({ page, request }, testInfo) => {
    const t = OPS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
    const dacha = await createEvent(request, anna, { event_name: 'Dacha', contacts: [boris.uid], eventCurrency: 'RUB' });
    const sea = await createEvent(request, anna, { event_name: 'Sea', contacts: [boris.uid], eventCurrency: 'RUB' });
    await createEvent(request, anna, { contacts: [boris.uid], quasi: true });
    const boat = await recordOperation(request, anna, {
      event_id: dacha.id,
      details: { kind: 'even_purchase', amount: 1200, description: 'Boat' },
      participants: [{ uid: anna.uid }, { uid: boris.uid }],
    });
    await recordOperation(request, anna, {
      event_id: dacha.id,
      details: { kind: 'even_purchase', amount: 300, description: 'Bread' },
      participants: [{ uid: anna.uid }, { uid: boris.uid }],
    });

    await openAs(page, anna, lang, `/events/${dacha.id}/transactions`);
    const row = page.locator(`article[data-op="${boat.id}"]`);
    await expect(row).toContainText('Boat');
    await row.getByRole('button', { name: t.feed.actions }).click();
    await page.getByRole('menuitem', { name: t.feed.move }).click();
    const dialog = page.getByRole('dialog', { name: t.move.title });
    const target = dialog.getByLabel(t.move.target);
    // Events only: a dialogue has room for nobody else, so every move there would be refused.
    await expect(target.locator('option')).toHaveText([t.move.choose, 'Sea']);
    await target.selectOption({ label: 'Sea' });
    await screenshot(page, testInfo, lang, '1-dialog');
    await dialog.getByRole('button', { name: t.move.submit }).click();
    await expect(dialog).toBeHidden();

    // Still in Dacha, not waiting for anything: the row is gone, the rest is there, the balance is the server's.
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('event-view')).toBeVisible();
    await expect(page.locator('article', { hasText: 'Bread' })).toBeVisible();
    await expect.poll(async () => (await getEvent(request, anna, dacha.id)).payout).toBe(150);
    await expect(page.getByTestId('event-header')).toContainText('150,00 ₽');
    await screenshot(page, testInfo, lang, '2-after');

    await page.goto(`/events/${sea.id}/transactions`);
    await expect(page.locator(`article[data-op="${boat.id}"]`)).toContainText('Boat');
    expect((await getEvent(request, anna, sea.id)).payout).toBe(600);
  });
}
