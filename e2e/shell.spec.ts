import { expect, test } from '@playwright/test';

test.describe('the app shell', () => {
  test('an anonymous visitor of / lands on /signin with the title of the route', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page).toHaveTitle('Dolya - Signin');
  });

  test('an unknown path shows the 404 page, in English and in Russian', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Unfortunately, there is no such page or it is under construction.')).toBeVisible();
    await page.getByTestId('language-select').selectOption('ru');
    await expect(page.getByText('К сожалению, такой страницы нет или она ещё в разработке.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('К сожалению, такой страницы нет или она ещё в разработке.')).toBeVisible();
  });

  test('the cookie banner offers Allow and Decline and remembers Allow', async ({ page }) => {
    await page.goto('/signin');
    // At the end of the page the banner leaves the footer (the support link) uncovered.
    const banner = page.getByRole('region', { name: /cookies/ });
    const support = page.locator('footer');
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [b, f] = [await banner.boundingBox(), await support.boundingBox()];
    expect(b && f && (f.y + f.height <= b.y || b.y + b.height <= f.y), `banner ${JSON.stringify(b)} over link ${JSON.stringify(f)}`).toBe(true);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  });

  test('the server answers health and unknown API paths as JSON', async ({ request }) => {
    const health = await request.get('/app/api/v1/health/');
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const missing = await request.get('/app/api/v1/does-not-exist/');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });
});
