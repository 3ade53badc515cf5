import type { RequestHandler } from 'express';
import type { EventStore } from '../../kernel/ports/event-store';

/**
 * Traces, when an operator asks for them (OTEL_EXPORTER_OTLP_ENDPOINT): a span per HTTP request, per event-store
 * append and read, and per delivery of events to the projections, sent over OTLP/HTTP. Off by default, and then
 * nothing of OpenTelemetry is loaded (open-telemetry.ts is imported only here, on demand).
 */
export interface Tracing {
  /** Express middleware, first in the chain: a server span per request, named by its method and route pattern. */
  readonly requests: RequestHandler;
  /** The event store with a span around each append and read, and around each delivery of its subscription. */
  eventStore(store: EventStore): EventStore;
  /** Sends the spans still buffered and stops. */
  shutdown(): Promise<void>;
}

/** Where spans go (the OTEL_* settings of adapters/config-schema.ts). */
export interface TracingSettings {
  readonly endpoint?: string;
  readonly tracesEndpoint?: string;
  readonly serviceName: string;
}

/** The store itself when traces are off. */
export const traced = (store: EventStore, tracing: Tracing | undefined): EventStore => (tracing ? tracing.eventStore(store) : store);

export const startTracing = async (settings: TracingSettings): Promise<Tracing | undefined> => {
  if (!settings.endpoint) return undefined;
  const { openTelemetryTracing } = await import('./open-telemetry');
  return openTelemetryTracing({ ...settings, endpoint: settings.endpoint });
};
