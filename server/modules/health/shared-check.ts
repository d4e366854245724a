import type { Clock } from '../../lib/clock';

/**
 * The database check the health route answers from: one at a time, its result reused for
 * `freshForMs`. Monitors, load balancers and phones coming back online all ask; answering each
 * with its own statement made the check three quarters of the route's time, on the embedded
 * database a statement of wasm on the one thread that serves everyone. An answer is therefore at
 * most `freshForMs` older than the request, which no poller (every few seconds at the most) can tell.
 */
export function sharedCheck(check: () => Promise<boolean>, freshForMs: number, now: Clock): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  let last: { ok: boolean; at: number } | null = null;
  return () => {
    if (last && now().getTime() - last.at < freshForMs) return Promise.resolve(last.ok);
    running ??= check().then(
      (ok) => {
        last = { ok, at: now().getTime() };
        running = null;
        return ok;
      },
      () => {
        running = null;
        return false;
      },
    );
    return running;
  };
}
