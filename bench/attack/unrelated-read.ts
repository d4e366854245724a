/**
 * What an attack costs everyone else: an unrelated person's read, timed alone and then while the
 * attackers loop, each for the same time, from a process of its own (reader.mjs). The attacks that
 * hold keep this read's p99 near its baseline; one that stalls the server shows here in seconds.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/** The reader's timings, from its own process (reader.mjs), sorted. */
function timeReads(ctx: AttackContext, token: string, path: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./reader.mjs', import.meta.url)), ctx.url, token, path, String(seconds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve((JSON.parse(out) as number[]).sort((a, b) => a - b)) : reject(new Error(`reader exited ${code}`))));
  });
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
  const baseline = await timeReads(ctx, reader.token, reader.path, options.seconds);
  let reading = true;
  let attacks = 0;
  const loops = Array.from({ length: options.attackers }, async () => {
    while (reading) {
      await attack();
      attacks += 1;
    }
  });
  const during = await timeReads(ctx, reader.token, reader.path, options.seconds);
  reading = false;
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
