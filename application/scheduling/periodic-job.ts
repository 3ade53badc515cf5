/**
 * Runs a job every `intervalMs`, never two runs at once (a slow run makes the next tick skip), without
 * keeping the process alive; `stop` waits for the run in progress. Sweeps (expired holds, retention,
 * unreferenced files) share it.
 */
export interface PeriodicJob {
  stop(): Promise<void>;
}

export const every = (intervalMs: number, job: () => Promise<unknown>, onError: (error: unknown) => void): PeriodicJob => {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .catch(onError)
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
