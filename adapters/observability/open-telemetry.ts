import { context, propagation, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { RequestHandler } from 'express';
import type { EventStore } from '../../kernel/ports/event-store';
import { categoryOf } from '../kafka/event-messages';
import type { Tracing, TracingSettings } from './tracing';

/** Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (tracing.ts). */
export const openTelemetryTracing = (settings: TracingSettings & { readonly endpoint: string }): Tracing => {
  const url = settings.tracesEndpoint || `${settings.endpoint.replace(/\/$/, '')}/v1/traces`;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  // The context of a request follows its async work (AsyncLocalStorage); W3C traceparent comes in and goes on.
  provider.register();
  const tracer = provider.getTracer('vivienda-colaboradores');
  return {
    requests: requestSpans(tracer),
    eventStore: (store) => tracedEventStore(store, tracer),
    shutdown: () =>
      // A collector that does not answer costs the last spans, never the stop.
      provider.shutdown().catch(() => undefined),
  };
};

const ended = (span: Span, error?: unknown) => {
  if (error !== undefined) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
};

/** `fn` inside a span of its own, child of whatever span is current. */
const inSpan = async <T>(tracer: Tracer, name: string, attributes: Record<string, string | number>, fn: () => Promise<T>): Promise<T> =>
  tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      const result = await fn();
      ended(span);
      return result;
    } catch (error) {
      ended(span, error);
      throw error;
    }
  });

/**
 * A server span per request. Named by the route pattern (`GET /api/v1/projects/:id`), never the path itself: a
 * path can hold an id or a token, and a pattern keeps the names few.
 */
const requestSpans =
  (tracer: Tracer): RequestHandler =>
  (req, res, next) => {
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, parent);
    res.once('finish', () => {
      const route = req.route?.path === undefined ? undefined : `${req.baseUrl}${String(req.route.path)}`;
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };

/** Spans named by the operation, with the stream's category (never its id, which may be a person's pseudonym). */
const tracedEventStore = (store: EventStore, tracer: Tracer): EventStore => ({
  append: (streamId, events, expected) =>
    inSpan(tracer, 'eventstore.append', { 'eventstore.category': categoryOf(streamId), 'eventstore.events': events.length }, () =>
      store.append(streamId, events, expected),
    ),
  readStream: (streamId, options) =>
    inSpan(tracer, 'eventstore.readStream', { 'eventstore.category': categoryOf(streamId) }, () => store.readStream(streamId, options)),
  knownLastRevision: store.knownLastRevision?.bind(store),
  readAll: (options) =>
    inSpan(tracer, 'eventstore.readAll', { 'eventstore.from': options.fromPosition, 'eventstore.limit': options.limit }, () => store.readAll(options)),
  headPosition: () => store.headPosition(),
  subscribeToAll: (options) =>
    store.subscribeToAll({
      ...options,
      // Each delivery a trace of its own: what the projections and process managers did with these events.
      onEvents: (events) =>
        context.with(trace.deleteSpan(context.active()), () =>
          inSpan(
            tracer,
            'projections.deliver',
            { 'eventstore.events': events.length, 'eventstore.from': events[0]?.globalPosition ?? 0, 'eventstore.to': events.at(-1)?.globalPosition ?? 0 },
            () => options.onEvents(events),
          ),
        ),
    }),
  close: () => store.close(),
});
