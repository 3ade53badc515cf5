import type { EventStore, EventToAppend } from '../../kernel/ports/event-store';

/**
 * Test-only crash points (FAULT_POINT): the process kills itself (SIGKILL, as `kill -9` or a power cut would) right
 * after the event store committed the append that ends a request's first half, so a test sees what a crash there
 * leaves and what the next start makes of it (tests/durability/interrupted-requests.test.ts). The use cases know
 * nothing of it: the event store is wrapped only when FAULT_POINT is set, and the point is armed only once the
 * server is ready (a demo seed on a fresh data directory writes the same events).
 */
export const FAULT_POINTS = {
  /** A sign-up's email claimed (its RUT just before), its account not yet registered. */
  'sign-up:claimed': (streamId: string, events: readonly EventToAppend[]) =>
    streamId.startsWith('emailclaim-') && events.some((e) => e.type === 'IdentityClaimed'),
  /** A sign-up's account registered, its first role not yet granted. */
  'sign-up:registered': (streamId: string, events: readonly EventToAppend[]) => streamId.startsWith('user-') && events.some((e) => e.type === 'UserRegistered'),
  /** A reservation's unit held (and the buyer's slot taken), its payment not yet opened. */
  'reservation:held': (streamId: string, events: readonly EventToAppend[]) =>
    streamId.startsWith('reservation-') && events.some((e) => e.type === 'ReservationUnitHeld'),
} as const;

export type FaultPointName = keyof typeof FAULT_POINTS;

export const FAULT_POINT_NAMES = Object.keys(FAULT_POINTS) as [FaultPointName, ...FaultPointName[]];

/** Its binding (only when FAULT_POINT is set): platform.ts arms it once the server is ready. */
export const FAULT_POINT = Symbol('FaultPoint');

export class FaultPoint {
  private armed = false;

  constructor(private readonly name: FaultPointName) {}

  /** The point, when FAULT_POINT names one; null (nothing wrapped, nothing to arm) otherwise. */
  static of(config: { faultPoint?: string }): FaultPoint | null {
    return config.faultPoint && config.faultPoint in FAULT_POINTS ? new FaultPoint(config.faultPoint as FaultPointName) : null;
  }

  arm(): void {
    this.armed = true;
  }

  /** The store, dying after the point's append once armed. */
  wrap(store: EventStore): EventStore {
    const reached = FAULT_POINTS[this.name];
    return {
      append: async (streamId, events, expected) => {
        const result = await store.append(streamId, events, expected);
        if (this.armed && reached(streamId, events)) process.kill(process.pid, 'SIGKILL');
        return result;
      },
      readStream: (streamId, options) => store.readStream(streamId, options),
      knownLastRevision: store.knownLastRevision?.bind(store),
      readAll: (options) => store.readAll(options),
      headPosition: () => store.headPosition(),
      subscribeToAll: (options) => store.subscribeToAll(options),
      close: () => store.close(),
    };
  }
}

/** The store as it is without a fault point. */
export const withFault = (fault: FaultPoint | null, store: EventStore): EventStore => (fault ? fault.wrap(store) : store);
