/**
 * The events screen of the seeded event in Chromium at phone width, signed in as its owner: how
 * long after the data it waits for arrives its first rows are on screen. Timed inside the page, on
 * the page's own clock: the last API answer that finished before the first row appeared (resource
 * timing), and the first row (a mutation observer, then the next frame, when it can be painted).
 * The service worker is blocked so that every answer comes from the server.
 */
import { chromium, type Page } from '@playwright/test';
import e2eConfig from '../../playwright.config';
import { openAs } from '../../e2e/support/api';

/** One load of the screen: when its first rows were on screen, in ms. */
export interface ScreenLoad {
  /** After the last answer they waited for arrived. */
  afterData: number;
  /**
   * After the data had arrived and the events screen was in the page, whichever came later: the
   * time the screen took to draw rows it could draw. It differs from `afterData` only when the
   * data arrives before the screen is drawn (decision 0056).
   */
  afterScreen: number;
  /** After navigation: what the user waits in all. */
  fromNavigation: number;
}

/** The medians over the loads at one CPU speed, and each load for the spread. */
export interface ScreenFigure extends ScreenLoad {
  /** How many times slower the CPU was made (DevTools throttling); 1 is this machine. */
  cpuSlowdown: number;
  loads: ScreenLoad[];
}

/** The end-to-end tests' phone. */
function phone() {
  const use = e2eConfig.projects?.find((p) => p.name === 'phone')?.use ?? {};
  return { viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch, deviceScaleFactor: use.deviceScaleFactor };
}

declare global {
  interface Window {
    __firstRow?: number;
    __screen?: number;
  }
}

/** What the page logs when its first rows are on screen. */
const FIRST_ROW_SIGNAL = 'bench: first rows drawn';

/**
 * Runs in the page before its own scripts: notes when the events screen's frame is in the page,
 * and the frame after the first operation row appears. Text, not a function: tsx would name the
 * function's inner arrows through a helper the page lacks.
 */
const WATCH_FIRST_ROW = `
  const observer = new MutationObserver(() => {
    if (window.__screen === undefined && document.querySelector('[data-open]')) window.__screen = performance.now();
    if (window.__firstRow !== undefined || !document.querySelector('[data-op]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstRow = performance.now();
      console.debug('${FIRST_ROW_SIGNAL}');
    });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

async function load(page: Page, url: string): Promise<ScreenLoad> {
  // Told by a log line, not by waitForFunction: that puts Playwright's own script into the page
  // as it starts, which took the page's thread for 70 ms at 4x CPU in the middle of the app's start.
  const drawn = page.waitForEvent('console', { predicate: (message) => message.text() === FIRST_ROW_SIGNAL, timeout: 60_000 });
  await page.goto(url);
  await drawn;
  return page.evaluate(() => {
    const firstRow = window.__firstRow!;
    const answers = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/app/api/') && (e as PerformanceResourceTiming).responseEnd <= firstRow);
    if (!answers.some((e) => e.name.includes('/operation/?'))) throw new Error('the first rows appeared before the operations list arrived');
    const dataArrived = Math.max(...answers.map((e) => (e as PerformanceResourceTiming).responseEnd));
    return { afterData: firstRow - dataArrived, afterScreen: firstRow - Math.max(dataArrived, window.__screen ?? 0), fromNavigation: firstRow };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `rttMs` adds that much latency to every request, as a phone network does (DevTools network
 * emulation); 0 leaves this machine's own.
 */
export async function timeFirstRows(
  origin: string,
  eventId: number,
  token: string,
  { loads = 5, cpuSlowdowns = [1, 4], rttMs = 0 } = {},
): Promise<ScreenFigure[]> {
  const browser = await chromium.launch(e2eConfig.use?.launchOptions ?? {});
  try {
    const context = await browser.newContext({ ...phone(), serviceWorkers: 'block' });
    await context.addInitScript(WATCH_FIRST_ROW);
    const page = await context.newPage();
    // A returning owner: signed in, cookies accepted, tours seen.
    await openAs(page, { token }, 'en', `${origin}/events/${eventId}`);
    const cdp = await context.newCDPSession(page);
    if (rttMs > 0) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rttMs, downloadThroughput: -1, uploadThroughput: -1 });
    }
    const figures: ScreenFigure[] = [];
    for (const cpuSlowdown of cpuSlowdowns) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      // One load first, so that every measured one finds the app's files in the cache, as a returning phone does.
      await load(page, `${origin}/events/${eventId}`);
      const runs = [];
      for (let i = 0; i < loads; i++) runs.push(await load(page, `${origin}/events/${eventId}`));
      const each = runs.map((r) => ({
        afterData: Math.round(r.afterData),
        afterScreen: Math.round(r.afterScreen),
        fromNavigation: Math.round(r.fromNavigation),
      }));
      figures.push({
        cpuSlowdown,
        afterData: Math.round(median(runs.map((r) => r.afterData))),
        afterScreen: Math.round(median(runs.map((r) => r.afterScreen))),
        fromNavigation: Math.round(median(runs.map((r) => r.fromNavigation))),
        loads: each,
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
