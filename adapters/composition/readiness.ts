import type { EventStore } from '../../application/ports/event-store';
import type { ReadSide } from '../../application/projections/read-side';

type Log = (message: string, error?: unknown) => void;

/** How often a start-up still catching up says where it is. */
const PROGRESS_EVERY_MS = 5_000;

/**
 * Ready = every read model has caught up with the event store as it was when the server started. Before
 * that a query would answer from half-built read models (the catalogue showing 5, then 16, then 28
 * projects), so the API is not served: embedded mode does not listen yet, distributed mode listens for
 * its health check (503 "starting") and answers every other request 503 until then.
 */
export class Readiness {
  private ready = false;

  get isReady(): boolean {
    return this.ready;
  }

  /** Resolves once every projection reached the head read now; never gives up (a stalled read side stays not ready). */
  async await(events: EventStore, readSide: ReadSide, log: Log): Promise<void> {
    const head = await events.headPosition();
    while (!(await readSide.waitFor(head, PROGRESS_EVERY_MS))) {
      log(`esperando a que las proyecciones se pongan al día: posición ${readSide.position()} de ${head}`);
    }
    this.ready = true;
  }
}
