/** A store the readiness probe found silent. */
export type SilentStore = 'event-store' | 'read-store';

/** How long a store may take to answer the readiness probe before it counts as unreachable. */
const ANSWER_WITHIN_MS = 2_000;

/**
 * Whether the stores answer: embedded, the SQLite files (a query each); distributed, EventStoreDB (or the shared
 * SQLite file) and MongoDB over their connections. A store that throws or does not answer within ANSWER_WITHIN_MS
 * is unreachable, and readiness says so (503), so a load balancer sends its users to an instance that can serve
 * them. Probes that come while one is under way share it: a slow store is never asked twice at once.
 */
export class StoreProbe {
  private probing: Promise<SilentStore[]> | undefined;

  constructor(
    private readonly asks: Readonly<Record<SilentStore, () => Promise<unknown>>>,
    private readonly withinMs = ANSWER_WITHIN_MS,
  ) {}

  /** The stores that did not answer (none: every store answered). */
  silent(): Promise<SilentStore[]> {
    this.probing ??= this.probe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probe(): Promise<SilentStore[]> {
    const stores = Object.keys(this.asks) as SilentStore[];
    const answered = await Promise.all(stores.map((store) => this.answers(this.asks[store])));
    return stores.filter((_, i) => !answered[i]);
  }

  private answers(ask: () => Promise<unknown>): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), this.withinMs);
      timer.unref();
      Promise.resolve()
        .then(ask)
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    });
  }
}
