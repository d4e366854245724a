import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/**
 * Kept only when E2E_SCREENS=1: no test reads them, and writing some 180 of them added about 25 s
 * to every run. `npm run screens` is the walk made for looking at every screen.
 */
const KEEP = process.env.E2E_SCREENS === '1';
const SCREENS = '.tmp/screens';

/**
 * Keeps what the page shows as .tmp/screens/<spec>-<project>-<lang>-<name>.png for a person to look
 * at: the whole page, or the window while a dialog is open over it.
 */
export async function screenshot(page: Page, testInfo: TestInfo, lang: string, name: string): Promise<void> {
  if (!KEEP) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  const spec = path.basename(testInfo.file).replace(/\.spec\.ts$/, '');
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path: `${SCREENS}/${spec}-${testInfo.project.name}-${lang}-${name}.png`, fullPage: !dialogOpen });
}
