import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screens`: a walk through every screen at phone and desktop width in both languages,
 * saving screenshots to .tmp/screens/review/ for a person to look at. Not part of `npm test`.
 */
export default defineConfig({
  ...base,
  testDir: './e2e/review',
  testMatch: '**/*.review.ts',
  timeout: 180_000,
  projects: [{ name: 'review', use: { browserName: 'chromium' } }],
});
