/**
 * Long names are read whole: a dialogue in the events list, the people of a settle-up card and
 * a row of People wrap instead of ending in '…' (at 390 px too), so two people are never told apart by a cut name.
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { Event } from '../common/contract/events';
import { addContacts, openAs, recordOperation, signUp, type E2EUser } from './support/api';

async function createEvent(request: APIRequestContext, owner: E2EUser, data: Record<string, unknown>): Promise<Event> {
  const res = await request.post('/app/api/v1/event/', { headers: { Authorization: `Bearer ${owner.token}` }, data });
  if (!res.ok()) throw new Error(`event answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as Event;
}

/** Nothing of the text is hidden: no horizontal or vertical clipping. */
async function expectWhole(locator: Locator) {
  const clipped = await locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(clipped, `${await locator.textContent()} is cut off`).toBe(false);
}

test('a long dialogue name and a long family line are shown whole', async ({ page, request }) => {
  const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
  const konstantin = await signUp(request, { firstName: 'Konstantin', lastName: 'Konstantinopolsky-Rimsky' });
  const boris = await signUp(request, { firstName: 'Bartholomew', lastName: 'Vasilievsky-Ostrovsky' });
  await addContacts(request, anna, [
    { name: 'Konstantin Konstantinopolsky-Rimsky', phone: konstantin.phone },
    { name: 'Bartholomew Vasilievsky-Ostrovsky', phone: boris.phone },
  ]);
  const dialogue = await createEvent(request, anna, { contacts: [konstantin.uid], quasi: true });
  const trip = await createEvent(request, anna, { event_name: 'Trip', contacts: [konstantin.uid, boris.uid], eventCurrency: 'RUB' });
  const res = await request.put(`/app/api/v1/event/${trip.id}/`, {
    headers: { Authorization: `Bearer ${anna.token}` },
    data: { data: { families: [[anna.uid], [konstantin.uid, boris.uid]] } },
  });
  expect(res.ok()).toBe(true);
  await recordOperation(request, anna, {
    event_id: trip.id,
    details: { kind: 'even_purchase', amount: 900 },
    participants: [{ uid: anna.uid }, { uid: konstantin.uid }, { uid: boris.uid }],
  });

  await openAs(page, anna, 'en', '/events');
  const name = page.getByTestId(`event-row-${dialogue.id}`).getByText('Konstantin Konstantinopolsky-Rimsky');
  await expect(name).toBeVisible();
  await expectWhole(name);

  await page.goto(`/events/${trip.id}/debts`);
  const card = page.getByTestId('transfer').first();
  await expect(card).toBeVisible();
  for (const line of await card.locator('[class*="familyLine"], [class*="personName"]').all()) await expectWhole(line);
  await expect(card).toContainText('Konstantin Konstantinopolsky-Rimsky, Bartholomew Vasilievsky-Ostrovsky');

  await page.goto('/people');
  const row = page.getByTestId(`person-row-${konstantin.uid}`).getByText('Konstantin Konstantinopolsky-Rimsky');
  await expect(row).toBeVisible();
  await expectWhole(row);
});
