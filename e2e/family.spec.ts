/**
 * Contacts and families end to end, on the real server: Anna adds Boris and Vera as contacts
 * through the add-friend modal (phone search) and invites them into a family in the settings.
 * Nothing changes until Boris accepts in his own browser; Vera declines in hers; Anna invites Vera
 * again and withdraws it, then deletes the family. In English and Russian, at 1280 px (project
 * 'desktop') and 390 px (project 'phone').
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { User } from '../common/contract/user';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enContacts from '../src/locales/en/contacts.json' with { type: 'json' };
import enProfile from '../src/locales/en/profile.json' with { type: 'json' };
import ruCommon from '../src/locales/ru/common.json' with { type: 'json' };
import ruContacts from '../src/locales/ru/contacts.json' with { type: 'json' };
import ruProfile from '../src/locales/ru/profile.json' with { type: 'json' };
import { openAs, signUp, type E2EUser } from './support/api';
import { isPhone, type Lang } from './support/events';
import { screenshot } from './support/screens';

const TEXT = {
  en: { common: enCommon, contacts: enContacts, profile: enProfile },
  ru: { common: ruCommon, contacts: ruContacts, profile: ruProfile },
} as const;

/** No axe finding of any impact in the modals this spec opens (once per project, in English). */
async function checkModals(page: Page, lang: Lang, what: string) {
  if (lang !== 'en') return;
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, what).toEqual([]);
}

async function me(page: Page, user: E2EUser): Promise<User> {
  const res = await page.request.get('/app/api/v1/user/me/', { headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as User;
}

/** The Contacts item: in the header on a desktop, in the side menu on a phone. */
async function openContacts(page: Page, testInfo: TestInfo, lang: Lang) {
  if (isPhone(testInfo)) await page.getByTestId('menu-button').click();
  await page.getByTestId('nav-contacts').filter({ visible: true }).first().click();
  const book = page.getByRole('dialog', { name: TEXT[lang].contacts.book.title });
  await expect(book).toBeVisible();
  return book;
}

async function openSettings(page: Page, lang: Lang) {
  await page.getByTestId('profile-button').click();
  const dialog = page.getByRole('dialog', { name: TEXT[lang].profile.settings.title });
  await expect(dialog).toBeVisible();
  return dialog.getByTestId('family-section');
}

/** Adds a person through the add-friend modal by the phone typed as given; their own name is offered. */
async function addFriend(page: Page, lang: Lang, typed: string, person: E2EUser) {
  const t = TEXT[lang].contacts.addFriend;
  await page.getByTestId('contact-book-add').click();
  const form = page.getByRole('dialog').and(page.getByTestId('add-friend'));
  await form.getByLabel(t.phone).fill(typed);
  await expect(form.getByTestId('add-friend-person')).toContainText(person.fullName);
  await expect(form.getByText(t.registered)).toBeVisible();
  const [first, ...rest] = person.fullName.split(' ');
  await expect(form.getByLabel(t.firstName)).toHaveValue(first!);
  await expect(form.getByLabel(t.lastName)).toHaveValue(rest.join(' '));
  await form.getByTestId('add-friend-submit').click();
  await expect(form).toBeHidden();
}

/** A second person's browser with the same screen size as this project's. */
async function secondBrowser(browser: Browser, testInfo: TestInfo) {
  const use = testInfo.project.use;
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
  });
}

