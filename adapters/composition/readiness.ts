import type { EventStore } from '../../application/ports/event-store';
import type { ReadSide } from '../../application/projections/read-side';

type Log = (message: string, error?: unknown) => void;

/** How long one wait lasts (a stopped platform gives up within it) and how many waits between progress lines. */
const WAIT_MS = 1_000;
const PROGRESS_EVERY = 5;

/**
 * Ready = every read model has caught up with the event store as it was when the server started. Before
 * that a query would answer from half-built read models (the catalogue showing 5, then 16, then 28
 * projects), so the API is not served: embedded mode does not listen yet, distributed mode listens for
 * its health check (503 "starting") and answers every other request 503 until then.
 */
export class Readiness {
  private ready = false;
  private abandoned = false;

  get isReady(): boolean {
    return this.ready;
  }

  /** Resolves once every projection reached the head read now; a stalled read side stays not ready (and says so). */
  async await(events: EventStore, readSide: ReadSide, log: Log): Promise<void> {
    const head = await events.headPosition();
    for (let waits = 1; !(await readSide.waitFor(head, WAIT_MS)); waits++) {
      if (this.abandoned) return;
      if (waits % PROGRESS_EVERY === 0) log(`esperando a que las proyecciones se pongan al día: posición ${readSide.position()} de ${head}`);
    }
    this.ready = true;
  }

  /** The platform is stopping: stop waiting. */
  abandon(): void {
    this.abandoned = true;
  }
}
