import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TOUR_TARGETS } from '../src/features/tours/tour-definitions';
import { addContacts, openAs, signUp, uniquePhone, type E2EUser } from './support/api';

/**
 * Opens the app signed in with exactly these tours marked done (none: every tour still to see).
 * The flags are written before the first script runs, once per tab, so a reload keeps what the
 * app itself stored since.
 */
async function openSignedIn(page: Page, user: E2EUser, pathname: string, { toursDone = [] as string[] } = {}) {
  await page.addInitScript((done) => {
    if (sessionStorage.getItem('e2e-tours-init')) return;
    sessionStorage.setItem('e2e-tours-init', '1');
    if (done.length) localStorage.setItem('tours_done', JSON.stringify(done));
  }, toursDone);
  await openAs(page, user, 'en', pathname, { tours: true });
  await expect(signedInHeader(page)).toBeVisible();
}

/** The signed-in header: the nav on a desktop, the menu button on a phone. */
function signedInHeader(page: Page) {
  return page.locator('header [data-tour="nav-events"]:visible, header [data-testid="menu-button"]:visible').first();
}

/**
 * Walks a running tour with Next to its Finish over exactly the steps whose elements are on the
 * page, checking the buttons on the way; answers the step ids seen.
 */
async function runTourToFinish(page: Page, targets: readonly string[]): Promise<string[]> {
  const expected: string[] = [];
  for (const target of targets) {
    if (await page.locator(`[data-tour="${target}"]`).first().isVisible()) expected.push(target);
  }
  const seen: string[] = [];
  for (let i = 0; i < targets.length; i++) {
    const step = tourStep(page);
    await expect(step).toBeVisible();
    seen.push((await step.getAttribute('data-tour-step'))!);
    const isLast = seen.length === expected.length;
    await expect(step.getByRole('button', { name: isLast ? 'Finish' : 'Next' })).toBeVisible();
    await expect(step.getByRole('button', { name: 'Back' })).toHaveCount(seen.length === 1 ? 0 : 1);
    await expect(step.getByRole('button', { name: 'Skip' })).toHaveCount(isLast ? 0 : 1);
    if (isLast) {
      await step.getByRole('button', { name: 'Finish' }).click();
      break;
    }
    await step.getByRole('button', { name: 'Next' }).click();
    await expect(step).not.toHaveAttribute('data-tour-step', seen.at(-1)!);
  }
  expect(seen).toEqual(expected);
  await expect(tourStep(page)).toHaveCount(0);
  return seen;
}

const toursDone = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('tours_done') ?? '[]') as string[]);

