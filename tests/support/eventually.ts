/**
 * Polls `probe` until it returns a value that `done` accepts: how the distributed tests wait for
 * asynchronous consumers to catch up (a condition, never a blind sleep). Fails with the last value seen.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 45_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      if (done(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last value ${JSON.stringify(last)}` + (lastError ? `, last error ${String(lastError)}` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
