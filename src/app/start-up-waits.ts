/**
 * Moments the app's start waits for on the sign-in screen that index.html paints (decision 0058).
 */

/** Longest the first render waits for a stylesheet that may have failed before anyone listened. */
const STYLES_WAIT_MS = 3000;

/**
 * Settles once every stylesheet in the head has loaded or failed. The first-paint script puts the
 * sign-in screen's stylesheets into the head itself, so Vite's preload helper, finding them there,
 * no longer holds the screen's code back until they are in; the first render waits here instead,
 * so the form is never drawn without its styles. A sheet whose fetch already ended without a sheet
 * failed and sends no further event; one that failed some other way is waited for at most
 * STYLES_WAIT_MS, and the form then shows unstyled rather than never.
 */
export function stylesLoaded(): Promise<void> {
  const pending = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet && performance.getEntriesByName(link.href, 'resource').length === 0,
  );
  if (pending.length === 0) return Promise.resolve();
  const settled = pending.map(
    (link) =>
      new Promise<void>((done) => {
        link.addEventListener('load', () => done(), { once: true });
        link.addEventListener('error', () => done(), { once: true });
      }),
  );
  return Promise.race([Promise.all(settled).then(() => undefined), new Promise<void>((done) => setTimeout(done, STYLES_WAIT_MS))]);
}

const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Runs `task` once, when the page is next idle after the visitor first presses, types or taps;
 * not while the page starts. The rest of the language is for the screens after sign-in, and
 * evaluating its files while the sign-in screen started made long tasks on a phone; waiting for
 * an idle moment keeps them off the keystroke itself. Typing a phone number and a password leaves
 * the files time to arrive, and a signed-in screen loads whatever is still missing itself
 * (useLanguageReady).
 */
export function afterFirstUse(task: () => void): void {
  const run = () => {
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, run, true);
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: 2000 });
    else setTimeout(task, 200);
  };
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, run, { capture: true, passive: true });
}
