/**
 * `npm run bench:screen -- <built app> <built app> …`: the events screen's first rows after the data
 * arrives (screen.ts) for two or more builds of the web app, side by side in one run. The event of
 * 50 people and 10,000 operations is seeded once into a fresh database; each round serves every
 * build in turn from the real server and loads the screen 5 times at phone width with the CPU 4×
 * slower, and with `BENCH_SCREEN_RTT` ms added to each request when set (a phone network). Loads
 * vary with the order in which the screen's answers arrive, so a change is judged by the medians
 * over many rounds of one run (`BENCH_SCREEN_ROUNDS`, default 6), never across runs. It prints the
 * first rows' time after the data, after navigation (what the user waits in all), and after the
 * data and the screen's frame were both in the page (screen.ts).
 * Build a version with `npx vite build --outDir <dir>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rng } from '../rng';
import { seedBenchEvent } from '../seed-event';
import { quantile } from '../stats';
import { startServer } from '../stress/server';
import { freshTarget } from '../stress/target';
import { timeFirstRows, type ScreenLoad } from './screen';

const builds = process.argv.slice(2);
const ROUNDS = Number(process.env.BENCH_SCREEN_ROUNDS ?? 6);
/** Latency added to every request, in ms (a phone network is 100 to 300); none by default. */
const RTT_MS = Number(process.env.BENCH_SCREEN_RTT ?? 0);

async function main(): Promise<void> {
  if (builds.length < 2) throw new Error('name two or more built apps: npm run bench:screen -- <dir> <dir>');
  for (const dir of builds) if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`no ${dir}/index.html`);
  const target = await freshTarget('screen');
  try {
    const seeding = await target.open();
    const seeded = await seedBenchEvent(seeding.db, { operations: 10_000, random: rng(20261124) });
    await seeding.close();
    const loads = new Map<string, ScreenLoad[]>(builds.map((b) => [b, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const build of builds) {
        const server = await startServer({ ...target.env, WEB_DIST: path.resolve(build) }, `bench-screen-${process.pid}`);
        try {
          const [figure] = await timeFirstRows(server.url, seeded.eventId, seeded.ownerToken, { cpuSlowdowns: [4], rttMs: RTT_MS });
          loads.get(build)!.push(...figure!.loads);
        } finally {
          await server.stop();
        }
      }
      console.log(`round ${round + 1} of ${ROUNDS} done`);
    }
    for (const [build, all] of loads) {
      const afterData = all.map((l) => l.afterData);
      const over = afterData.filter((ms) => ms >= 300).length;
      const median = (figure: keyof ScreenLoad) =>
        quantile(
          all.map((l) => l[figure]),
          0.5,
        );
      console.log(
        `${build}: first rows ${median('afterData')} ms after the data (median of ${all.length} loads, CPU 4x slower${RTT_MS ? `, ${RTT_MS} ms added to each request` : ''}), ${over} at 300 ms or more; loads ${afterData.join(', ')}`,
      );
      console.log(
        `${build}: first rows ${median('fromNavigation')} ms after navigation, ${median('afterScreen')} ms after the data and the screen's frame were both in (medians)`,
      );
    }
  } finally {
    await target.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
