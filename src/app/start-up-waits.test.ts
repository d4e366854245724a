import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstUse, stylesLoaded } from './start-up-waits';

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

function stylesheet(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
  return link;
}

describe('stylesLoaded', () => {
  it('settles at once when no stylesheet is pending', async () => {
    await expect(stylesLoaded()).resolves.toBeUndefined();
  });

  it('waits until every pending stylesheet has loaded or failed', async () => {
    const form = stylesheet('/assets/Form.css');
    const auth = stylesheet('/assets/Auth.css');
    let settled = false;
    const waiting = stylesLoaded().then(() => (settled = true));
    form.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    auth.dispatchEvent(new Event('error'));
    await waiting;
    expect(settled).toBe(true);
  });

  it('gives up on a stylesheet that never says, so the screen is drawn all the same', async () => {
    vi.useFakeTimers();
    stylesheet('/assets/Form.css');
    let settled = false;
    void stylesLoaded().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});

describe('afterFirstUse', () => {
  it('runs the task once, after the first key and not before', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    afterFirstUse(task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '9' }));
    window.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
