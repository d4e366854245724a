/**
 * The API's reference page renders in the browser under the app's CSP: Swagger UI over the OpenAPI
 * document, every route of the contract listed, not one script or style refused, and no axe
 * finding of any impact, as on every other page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { screenshot } from './support/screens';

test('the API reference lists the routes and runs under the CSP', async ({ page }, testInfo) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/app/api/docs/');
  await expect(page.getByRole('heading', { name: /Dolya API/ })).toBeVisible();
  await expect(page.getByText('/app/api/v1/import/preview/', { exact: true })).toBeVisible();
  await expect(page.getByText('/app/api/v1/event/{id}/export/csv/', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'en', 'page');
  expect(refused).toEqual([]);
  // Our landmark and heading attributes are set as Swagger UI draws; wait for them.
  await expect(page.locator('.information-container[role="banner"]')).toHaveCount(1);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
});
