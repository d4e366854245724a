import fs from 'node:fs';
import { test, type Page } from '@playwright/test';
import { addContacts, openAs, recordOperation, signUp, type E2EUser } from '../support/api';

const OUT = '.tmp/screens/review';
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 }, small: { width: 320, height: 568 } } as const;

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: false });
}

test('every screen at both widths in both languages', async ({ browser, request }) => {
  fs.mkdirSync(OUT, { recursive: true });
  const anna = await signUp(request, { firstName: 'Anna', lastName: 'Petrova', currency: 'RUB', gender: 'F' });
  const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', currency: 'RUB', gender: 'M' });
  const book = await addContacts(request, anna, [
    { name: 'Boris', phone: boris.phone },
    { name: 'Vera', phone: '+79160000101' },
    { name: 'Gleb', phone: '+79160000102' },
  ]);
  const uids = book.filter((c) => !c.is_me).map((c) => c.uid);
  const auth = { Authorization: `Bearer ${anna.token}` };
  const created = await request.post('/app/api/v1/event/', { headers: auth, data: { event_name: 'Trip to Kazan', contacts: uids } });
  const event = (await created.json()) as { id: number };
  const everyone = [anna.uid, ...uids];
  await recordOperation(request, anna, {
    event_id: event.id,
    details: { kind: 'even_purchase', amount: 5000, description: 'Hotel' },
    participants: everyone.map((uid) => ({ uid })),
  });
  await recordOperation(request, anna, {
    event_id: event.id,
    details: { kind: 'even_purchase', amount: 120, currency: 'EUR', description: 'Museum tickets', payer: boris.uid },
    participants: everyone.map((uid) => ({ uid })),
  });
  await recordOperation(request, anna, {
    event_id: event.id,
    details: { kind: 'i_lent_them', amount: 700, description: 'Taxi' },
    participants: [{ uid: uids[2]! }],
  });
  await recordOperation(request, anna, { event_id: event.id, details: { kind: 'comment', text: 'Who books the train back?' }, participants: [] });

  for (const [widthName, viewport] of Object.entries(WIDTHS)) {
    for (const lang of ['en', 'ru'] as const) {
      const tag = `${widthName}-${lang}`;
      const anon = await browser.newPage({ viewport });
      await anon.addInitScript((l) => localStorage.setItem('locale', l), lang);
      await anon.goto('/signin');
      await shot(anon, `${tag}-01-signin`);
      await anon.goto('/signup');
      await shot(anon, `${tag}-02-signup`);
      await anon.goto('/restore_password');
      await shot(anon, `${tag}-03-restore`);
      await anon.close();

      const page = await browser.newPage({ viewport });
      await signedIn(page, anna, lang, event.id, boris.uid, tag);
      await page.close();
    }
  }
});

/** Opens something from the header: on a phone its items are in the side menu. */
async function fromHeader(page: Page, testId: string) {
  const menu = page.getByTestId('menu-button');
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId(testId).filter({ visible: true }).first().click();
}

async function signedIn(page: Page, user: E2EUser, lang: 'en' | 'ru', eventId: number, friend: number, tag: string) {
  await openAs(page, user, lang, '/events');
  await shot(page, `${tag}-10-events`);
  await page.goto(`/events/${eventId}/transactions`);
  await shot(page, `${tag}-11-transactions`);
  await page.getByTestId('add-operation').click();
  await shot(page, `${tag}-11b-operation-form`);
  await page.getByTestId('operation-form').locator('fieldset[data-scroll-row] label').nth(3).click();
  await page.getByTestId('operation-form').getByRole('textbox').first().fill('3,000');
  await shot(page, `${tag}-11c-operation-form-lent-thousands`);
  await page.keyboard.press('Escape');
  await page.goto(`/events/${eventId}/my-share`);
  await shot(page, `${tag}-12-my-share`);
  await page.goto(`/events/${eventId}/debts`);
  await shot(page, `${tag}-13-debts`);
  await page.getByTestId('payback').first().click();
  await shot(page, `${tag}-13b-payback-confirm`);
  await page.goto('/people');
  await shot(page, `${tag}-14-people`);
  await page.goto(`/people/${friend}`);
  await shot(page, `${tag}-14b-person`);
  await fromHeader(page, 'nav-contacts');
  await shot(page, `${tag}-14c-contacts`);
  await page.getByTestId('contact-book-add').click();
  await shot(page, `${tag}-14d-add-friend`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByTestId('profile-button').filter({ visible: true }).first().click();
  await shot(page, `${tag}-14e-settings`);
  await page.getByTestId('family-section').scrollIntoViewIfNeeded();
  await shot(page, `${tag}-14f-settings-family`);
  await page.keyboard.press('Escape');
  await page.goto('/events');
  await page.getByTestId('create-event').click();
  await shot(page, `${tag}-14g-create-event`);
  await page.keyboard.press('Escape');
  await page.goto('/faq');
  await shot(page, `${tag}-15-faq`);
  await page.goto('/nowhere');
  await shot(page, `${tag}-16-not-found`);
}
