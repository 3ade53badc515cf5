import { Container } from 'inversify';
import type { AppConfig } from '../../application/config';
import type { Clock } from '../../kernel/ports/clock';
import { applicationModule } from './application.module';
import { distributedModule } from './distributed.module';
import { embeddedModule } from './embedded.module';
import { systemResolve, type Resolve } from '../net/outbound-address';
import type { DefaultRelay } from './mail-delivery';
import { PLATFORM } from './platform.tokens';
import { traced, type Tracing } from '../observability/tracing';
import { metered, type EventStoreMetrics, type Instrument } from '../observability/metered-event-store';

type Log = (message: string, error?: unknown) => void;

export interface ContainerOptions {
  /** Time for every use case, timer and session (default: the system clock); tests pass one they can move. */
  readonly clock?: Clock;
  /** Name resolution for the connections the server opens on someone's say-so (push endpoints); tests pass their own. */
  readonly resolve?: Resolve;
  /** Spans around the event store's work, when traces are on (adapters/observability/tracing.ts). */
  readonly tracing?: Tracing;
  /** The event store's figures for GET /metrics, counted at the port (adapters/observability/metered-event-store.ts). */
  readonly eventStoreMetrics?: EventStoreMetrics;
  /** Where mail goes until the back office changes it (the API process's; the relay and projector send none). */
  readonly relay?: DefaultRelay;
}

/** The container of one process: the mode's adapters (config.mode) under the mode-independent use cases. */
export const createContainer = (config: AppConfig, log: Log, options: ContainerOptions = {}): Container => {
  const container = new Container();
  const instrument: Instrument = (store) => metered(traced(store, options.tracing), options.eventStoreMetrics);
  const adapters = config.mode === 'distributed' ? distributedModule(config, log, instrument) : embeddedModule(config, log, instrument);
  container.loadSync(adapters, applicationModule(config, log, options.clock));
  container.bind(PLATFORM.Resolve).toConstantValue(options.resolve ?? systemResolve);
  if (options.relay) container.bind(PLATFORM.Relay).toConstantValue(options.relay);
  return container;
};