for (const lang of ['en', 'ru'] as const) {
  test(`contacts by phone search, a family by invitation: accepted, declined, withdrawn, deleted by the head (${lang})`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const t = TEXT[lang].contacts;
    const [anna, boris, vera] = await Promise.all([
      signUp(request, { firstName: 'Anna', lastName: 'Smirnova' }),
      signUp(request, { firstName: 'Boris', lastName: 'Ivanov' }),
      signUp(request, { firstName: 'Vera', lastName: 'Orlova' }),
    ]);
    await openAs(page, anna, lang, '/faq');

    await test.step('Anna adds Boris and Vera through the add-friend modal', async () => {
      const book = await openContacts(page, testInfo, lang);
      await expect(book.getByTestId(`contact-${anna.uid}`)).toContainText(t.book.meBadge);
      // Typed as people type a Russian number, without the country code; and in full.
      await addFriend(page, lang, boris.phone.slice(2), boris);
      await addFriend(page, lang, vera.phone, vera);
      await expect(book.getByTestId(`contact-${boris.uid}`)).toContainText('Boris Ivanov');
      await expect(book.getByTestId(`contact-${vera.uid}`)).toContainText('Vera Orlova');

      // Boris again: already a contact, so Add is disabled.
      await book.getByTestId('contact-book-add').click();
      const form = page.getByRole('dialog').and(page.getByTestId('add-friend'));
      await form.getByLabel(t.addFriend.phone).fill(boris.phone);
      await expect(form.getByText(t.addFriend.alreadyAdded)).toBeVisible();
      await expect(form.getByTestId('add-friend-submit')).toBeDisabled();
      await screenshot(page, testInfo, lang, 'family-1-already-added');
      await checkModals(page, lang, 'contact book and add friend');
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(book).toBeHidden();
    });

    await test.step('Anna invites them into a family in the settings: nothing changes yet', async () => {
      const section = await openSettings(page, lang);
      await expect(section.getByText(t.family.none)).toBeVisible();
      await section.getByTestId('family-edit').click();
      const modal = page.getByTestId('family-participants');
      await expect(modal.getByTestId('family-save')).toBeDisabled();
      await modal.getByTestId('family-add').click();
      const add = page.getByTestId('family-add-modal');
      await add.getByRole('checkbox', { name: 'Boris Ivanov' }).check();
      await add.getByRole('checkbox', { name: 'Vera Orlova' }).check();
      await checkModals(page, lang, 'family participants and add family participants');
      await add.getByTestId('family-add-confirm').click();
      await expect(modal.getByTestId(`family-draft-${boris.uid}`)).toContainText(t.family.invitedBadge);
      await expect(modal.getByText(t.family.invitesNote)).toBeVisible();
      await screenshot(page, testInfo, lang, 'family-2-participants');
      await modal.getByTestId('family-save').click();
      await expect(modal).toBeHidden();
      const sent = section.getByTestId('family-sent');
      await expect(sent).toContainText(t.family.sentTitle);
      await expect(sent).toContainText('Boris Ivanov');
      await expect(sent).toContainText('Vera Orlova');
      await expect(section.getByTestId('family-list')).toHaveCount(0);
      expect((await me(page, anna)).family).toBeNull();
      expect((await me(page, boris)).family).toBeNull();
      expect((await me(page, vera)).family_invitations.received.map((i) => i.person.uid)).toEqual([anna.uid]);
      await screenshot(page, testInfo, lang, 'family-3-invited');
    });

    await test.step('Boris accepts in his browser: the family shows for both', async () => {
      const context = await secondBrowser(browser, testInfo);
      const borisPage = await context.newPage();
      await openAs(borisPage, boris, lang, '/faq');
      const section = await openSettings(borisPage, lang);
      const received = section.getByTestId('family-received');
      await expect(received).toContainText(t.family.invitedYou.replace('{{name}}', 'Anna Smirnova'));
      await expect(section.getByTestId('family-list')).toHaveCount(0);
      await screenshot(borisPage, testInfo, lang, 'family-4-invitation');
      await checkModals(borisPage, lang, 'settings with an invitation');
      await received.getByRole('button', { name: t.family.accept }).click();
      await expect(section.getByTestId(`family-person-${anna.uid}`)).toContainText(t.family.headBadge);
      await expect(section.getByTestId(`family-person-${boris.uid}`)).toContainText(t.book.meBadge);
      await expect(section.getByTestId('family-edit')).toHaveCount(0);
      await expect(received).toBeHidden();
      await screenshot(borisPage, testInfo, lang, 'family-5-accepted');
      await context.close();
      const family = (await me(page, anna)).family;
      expect(family?.head.uid).toBe(anna.uid);
      expect(family?.members.map((m) => m.uid)).toEqual([boris.uid]);
    });

    await test.step('Vera sees the invitation above her events, counted on the menu, and declines it there', async () => {
      const context = await secondBrowser(browser, testInfo);
      const veraPage = await context.newPage();
      await openAs(veraPage, vera, lang, '/events');
      const banner = veraPage.getByTestId('family-invitation-banner');
      await expect(banner).toContainText(t.family.invitedYou.replace('{{name}}', 'Anna Smirnova'));
      await expect(banner).toContainText(t.family.acceptExplained);
      await expect(veraPage.locator('[data-testid="invitations-badge"]:visible').first()).toBeVisible();
      await screenshot(veraPage, testInfo, lang, 'family-4b-banner');
      await banner.getByRole('button', { name: t.family.decline }).click();
      await expect(banner).toBeHidden();
      await expect(veraPage.getByTestId('invitations-badge')).toHaveCount(0);
      const section = await openSettings(veraPage, lang);
      await expect(section.getByTestId('family-received')).toHaveCount(0);
      await expect(section.getByText(t.family.none)).toBeVisible();
      await context.close();
      expect((await me(page, vera)).family).toBeNull();
    });

    await test.step('Anna sees Boris in the family, invites Vera again and withdraws it, then deletes the family', async () => {
      await page.reload();
      const section = await openSettings(page, lang);
      await expect(section.getByTestId(`family-person-${boris.uid}`)).toContainText('Boris Ivanov');
      await expect(section.getByTestId('family-sent')).toHaveCount(0);
      await section.getByTestId('family-edit').click();
      const modal = page.getByTestId('family-participants');
      await modal.getByTestId('family-add').click();
      const add = page.getByTestId('family-add-modal');
      await add.getByRole('checkbox', { name: 'Vera Orlova' }).check();
      await add.getByTestId('family-add-confirm').click();
      await modal.getByTestId('family-save').click();
      await expect(modal).toBeHidden();
      await section.getByRole('button', { name: t.family.withdrawLabel.replace('{{name}}', 'Vera Orlova') }).click();
      await expect(section.getByTestId('family-sent')).toHaveCount(0);
      expect((await me(page, vera)).family_invitations.received).toEqual([]);

      await section.getByTestId('family-leave').click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText(t.family.deleteConfirm);
      await confirm.getByRole('button', { name: t.family.delete }).click();
      await expect(confirm).toBeHidden();
      await expect(section.getByText(t.family.none)).toBeVisible();
      expect((await me(page, boris)).family).toBeNull();
    });
  });
}
