import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadSide } from '../../kernel/projections/read-side';

type Log = (message: string, error?: unknown) => void;

/** How long one wait lasts (a stopped platform gives up within it) and how many waits between progress lines. */
const WAIT_MS = 1_000;
const PROGRESS_EVERY = 5;

/**
 * Ready = every read model has caught up with the event store as it was when the server started. Before
 * that a query would answer from half-built read models (the catalogue showing 5, then 16, then 28
 * projects), so the API is not served: the server listens (liveness answers), readiness says 503 "starting"
 * and every other API request is answered 503 until then.
 */
export class Readiness {
  private ready = false;
  private stopping = false;

  /** Caught up at start: the API serves from then on (a shutdown does not change it: what comes in meanwhile is served). */
  get isReady(): boolean {
    return this.ready;
  }

  /** A shutdown is under way: the readiness route says so, so load balancers stop sending (what is in flight finishes). */
  get isStopping(): boolean {
    return this.stopping;
  }

  /**
   * Resolves once every projection reached the head read now, and `then` (the read store's preload) is done; a
   * stalled read side stays not ready (and says so).
   */
  async await(events: EventStore, readSide: ReadSide, log: Log, then?: () => Promise<unknown>): Promise<void> {
    const head = await events.headPosition();
    for (let waits = 1; !(await readSide.waitFor(head, WAIT_MS)); waits++) {
      if (this.stopping) return;
      if (waits % PROGRESS_EVERY === 0) log(`esperando a que las proyecciones se pongan al día: posición ${readSide.position()} de ${head}`);
    }
    await then?.();
    this.ready = true;
  }

  /** The platform is stopping: readiness false, and no more waiting for the read side. */
  stop(): void {
    this.stopping = true;
  }
}
