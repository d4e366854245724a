/**
 * Driving the events screens in end-to-end tests: creating the four-person, two-family event
 * through the UI, the participants panel, moving people by keyboard, mouse and touch.
 */
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Event } from '../../common/contract/events';
import enEvents from '../../src/locales/en/events.json' with { type: 'json' };
import ruEvents from '../../src/locales/ru/events.json' with { type: 'json' };
import { addContacts, getEvent, openAs, signUp, uniquePhone, type E2EUser } from './api';
import { screenshot } from './screens';

export type Lang = 'en' | 'ru';
/** The events namespace, so tests use the very strings the screens show. */
export const EVENTS = { en: enEvents, ru: ruEvents } as const;

export interface FamilyEvent {
  owner: E2EUser;
  event: Event;
  /** uid by first name: Anna (the owner), Boris, Vera, Gleb. */
  uid: Record<'anna' | 'boris' | 'vera' | 'gleb', number>;
}

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** On a phone the participants panel starts folded under the event header. */
export async function openParticipants(page: Page, testInfo: TestInfo) {
  const panel = page.getByTestId('participants-panel');
  if (isPhone(testInfo) && (await panel.getByTestId('participants-toggle').getAttribute('aria-expanded')) === 'false') {
    await panel.getByTestId('participants-toggle').click();
  }
  return panel;
}

/** Picks a contact in the add-participants picker by what a person would type. */
export async function pick(page: Page, query: string, uid: number) {
  const picker = page.getByTestId('participant-picker');
  await picker.getByTestId('picker-search').fill(query);
  // The search runs 500 ms after the last keystroke; until then the others are still listed.
  await expect(picker.getByTestId('picker-results').getByRole('button')).toHaveCount(1);
  await picker.getByTestId(`pick-${uid}`).click();
  await picker.getByTestId('picker-search').fill('');
}

/** Moves a person onto the family above with the keyboard sensor: Space, ArrowUp, Space. */
export async function keyboardMoveUp(page: Page, uid: number) {
  const handle = page.getByTestId(`drag-${uid}`);
  await handle.focus();
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/event\/\d+\/$/.test(r.url()));
  await page.keyboard.press('Space');
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(100);
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
}

/** Drags a person's handle with the mouse onto the row of another person. */
export async function mouseMove(page: Page, uid: number, ontoUid: number) {
  const from = (await page.getByTestId(`drag-${uid}`).boundingBox())!;
  const to = (await page.getByTestId(`participant-${ontoUid}`).boundingBox())!;
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/event\/\d+\/$/.test(r.url()));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 4 px activation distance first, then over the target in steps, as a hand would.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
}

/**
 * Drags with a finger (real touch events through the DevTools protocol): press on the handle,
 * hold past the 180 ms the touch sensor waits (so a swipe still scrolls), move, lift.
 */
export async function touchMove(page: Page, uid: number, ontoUid: number) {
  await page.getByTestId(`participant-${ontoUid}`).scrollIntoViewIfNeeded();
  const from = (await page.getByTestId(`drag-${uid}`).boundingBox())!;
  const to = (await page.getByTestId(`participant-${ontoUid}`).boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/event\/\d+\/$/.test(r.url()));
  const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
  const [x1, y1] = [to.x + to.width / 2, to.y + to.height / 2];
  await touch('touchStart', x0, y0);
  await page.waitForTimeout(350);
  for (let i = 1; i <= 12; i++) await touch('touchMove', x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12);
  await touch('touchEnd', x1, y1);
  expect((await saved).status()).toBe(200);
  await cdp.detach();
}

export function familiesOf(event: Event): number[][] {
  return event.families.map((f) => [...f.members].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
}

/**
 * Signs Anna up, gives her three contacts and creates 'Dacha' through the UI with all of them;
 * then puts Boris into Anna's family (keyboard) and Gleb into Vera's (mouse on a desktop,
 * touch on a phone). Leaves the page on the event.
 */
export async function createFamilyEvent(page: Page, testInfo: TestInfo, lang: Lang, request: APIRequestContext): Promise<FamilyEvent> {
  const t = EVENTS[lang];
  const owner = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', currency: 'RUB', gender: 'F' });
  const book = await addContacts(request, owner, [
    { name: 'Boris Ivanov', phone: uniquePhone() },
    { name: 'Вера Петрова', phone: uniquePhone() },
    { name: 'Gleb Orlov', phone: uniquePhone() },
  ]);
  const uidOf = (name: string) => book.find((c) => c.name === name)!.uid;
  const uid = { anna: owner.uid, boris: uidOf('Boris Ivanov'), vera: uidOf('Вера Петрова'), gleb: uidOf('Gleb Orlov') };

  await openAs(page, owner, lang, '/events');
  await expect(page.getByText(t.list.empty)).toBeVisible();
  await screenshot(page, testInfo, lang, '1-empty');

  await page.getByTestId('create-event').click();
  const dialog = page.getByRole('dialog', { name: t.create.title });
  await expect(dialog).toBeVisible();
  // The name is required, and nothing is sent without it.
  await dialog.getByTestId('create-event-submit').click();
  await expect(dialog.getByText(t.create.nameRequired)).toBeVisible();

  await dialog.getByLabel(t.create.name).fill('Dacha');
  // Latin letters find the Cyrillic name; a name finds the others.
  await pick(page, 'Boris', uid.boris);
  await pick(page, 'vera', uid.vera);
  await pick(page, 'Orlov', uid.gleb);
  await expect(dialog.getByTestId('participant-picker').getByRole('listitem')).toHaveCount(3);
  await screenshot(page, testInfo, lang, '2-create');
  await dialog.getByTestId('create-event-submit').click();

  await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
  const id = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Dacha' })).toBeVisible();

  const panel = await openParticipants(page, testInfo);
  await expect(panel.getByTestId('family')).toHaveCount(4);
  // Me first, as 'me', with the owner badge; everyone settled up before any operation.
  const first = panel.locator('[data-testid^="participant-"]').first();
  await expect(first).toContainText(t.participants.me);
  await expect(first).toContainText(t.participants.owner);
  await expect(panel.getByText(t.balance.person.neutral)).toHaveCount(4);
  await expect(panel.getByTestId('whole-family')).toHaveCount(0);

  await keyboardMoveUp(page, uid.boris);
  await expect(panel.getByTestId('family')).toHaveCount(3);
  await expect(panel.getByTestId('whole-family')).toHaveCount(1);

  // The second move by hand: a finger on a phone, the mouse on a desktop.
  if (isPhone(testInfo)) await touchMove(page, uid.gleb, uid.vera);
  else await mouseMove(page, uid.gleb, uid.vera);
  await expect(panel.getByTestId('family')).toHaveCount(2);
  await expect(panel.getByTestId('whole-family')).toHaveCount(2);
  await expect(panel.getByTestId('whole-family').first()).toContainText(t.participants.wholeFamily);

  const event = await getEvent(request, owner, id);
  expect(familiesOf(event)).toEqual(
    familiesOf({
      ...event,
      families: [
        { id: 1, members: [uid.anna, uid.boris], balance: 0 },
        { id: 2, members: [uid.vera, uid.gleb], balance: 0 },
      ],
    }),
  );
  return { owner, event, uid };
}

/** The event header's currency selects (and the approximate mark beside them) fold behind one line on a phone. */
export async function openCurrencies(page: Page) {
  await page.getByTestId('event-header').waitFor();
  const toggle = page.getByTestId('currencies-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}
