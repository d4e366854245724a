import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * End-to-end tests drive Debian's Chromium against the built app on a real server with a
 * throwaway embedded database (e2e/serve.ts makes a fresh data directory per run).
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // A test written once per language, titled '… (en)' and '… (ru)', runs English at desktop width
  // and Russian at phone width: each language and each width is driven through every flow, without
  // the four-fold cross product (decision 0065). Tests about both languages at one width name
  // them otherwise and run as they are.
  projects: [
    { name: 'desktop', grepInvert: /\(ru\)/, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grepInvert: /\(en\)/,
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: `node --import tsx e2e/serve.ts`,
    url: `http://localhost:${PORT}/app/api/v1/health/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      RATES_REFRESH: 'off',
      CODE_REQUESTS_PER_ADDRESS: '100000',
      LOG_LEVEL: 'info',
      E2E_LOG: process.env.E2E_LOG ?? '.tmp/e2e-server.log',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
