import { describe, expect, it } from 'vitest';
import { sharedCheck } from './shared-check';

function counting(results: Array<boolean | Error>) {
  const calls: Array<(value: boolean | Error) => void> = [];
  const check = () =>
    new Promise<boolean>((resolve, reject) => {
      calls.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
    });
  const settleNext = () => calls.shift()!(results.shift()!);
  return { check, calls, settleNext };
}

describe('sharedCheck', () => {
  it('runs one check for everyone who asks while it runs', async () => {
    const c = counting([true]);
    const ask = sharedCheck(c.check, 1000, () => new Date(0));
    const answers = [ask(), ask(), ask()];
    expect(c.calls).toHaveLength(1);
    c.settleNext();
    expect(await Promise.all(answers)).toEqual([true, true, true]);
  });

  it('reuses an answer while it is fresh and checks again once it is not', async () => {
    let clock = 0;
    const c = counting([true, false]);
    const ask = sharedCheck(c.check, 1000, () => new Date(clock));
    const first = ask();
    c.settleNext();
    expect(await first).toBe(true);
    clock = 999;
    expect(await ask()).toBe(true);
    expect(c.calls).toHaveLength(0);
    clock = 1000;
    const second = ask();
    expect(c.calls).toHaveLength(1);
    c.settleNext();
    expect(await second).toBe(false);
  });

  it('answers false when the check throws, and does not keep that answer', async () => {
    const c = counting([new Error('gone'), true]);
    const ask = sharedCheck(c.check, 1000, () => new Date(0));
    const failed = ask();
    c.settleNext();
    expect(await failed).toBe(false);
    const next = ask();
    expect(c.calls).toHaveLength(1);
    c.settleNext();
    expect(await next).toBe(true);
  });
});
