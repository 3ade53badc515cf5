import type { Bind, Container, ResolutionContext } from 'inversify';
import type { AppConfig } from '../../application/config';
import type { EventHandler } from '../../kernel/projections/event-handler';

export type Log = (message: string, error?: unknown) => void;

/**
 * One application module's wiring (catalogue, financing, leads, alerts, quotes, reservations, personal
 * data): its use cases bound to its own tokens (`application/<module>/<module>.tokens.ts`), the process
 * managers the read side runs for it, what it seeds before the read side starts, the timers it starts (stopped in
 * the reverse order) and what it resumes once the platform is ready.
 */
export interface ModuleBindings {
  readonly name: string;
  bind(bind: Bind, config: AppConfig, log: Log): void;
  handlers?(ctx: ResolutionContext, log: Log): EventHandler[];
  seed?(container: Container, config: AppConfig, log: Log): Promise<void>;
  start?(container: Container, config: AppConfig, log: Log): { stop(): Promise<void> };
  /** Once the platform is ready (read models caught up): work that reads them, e.g. resuming imports cut short. */
  afterReady?(container: Container, config: AppConfig, log: Log): Promise<void>;
}
