/** Specification §8: a screen whose code does not arrive within 120 s is given up on. */
export const SCREEN_GIVE_UP_MS = 120_000;

/** Waits between tries of a failed download: a dropped connection on a train often comes back within seconds. */
export const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A screen's lazy import that tries again after a failed download and gives up after `giveUpMs`
 * in all, a hung download included; the router then shows the server-error page with its reload
 * button (router.tsx errorElement). Once the screen has arrived, a later call hands it over at
 * once (see `arrived`).
 */
export function patientImport<T>(load: () => Promise<T>, { giveUpMs = SCREEN_GIVE_UP_MS, retryDelaysMs = RETRY_DELAYS_MS } = {}): () => Promise<T> {
  let loaded: { module: T } | null = null;
  return () => {
    if (loaded) return arrived(loaded.module);
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
    return Promise.race([attempt(), deadline])
      .then((module) => {
        loaded = { module };
        return module;
      })
      .finally(() => clearTimeout(timer));
  };
}

/**
 * A promise of a module already here whose `then` calls back at once. React.lazy reads a module
 * handed over that way in the same render; from an ordinary promise it learns of it a task later
 * and shows its fallback ("Loading…") meanwhile, for one frame between the sign-in card index.html
 * paints and the same card drawn by the app.
 */
function arrived<T>(module: T): Promise<T> {
  const promise = Promise.resolve(module);
  const then = <A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> => {
    if (!onFulfilled) return Promise.resolve(module).then(onFulfilled, onRejected);
    try {
      return Promise.resolve(onFulfilled(module));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  };
  return Object.assign(promise, { then });
}
