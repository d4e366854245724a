import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
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

describe('a screen that has arrived', () => {
  it('is handed over at once by a later call, so then() calls back in the same turn', async () => {
    const load = vi.fn().mockResolvedValue('screen');
    const screen = patientImport(load);
    await screen();
    let seen: unknown = null;
    void screen().then((value) => (seen = value));
    expect(seen).toBe('screen');
    await expect(screen()).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders through React.lazy without its fallback ever showing', async () => {
    const Screen = () => <p>the screen</p>;
    const loader = patientImport(() => Promise.resolve({ default: Screen }));
    await loader();
    const LazyScreen = lazy(loader);
    const fallbackRendered = vi.fn();
    const Fallback = () => {
      fallbackRendered();
      return <p>Loading…</p>;
    };
    render(
      <Suspense fallback={<Fallback />}>
        <LazyScreen />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(fallbackRendered).not.toHaveBeenCalled();
  });

  it('still shows the fallback for a screen not yet here', async () => {
    const loader = patientImport(() => Promise.resolve({ default: () => <p>the screen</p> }));
    const LazyScreen = lazy(loader);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <LazyScreen />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('the screen')).toBeTruthy();
  });
});
