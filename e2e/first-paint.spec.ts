import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/** Where the sign-in card's title and lead are drawn, and in what words. */
async function titleAndLead(page: Page) {
  const title = page.locator('h1:visible');
  const lead = page.locator('p:visible').first();
  await expect(title).toHaveCount(1);
  return { title: await title.textContent(), lead: await lead.textContent(), titleBox: await title.boundingBox(), leadBox: await lead.boundingBox() };
}

/** The page as index.html paints it, with none of the app's scripts arriving. */
async function withoutAppScripts(page: Page, path: string) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  const shown = await page.locator('.first-paint').isVisible();
  await page.unroute('**/assets/*.js');
  return shown;
}

async function returningVisitor(page: Page, locale: 'en' | 'ru', token?: string) {
  await page.goto('/signin');
  await page.evaluate(
    ([l, tok]) => {
      localStorage.setItem('cookie_consent', 'true');
      localStorage.setItem('locale', l!);
      if (tok) localStorage.setItem('token', tok);
      else localStorage.removeItem('token');
    },
    [locale, token],
  );
}

test.describe('the sign-in screen painted before the app starts', () => {
  // The app's service worker would hand the scripts over from its cache, past the blocked route.
  test.use({ serviceWorkers: 'block' });
  const cspViolations: string[] = [];
  test.beforeEach(({ page }) => {
    cspViolations.length = 0;
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
  });

  for (const [width, locale, words] of [
    [412, 'en', 'Sign in'],
    [1280, 'ru', 'Вход'],
    [412, 'ru', 'Вход'],
  ] as const) {
    test(`is the app's own card, in the same place, at ${width} px in ${locale}`, async ({ page }, testInfo) => {
      // It sets its own width, so it runs once, in the project made for that width.
      test.skip(testInfo.project.name !== (width === 1280 ? 'desktop' : 'phone'), 'measured in the project of its width');
      await page.setViewportSize({ width, height: 800 });
      await returningVisitor(page, locale);
      expect(await withoutAppScripts(page, '/signin')).toBe(true);
      const painted = await titleAndLead(page);
      expect(painted.title).toBe(words);
      await expect(page.getByRole('textbox')).toHaveCount(0);

      await page.goto('/signin');
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Sign in' : 'Войти' })).toBeVisible();
      await expect(page.locator('.first-paint')).toHaveCount(0);
      expect(await titleAndLead(page)).toEqual(painted);
      expect(cspViolations).toEqual([]);
    });
  }

  test('gives way to the whole screen with no "Loading…" between', async ({ page }) => {
    await returningVisitor(page, 'en');
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { mainTexts: string[] }).mainTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('main')?.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const texts = await page.evaluate(() => (window as unknown as { mainTexts: string[] }).mainTexts);
    expect(texts.filter((t) => t.includes('Loading'))).toEqual([]);
    expect(texts.filter((t) => t.startsWith('Sign in')).length).toBeGreaterThanOrEqual(2);
  });

  test('asks for the rest of the language once the visitor begins, not while the screen starts', async ({ page }) => {
    // The built file of one namespace that no signed-out screen uses.
    const manifest = JSON.parse(fs.readFileSync(path.join(process.env.WEB_DIST ?? 'dist/web', '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const eventsText = `/${manifest['src/locales/en/events.json']!.file}`;
    await returningVisitor(page, 'en');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/signin');
    const phone = page.getByRole('textbox').first();
    await expect(phone).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).not.toContain(eventsText);

    await phone.press('9');
    await expect.poll(() => asked).toContain(eventsText);
  });

  test('is not painted for a signed-in visitor, nor on other paths', async ({ page }) => {
    await returningVisitor(page, 'en', 'some-token');
    expect(await withoutAppScripts(page, '/signin')).toBe(false);
    await returningVisitor(page, 'en');
    expect(await withoutAppScripts(page, '/signup')).toBe(false);
    expect(await withoutAppScripts(page, '/')).toBe(true);
  });

  test('is not painted for a visitor who declined cookies', async ({ page }) => {
    await returningVisitor(page, 'en');
    await page.evaluate(() => localStorage.setItem('cookie_consent', 'false'));
    expect(await withoutAppScripts(page, '/signin')).toBe(false);
  });
});
