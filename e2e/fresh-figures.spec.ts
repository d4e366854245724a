/**
 * Figures follow the data under them without a reload: the Debts plan after a person is dragged
 * into a family, and the People list after a payback recorded from a person's pane. In English
 * and Russian, at 1280 px (project 'desktop') and 390 px (project 'phone').
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import enPeople from '../src/locales/en/people.json' with { type: 'json' };
import ruPeople from '../src/locales/ru/people.json' with { type: 'json' };
import { addContacts, openAs, recordOperation, signUp, uniquePhone, type E2EUser } from './support/api';
import { isPhone, keyboardMoveUp, openParticipants } from './support/events';
import { screenshot } from './support/screens';

const PEOPLE = { en: enPeople, ru: ruPeople } as const;

async function createEvent(request: APIRequestContext, owner: E2EUser, name: string, contacts: number[]): Promise<number> {
  const created = await request.post('/app/api/v1/event/', { headers: { Authorization: `Bearer ${owner.token}` }, data: { event_name: name, contacts } });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: number }).id;
}

for (const lang of ['en', 'ru'] as const) {
  test(`the Debts plan follows a person dragged into a family, without a reload (${lang})`, async ({ page, request }, testInfo) => {
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', currency: 'EUR', gender: 'F' });
    const book = await addContacts(request, anna, [
      { name: 'Boris Ivanov', phone: uniquePhone() },
      { name: 'Vera Orlova', phone: uniquePhone() },
    ]);
    const boris = book.find((c) => c.name === 'Boris Ivanov')!.uid;
    const vera = book.find((c) => c.name === 'Vera Orlova')!.uid;
    const id = await createEvent(request, anna, 'Dacha', [boris, vera]);
    // Anna pays 90 for the three of them: Boris and Vera owe her 30 each.
    await recordOperation(request, anna, {
      event_id: id,
      details: { kind: 'even_purchase', amount: 90, description: 'Firewood' },
      participants: [anna.uid, boris, vera].map((uid) => ({ uid })),
    });

    await openAs(page, anna, lang, `/events/${id}/debts`);
    const cards = page.getByTestId('settle-plan').getByTestId('transfer');
    await expect(cards).toHaveCount(2);
    await expect(cards.and(page.locator(`[data-from="${boris}"]`))).toHaveCount(1);

    const panel = await openParticipants(page, testInfo);
    await expect(panel.getByTestId(`participant-${boris}`)).toBeVisible();
    await keyboardMoveUp(page, boris);
    await expect(panel.getByTestId('whole-family')).toHaveCount(1);

    // Boris now settles inside Anna's family: only Vera pays, and no card offers Boris's old transfer.
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-from', String(vera));
    await expect(cards.first()).toHaveAttribute('data-to', String(anna.uid));
    await expect(cards.and(page.locator(`[data-from="${boris}"]`))).toHaveCount(0);
    await screenshot(page, testInfo, lang, 'fresh-1-debts-after-family');
  });

  test(`the People list follows a payback recorded from a person's pane, without a reload (${lang})`, async ({ page, request }, testInfo) => {
    const t = PEOPLE[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', currency: 'EUR', gender: 'F' });
    const [boris] = (await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: uniquePhone() }])).filter((c) => !c.is_me);
    const id = await createEvent(request, anna, 'Trip', [boris!.uid]);
    // Anna pays 120 for both: Boris owes her 60.
    await recordOperation(request, anna, {
      event_id: id,
      details: { kind: 'even_purchase', amount: 120, description: 'Hotel' },
      participants: [anna.uid, boris!.uid].map((uid) => ({ uid })),
    });

    await openAs(page, anna, lang, '/people');
    const row = page.getByTestId(`person-row-${boris!.uid}`);
    await expect(row.locator('[data-balance]')).toHaveAttribute('data-balance', 'accrual');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/people/${boris!.uid}$`));

    const pane = page.getByTestId('person');
    await pane.getByTestId('record-payback').click();
    const confirm = page.getByRole('dialog', { name: t.payback.recordTitle });
    await confirm.getByRole('button', { name: t.payback.record }).click();
    await expect(pane.getByTestId('person-message')).toHaveText(t.payback.recorded);
    await expect(pane.getByTestId('person-balance').locator('[data-balance]')).toHaveAttribute('data-balance', 'neutral');

    // On a desktop the list is beside the pane; on a phone it is one tap back, not reloaded.
    if (isPhone(testInfo)) await pane.getByTestId('people-back').click();
    await expect(row.locator('[data-balance]')).toHaveAttribute('data-balance', 'neutral');
    await screenshot(page, testInfo, lang, 'fresh-2-people-after-payback');
  });
}
