import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TOUR_TARGETS } from '../src/features/tours/tour-definitions';

const LOG = path.resolve(process.env.E2E_LOG ?? '.tmp/e2e-server.log');
const PASSWORD = 'secret-42';

/** A phone nobody has used in this run: the per-phone code limit is 5 an hour. */
function freshPhone(): string {
  return `+7999${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

/** The log SMS provider writes `SMS to <phone>: Dolya code: 123456...` into the server log. */
async function codeFromLog(phone: string): Promise<string> {
  const pattern = new RegExp(`SMS to \\${phone}: \\D*(\\d{6})`, 'g');
  for (let i = 0; i < 50; i++) {
    const matches = [...fs.readFileSync(LOG, 'utf8').matchAll(pattern)];
    const last = matches.at(-1);
    if (last) return last[1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in ${LOG}`);
}

/** Signs a new user up through the API and completes the profile; returns the session token. */
async function signUp(request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  const code = await request.post('/app/api/v2/auth/code/?for=signup', { data: { phone } });
  expect(code.status(), await code.text()).toBe(200);
  const set = await request.post('/app/api/v2/auth/password/?for=signup', { data: { phone, code: await codeFromLog(phone), password: PASSWORD } });
  expect(set.status(), await set.text()).toBe(200);
  const login = await request.post('/app/api/v2/auth/login/', { data: { phone, password: PASSWORD, remember: true } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const profile = await request.put('/app/api/v2/user/me/', {
    headers: { authorization: `Bearer ${token}` },
    data: { full_name: 'Anna Petrova', gender: 'F', currency: 'RUB' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return token;
}

/** Opens the app signed in, with the cookie choice made and, optionally, some tours done. */
async function openSignedIn(page: Page, token: string, pathname: string, { toursDone }: { toursDone?: string[] } = {}) {
  await page.goto('/signin');
  await page.evaluate(
    ([t, done]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('cookie_consent', 'true');
      if (done) localStorage.setItem('tours_done', done);
      else localStorage.removeItem('tours_done');
    },
    [token, toursDone ? JSON.stringify(toursDone) : null] as const,
  );
  await page.goto(pathname);
  await expect(signedInHeader(page)).toBeVisible();
}

/** The signed-in header: the nav on a desktop, the menu button on a phone. */
function signedInHeader(page: Page) {
  return page.locator('header [data-tour="nav-events"]:visible, header [data-testid="menu-button"]:visible').first();
}

const tourStep = (page: Page) => page.getByTestId('tour-step');

test.describe('guided tours and the FAQ page', () => {
  // Tours are a desktop feature (at least 1025 px); each test sets the width it is about.
  test.skip(({ isMobile }) => isMobile, 'tours run on desktop widths only');
  test.use({ viewport: { width: 1280, height: 800 } });

  let token: string;
  test.beforeAll(async ({ request }) => {
    token = await signUp(request);
  });

  test('the main tour starts on /events at 1280 px and runs to its end', async ({ page }) => {
    await openSignedIn(page, token, '/events');
    await expect(tourStep(page)).toBeVisible();
    await expect(tourStep(page).getByRole('heading')).toHaveText('Events');

    // Every step whose element is on the page, in order; the events screen's own steps join when it has them.
    const expected: string[] = [];
    for (const target of TOUR_TARGETS.main) {
      if (await page.locator(`[data-tour="${target}"]`).first().isVisible()) expected.push(target);
    }
    expect(expected.slice(0, 4)).toEqual(['nav-events', 'nav-people', 'nav-rates', 'nav-faq']);

    const seen: string[] = [];
    for (let i = 0; i < TOUR_TARGETS.main.length; i++) {
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
    const note = page.getByTestId('tour-end-note');
    await expect(note).toContainText('You can take the tours again from the FAQ page.');
    await note.getByRole('button', { name: 'All clear' }).click();
    await expect(note).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tours_done') ?? '[]'))).toEqual(['main']);

    // Done means done: a reload does not bring it back.
    await page.reload();
    await expect(signedInHeader(page)).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(tourStep(page)).toHaveCount(0);
  });

  test('no tour starts at 800 px, and joyride is not even loaded', async ({ page }) => {
    const tourChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/TourRunner-[^/]+\.js$/.test(r.url())) tourChunks.push(r.url());
    });
    await page.setViewportSize({ width: 800, height: 800 });
    await openSignedIn(page, token, '/events');
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
    await openSignedIn(page, token, '/faq', { toursDone: ['main', 'createEvent', 'eventFamilies'] });
    await expect(page.getByRole('heading', { level: 1, name: 'Questions and answers' })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(tourStep(page)).toHaveCount(0);

    await page.getByText('Even purchase').click();
    await expect(page.getByText(/33\.34, 33\.33 and 33\.33/)).toBeVisible();

    await page.getByRole('button', { name: 'Restart the tours' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(tourStep(page).getByRole('heading')).toHaveText('Events');
    expect(await page.evaluate(() => localStorage.getItem('tours_done'))).toBeNull();
    await tourStep(page).getByRole('button', { name: 'Skip' }).click();
    await expect(tourStep(page)).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tours_done') ?? '[]'))).toEqual(['main']);
  });

  test('the header links to the FAQ page, in Russian too', async ({ page }) => {
    await openSignedIn(page, token, '/events', { toursDone: ['main'] });
    await page.locator('header').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.getByTestId('language-select').first().selectOption('ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Вопросы', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Пройти обучение заново' })).toBeVisible();
  });
});

test.describe('the installable app', () => {
  test('has a manifest with its icons, and opens its shell from the cache with no network', async ({ page, context, request }) => {
    const token = await signUp(request);
    await openSignedIn(page, token, '/events', { toursDone: ['main'] });

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(manifestHref!)).json()) as { start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ start_url: '/events', display: 'standalone' });
    for (const want of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
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
    // The shell came from the cache: the app runs and says the server cannot be reached.
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await context.setOffline(false);
  });
});