/** An event owned by `owner` with three more people in it, two of them grouped with the owner's family. */
async function eventWithFamilies(request: APIRequestContext, owner: E2EUser): Promise<number> {
  const book = await addContacts(request, owner, [
    { name: 'Boris Ivanov', phone: uniquePhone() },
    { name: 'Vera Petrova', phone: uniquePhone() },
    { name: 'Gleb Orlov', phone: uniquePhone() },
  ]);
  const uid = (name: string) => book.find((c) => c.name === name)!.uid;
  const headers = { Authorization: `Bearer ${owner.token}` };
  const created = await request.post('/app/api/v1/event/', {
    headers,
    data: { event_name: 'Dacha', contacts: [uid('Boris Ivanov'), uid('Vera Petrova'), uid('Gleb Orlov')] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const grouped = await request.put(`/app/api/v1/event/${id}/`, {
    headers,
    data: {
      data: {
        families: [
          [owner.uid, uid('Boris Ivanov')],
          [uid('Vera Petrova'), uid('Gleb Orlov')],
        ],
      },
    },
  });
  expect(grouped.status(), await grouped.text()).toBe(200);
  return id;
}

const tourStep = (page: Page) => page.getByTestId('tour-step');

test.describe('guided tours and the FAQ page', () => {
  // Tours are a desktop feature (at least 1025 px); each test sets the width it is about.
  test.skip(({ isMobile }) => isMobile, 'tours run on desktop widths only');
  test.use({ viewport: { width: 1280, height: 800 } });

  let user: E2EUser;
  test.beforeAll(async ({ request }) => {
    user = await signUp(request, { firstName: 'Anna', lastName: 'Petrova', gender: 'F' });
  });

  test('the main tour starts on /events at 1280 px and runs to its end', async ({ page }) => {
    await openSignedIn(page, user, '/events');
    await expect(tourStep(page).getByRole('heading')).toHaveText('Events');

    // The events screen is a lazy route: wait for it, so that the steps the walk expects are the
    // ones the tour finds. Then every step shows, in order: the header's four, the screen's two.
    await expect(page.locator('[data-tour="events-list"]')).toBeVisible();
    const seen = await runTourToFinish(page, TOUR_TARGETS.main);
    expect(seen).toEqual(['nav-events', 'nav-people', 'nav-rates', 'nav-faq', 'events-list', 'events-create']);

    const note = page.getByTestId('tour-end-note');
    await expect(note).toContainText('You can take the tours again from the FAQ page.');
    await note.getByRole('button', { name: 'All clear' }).click();
    await expect(note).toHaveCount(0);
    expect(await toursDone(page)).toEqual(['main']);

    // Done means done: a reload does not bring it back.
    await page.reload();
    await expect(signedInHeader(page)).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(tourStep(page)).toHaveCount(0);
  });

  test('the create-event tour runs to its end when the form opens', async ({ page }) => {
    await openSignedIn(page, user, '/events', { toursDone: ['main'] });
    await page.locator('[data-tour="events-create"]').click();
    await expect(tourStep(page)).toHaveAttribute('data-tour-step', 'create-event-name');
    await runTourToFinish(page, TOUR_TARGETS.createEvent);
    expect(await toursDone(page)).toEqual(['main', 'createEvent']);
    // The form stays usable: the end note keeps off it (it covered Create before) until it closes.
    const create = page.locator('[data-tour="create-event-submit"]');
    await expect(create).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('tour-end-note')).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('tour-end-note').getByRole('button', { name: 'All clear' }).click();
    await expect(page.getByTestId('tour-end-note')).toHaveCount(0);
  });

  test('the event-families tour runs to its end on an event with families', async ({ page, request }) => {
    const owner = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const id = await eventWithFamilies(request, owner);
    await openSignedIn(page, owner, `/events/${id}/transactions`, { toursDone: ['main', 'createEvent'] });
    await expect(tourStep(page)).toHaveAttribute('data-tour-step', 'event-people');
    // The tour starts with the people panel; the tabs may render a moment later. Wait for every
    // target, so the steps the walk expects are the ones the tour will show (CI once counted four).
    for (const target of TOUR_TARGETS.eventFamilies) await expect(page.locator(`[data-tour="${target}"]`).first()).toBeVisible();
    const seen = await runTourToFinish(page, TOUR_TARGETS.eventFamilies);
    // The owner sees every step, the drag handle included.
    expect(seen).toEqual([...TOUR_TARGETS.eventFamilies]);
    expect(await toursDone(page)).toEqual(['main', 'createEvent', 'eventFamilies']);
  });

  test('no tour starts at 800 px, and joyride is not even loaded', async ({ page }) => {
    const tourChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/TourRunner-[^/]+\.js$/.test(r.url())) tourChunks.push(r.url());
    });
    await page.setViewportSize({ width: 800, height: 800 });
    await openSignedIn(page, user, '/events');
    await page.waitForTimeout(2000);
    await expect(tourStep(page)).toHaveCount(0);
    expect(tourChunks).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('tours_done'))).toBeNull();

    // The same page widened past the breakpoint gets its tour.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(tourStep(page)).toBeVisible();
    expect(tourChunks).toHaveLength(1);
  });

  test('the FAQ page restarts the tours: the flags are cleared and the main tour starts again', async ({ page }) => {
    await openSignedIn(page, user, '/faq', { toursDone: ['main', 'createEvent', 'eventFamilies'] });
    await expect(page.getByRole('heading', { level: 1, name: 'Questions and answers' })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(tourStep(page)).toHaveCount(0);

    await page.getByText('Even purchase').click();
    await expect(page.getByText(/33,34, 33,33 and 33,33/)).toBeVisible();

    await page.getByRole('button', { name: 'Restart the tours' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(tourStep(page).getByRole('heading')).toHaveText('Events');
    expect(await page.evaluate(() => localStorage.getItem('tours_done'))).toBeNull();
    await tourStep(page).getByRole('button', { name: 'Skip' }).click();
    await expect(tourStep(page)).toHaveCount(0);
    expect(await toursDone(page)).toEqual(['main']);
  });

  test('the header links to the FAQ page, in Russian too', async ({ page }) => {
    await openSignedIn(page, user, '/events', { toursDone: ['main'] });
    await page.locator('header').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.getByTestId('language-select').first().selectOption('ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Вопросы', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Пройти обучение заново' })).toBeVisible();
  });
});

test.describe('the installable app', () => {
  test('has a manifest with its icons, and opens its shell from the cache with no network or a slow one', async ({ page, context, request }, testInfo) => {
    // Nothing here depends on the width: it runs once, on the phone an app is installed on.
    test.skip(testInfo.project.name !== 'phone', 'the same at any width');
    const owner = await signUp(request, { firstName: 'Anna', lastName: 'Petrova' });
    await openSignedIn(page, owner, '/events', { toursDone: ['main'] });

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(manifestHref!)).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/events', display: 'standalone' });
    for (const want of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === want[0] && i.purpose === want[1]);
      expect(icon, want.join(' ')).toBeDefined();
      const png = await request.get(icon!.src);
      expect(png.headers()['content-type']).toBe('image/png');
    }

    // The production build registers the worker; once it controls the page, the shell is cached.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(await page.evaluate(() => caches.match('/index.html').then((r) => !!r))).toBe(true);

    await context.setOffline(true);
    await page.goto('/people');
    // The shell came from the cache: the app runs on what this device kept (the profile, read on
    // the events screen), says there is no connection, and that the people, never read here, could not be loaded.
    await expect(page.getByTestId('offline-banner')).toContainText('No connection.');
    await expect(page.getByText('The list of people could not be loaded.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await context.setOffline(false);

    // A slow network: the page itself takes 8 s to come, the data is quick. After 3 s the worker
    // answers with the cached shell and the app shows the screen with its data, long before 8 s.
    let delayed = 0;
    await context.route(/\/faq$/, async (route) => {
      delayed += 1;
      await new Promise((r) => setTimeout(r, 8000));
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.goto('/faq', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Questions and answers' })).toBeVisible({ timeout: 7000 });
    const shownAfter = Date.now() - started;
    expect(delayed, 'the slow answer went through the network').toBeGreaterThan(0);
    expect(shownAfter).toBeGreaterThanOrEqual(3000);
    expect(shownAfter).toBeLessThan(7000);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
