/**
 * Leaving an event someone else put me in, on the real server: Anna makes an event with Boris in
 * it; Boris opens it, leaves after the question, and it is gone from his list while Anna keeps it.
 * English at 1280 px and Russian at 390 px: the same screen, each width in one language.
 */
import { expect, test } from '@playwright/test';
import { addContacts, getEvent, listEvents, openAs, signUp } from './support/api';
import { screenshot } from './support/screens';

const WORDS = {
  en: { leave: 'Leave event', question: '“Pine Lake” will no longer be in your list' },
  ru: { leave: 'Выйти из события', question: '«Pine Lake» пропадёт из вашего списка' },
} as const;

for (const lang of ['en', 'ru'] as const) {
  test(`someone put in an event leaves it, and it leaves their list (${lang})`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== (lang === 'en' ? 'desktop' : 'phone'), 'one width per language');
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Lake' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Lake' });
    await addContacts(request, anna, [{ name: 'Boris Lake', phone: boris.phone }]);
    const made = await request.post('/app/api/v1/event/', {
      headers: { Authorization: `Bearer ${anna.token}` },
      data: { event_name: 'Pine Lake', contacts: [boris.uid] },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: number };

    await openAs(page, boris, lang, `/events/${id}`);
    await page.getByTestId('leave-event').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText(WORDS[lang].question);
    await screenshot(page, testInfo, lang, 'leave-question');
    await dialog.getByRole('button', { name: WORDS[lang].leave }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByTestId(`event-row-${id}`)).toHaveCount(0);
    expect((await listEvents(request, boris)).map((e) => e.id)).not.toContain(id);
    expect((await getEvent(request, anna, id)).contacts.map((c) => c.uid)).toEqual([anna.uid]);
  });
}
