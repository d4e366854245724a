/** Specification §8: a screen whose code does not arrive within 120 s is given up on. */
export const SCREEN_GIVE_UP_MS = 120_000;

/** Waits between tries of a failed download: a dropped connection on a train often comes back within seconds. */
export const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A screen's lazy import that tries again after a failed download and gives up after `giveUpMs`
 * in all, a hung download included; the router then shows the server-error page with its reload
 * button (router.tsx errorElement).
 */
export function patientImport<T>(load: () => Promise<T>, { giveUpMs = SCREEN_GIVE_UP_MS, retryDelaysMs = RETRY_DELAYS_MS } = {}): () => Promise<T> {
  return () => {
    let gaveUp = false;
    const attempt = async (): Promise<T> => {
      for (let i = 0; ; i++) {
        try {
          return await load();
        } catch (err) {
          if (gaveUp) throw err;
          // The last delay repeats until the deadline below ends it all.
          await sleep(retryDelaysMs[Math.min(i, retryDelaysMs.length - 1)] ?? 0);
          if (gaveUp) throw err;
        }
      }
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        reject(new Error(`the screen did not download within ${giveUpMs / 1000} s`));
      }, giveUpMs);
    });
    return Promise.race([attempt(), deadline]).finally(() => clearTimeout(timer));
  };
}
