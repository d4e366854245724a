export interface Periodic {
  start(): void;
  /** No further runs; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` at start and then every `intervalMs`, never on top of itself: a slow run (a long
 * downtime to catch up) is not started again while it lasts. The timer does not keep the process up.
 */
export function periodic(task: () => Promise<unknown>, intervalMs: number): Periodic {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = task().finally(() => {
      busy = false;
    });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
