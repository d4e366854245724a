/**
 * `npm run lighthouse`: Lighthouse's mobile profile (simulated slow 4G and a 4x slower CPU) on
 * the sign-in screen and on the events screen of a seeded account with history, served by the
 * real server from the built app (`npm run build` first). Prints performance, accessibility and
 * best-practices scores with LCP, writes them to bench/results/, and exits 1 when a page scores
 * under LIGHTHOUSE_MIN (default 90) in any of the three. Each page is audited LIGHTHOUSE_RUNS
 * times (3) and the median of each figure is printed, with the spread of performance and LCP.
 * LIGHTHOUSE_THROTTLING=devtools slows the network and CPU for real while the page loads, instead
 * of estimating the slow load from a fast one (the default, `simulate`): the estimate counts every
 * script that finished before the first paint as needed for it, which a page painted from its HTML
 * is not, and on loopback every script finishes before anything is painted.
 *
 * `npm run lighthouse -- <dir> <dir> …` audits several builds (`npx vite build --outDir <dir>`)
 * side by side: each is served by its own server on its own database seeded alike, and each round
 * audits every build in turn, so that builds are compared within one run, never across runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import e2eConfig from '../playwright.config';
import { ALL_TOURS_SEEN } from '../e2e/support/api';
import { seedWorld } from './stress/seed';
import { startServer } from './stress/server';
import { freshTarget } from './stress/target';

const MIN_SCORE = Number(process.env.LIGHTHOUSE_MIN ?? 90);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
/** The built apps to audit: the folders named on the command line, else WEB_DIST (./dist/web). */
const BUILDS = process.argv.length > 2 ? process.argv.slice(2) : [process.env.WEB_DIST ?? './dist/web'];

interface PageReport {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
  /** Every run's performance score and LCP, when there was more than one. */
  spread?: string;
}

/** One build of the web app, served by its own server on its own freshly seeded database. */
interface Served {
  build: string;
  url: string;
  /** The seeded person with the most events: the busiest events screen the seed has. */
  token: string;
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

async function serve(build: string, index: number): Promise<Served> {
  if (!fs.existsSync(path.join(build, 'index.html'))) throw new Error(`no ${build}/index.html: run npm run build first`);
  const target = await freshTarget(`lighthouse_${index}`);
  try {
    const seeding = await target.open();
    const world = await seedWorld(seeding, { users: 30, events: 8, eventSize: [3, 8], operationsPerEvent: 25, seed: 21 });
    await seeding.close();
    const user = [...world.users].sort((a, b) => (world.eventsOf.get(b.id)?.length ?? 0) - (world.eventsOf.get(a.id)?.length ?? 0))[0]!;
    const server = await startServer({ ...target.env, WEB_DIST: path.resolve(build) }, `lighthouse-${index}`);
    return { build, url: server.url, token: user.token, stop: () => server.stop(), dispose: () => target.dispose() };
  } catch (error) {
    await target.dispose();
    throw error;
  }
}

async function main(): Promise<void> {
  const served: Served[] = [];
  // The end-to-end tests' Chromium and flags, plus the port Lighthouse drives it through.
  const launch = e2eConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, args: [`--remote-debugging-port=${DEBUG_PORT}`, ...(launch.args ?? [])] });
  const reports: PageReport[] = [];
  try {
    for (const [index, build] of BUILDS.entries()) served.push(await serve(build, index));
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A returning visitor: cookies accepted, tours seen; the token makes the second visit signed in.
    for (const s of served) {
      await page.goto(`${s.url}/signin`);
      await page.evaluate((seen) => {
        localStorage.setItem('cookie_consent', 'true');
        localStorage.setItem('tours_done', seen);
      }, ALL_TOURS_SEEN);
    }
    // Round by round, every build in turn, so that a build is compared with another under the
    // same load of the machine.
    const signIn = await rounds(served, (s) => audit(`${s.url}/signin`, label('sign-in', s)));
    for (const s of served) {
      await page.goto(`${s.url}/signin`);
      await page.evaluate((token) => localStorage.setItem('token', token), s.token);
    }
    const events = await rounds(served, (s) => audit(`${s.url}/events`, label('events', s)));
    for (const s of served) reports.push(median(signIn.get(s)!, label('sign-in', s)), median(events.get(s)!, label('events', s)));
  } finally {
    await browser.close();
    // Every server stopped and every database dropped, whichever fails.
    await Promise.allSettled(
      served.map(async (s) => {
        try {
          await s.stop();
        } finally {
          await s.dispose();
        }
      }),
    );
  }

  const low: string[] = [];
  const width = Math.max(10, ...reports.map((r) => r.page.length));
  console.log(
    `# ${THROTTLING} throttling, median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page${BUILDS.length > 1 ? `, the builds alternating in each round` : ''}`,
  );
  console.log(
    `${'page'.padEnd(width)} ${CATEGORIES.map((c) => c.padStart(15)).join('')} ${'LCP ms'.padStart(8)} ${'FCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(6)}`,
  );
  for (const r of reports) {
    console.log(
      `${r.page.padEnd(width)} ${CATEGORIES.map((c) => String(r.scores[c]).padStart(15)).join('')} ${String(Math.round(r.lcpMs)).padStart(8)} ${String(Math.round(r.fcpMs)).padStart(8)} ${String(Math.round(r.tbtMs)).padStart(8)} ${r.cls.toFixed(3).padStart(6)}`,
    );
    if (r.spread) console.log(`  runs (performance / LCP ms / TBT ms): ${r.spread}`);
    if (r.failedAudits.length) console.log(`  below full marks: ${r.failedAudits.join(', ')}`);
    for (const c of CATEGORIES) if (r.scores[c] < MIN_SCORE) low.push(`${r.page} ${c} ${r.scores[c]}`);
  }
  const dir = path.resolve('bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), throttling: THROTTLING, runs: RUNS, builds: BUILDS, reports }, null, 2));
  console.log(`# written to ${path.relative(process.cwd(), file)}`);
  if (low.length) {
    console.error(`under ${MIN_SCORE}: ${low.join('; ')}`);
    process.exit(1);
  }
}

