import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientImport, SCREEN_GIVE_UP_MS } from './patient-import';

describe('a screen download that fails (specification §8: give up after 120 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries again after a failed download and resolves when one arrives', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline')).mockResolvedValue('screen');
    const result = patientImport(load)();
    await vi.advanceTimersByTimeAsync(4_000);
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up after 120 s of failures, not before', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    let settled: unknown = 'pending';
    const result = patientImport(load)().then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    void result.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(SCREEN_GIVE_UP_MS - 1_000);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe('the screen did not download within 120 s');
    // It kept trying until then: 1, 3, 10 s, then every 30 s.
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(6);
  });

  it('gives up on a download that hangs, at 120 s', async () => {
    const load = vi.fn(() => new Promise<never>(() => undefined));
    let settled: unknown = 'pending';
    void patientImport(load)().catch((err: Error) => (settled = err.message));
    await vi.advanceTimersByTimeAsync(SCREEN_GIVE_UP_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('the screen did not download within 120 s');
  });
});
