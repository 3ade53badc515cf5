/**
 * Work done after the answer has been sent. Forgot-password and resend-verification answer every
 * address the same way at once and do the lookup, the token, the event and the mail here, so the time
 * to answer cannot tell an address with an account from one without (account enumeration).
 * In-process: a job still queued when the process dies is lost, and the person asks again; nothing is
 * half-written, because each job is one command followed by its mail.
 */
export class DeferredWork {
  private readonly running = new Set<Promise<void>>();
  private gate: Promise<void> | null = null;

  constructor(private readonly log: (message: string, error?: unknown) => void = () => undefined) {}

  /** Starts `job` after the current request's answer; failures are logged, never thrown at the caller. */
  run(label: string, job: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.gate)
      .then(job)
      .catch((error: unknown) => this.log(`deferred ${label} failed`, error))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Jobs queued or running. */
  get pending(): number {
    return this.running.size;
  }

  /**
   * Holds every job until the returned release is called (draining before a shutdown, and tests that
   * show a request did nothing but queue its work).
   */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }

  /** Resolves once nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