/** A page's name in the report, with its build's folder when several are compared. */
function label(page: string, s: Served): string {
  return BUILDS.length > 1 ? `${page} ${s.build}` : page;
}

/** RUNS audits of each build, the builds taking turns within each round. */
async function rounds(served: Served[], auditOf: (s: Served) => Promise<PageReport>): Promise<Map<Served, PageReport[]>> {
  const runs = new Map(served.map((s) => [s, [] as PageReport[]]));
  for (let round = 0; round < RUNS; round++) for (const s of served) runs.get(s)!.push(await auditOf(s));
  return runs;
}

/** Each figure the median of the runs; the failed audits are the median run's. */
function median(runs: PageReport[], name: string): PageReport {
  const middle = <T>(values: T[], by: (v: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  const byPerformance = middle(runs, (r) => r.scores.performance);
  return {
    page: name,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, middle(runs, (r) => r.scores[c]).scores[c]])) as PageReport['scores'],
    lcpMs: middle(runs, (r) => r.lcpMs).lcpMs,
    fcpMs: middle(runs, (r) => r.fcpMs).fcpMs,
    tbtMs: middle(runs, (r) => r.tbtMs).tbtMs,
    cls: middle(runs, (r) => r.cls).cls,
    failedAudits: byPerformance.failedAudits,
    spread: runs.length > 1 ? runs.map((r) => `${r.scores.performance} / ${Math.round(r.lcpMs)} / ${Math.round(r.tbtMs)}`).join(', ') : undefined,
  };
}

/** Lighthouse's own failures to record a load, which it asks to be run again for. */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED']);

async function audit(url: string, name: string, attempt = 1): Promise<PageReport> {
  const result = await lighthouse(
    url,
    { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true, throttlingMethod: THROTTLING },
    undefined,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 3 && RECORDING_FAILURES.has(lhr.runtimeError.code)) {
      console.log(`# ${url}: ${lhr.runtimeError.code}, audited again`);
      return audit(url, name, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  // The whole report, for reading what held a page back.
  fs.mkdirSync(path.resolve('.tmp'), { recursive: true });
  fs.writeFileSync(path.resolve('.tmp', `lighthouse-${name.replace(/[^\w-]+/g, '_')}.json`), JSON.stringify(lhr));
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failedAudits = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'),
    )
    .map((a) => a.id);
  return {
    page: name,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as PageReport['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failedAudits,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
