/**
 * What an attack costs everyone else: an unrelated person's read, timed alone and then while the
 * attackers loop, each for the same time. The attacks that hold keep this read's p99 near its
 * baseline; one that stalls the server shows here in seconds.
 */
import type { AttackContext } from './scenario';

export interface ReadUnderAttack {
  baselineP50: number;
  baselineP99: number;
  p50: number;
  p99: number;
  reads: number;
  attacks: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeReads(ctx: AttackContext, token: string, path: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    await ctx.call(token, 'GET', path);
    times.push(performance.now() - started);
    // A person reads now and then, not in a tight loop: the attackers get the rest of the time.
    await new Promise((r) => setTimeout(r, 20));
  }
  return times.sort((a, b) => a - b);
}

/**
 * `reader` reads `path` for `seconds` alone, then as long again while `attackers` copies of
 * `attack` run in a loop; the attack is counted each time it returns.
 */
export async function readUnderAttack(
  ctx: AttackContext,
  reader: { token: string; path: string },
  attack: () => Promise<unknown>,
  options: { attackers: number; seconds: number },
): Promise<ReadUnderAttack> {
  const ms = options.seconds * 1000;
  const baselineEnd = Date.now() + ms;
  const baseline = await timeReads(ctx, reader.token, reader.path, () => Date.now() > baselineEnd);
  const end = Date.now() + ms;
  let attacks = 0;
  const loops = Array.from({ length: options.attackers }, async () => {
    while (Date.now() < end) {
      await attack();
      attacks += 1;
    }
  });
  const during = await timeReads(ctx, reader.token, reader.path, () => Date.now() > end);
  await Promise.all(loops);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    baselineP50: round(percentile(baseline, 50)),
    baselineP99: round(percentile(baseline, 99)),
    p50: round(percentile(during, 50)),
    p99: round(percentile(during, 99)),
    reads: during.length,
    attacks,
  };
}

/** Whether the read kept a p99 a person would not notice: within 250 ms, or 5× its baseline on a slow machine. */
export function readHeld(r: ReadUnderAttack): boolean {
  return r.p99 <= Math.max(250, 5 * r.baselineP99);
}
