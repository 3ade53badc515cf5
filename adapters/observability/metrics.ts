import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ProjectionDashboard } from '../../application/projections/projection-status';
import { routeLabel } from '../http/request-log';

/** What the figures are read from at scrape time: nothing on the hot path but the request histogram. */
export interface MetricSources {
  readonly dashboard: ProjectionDashboard;
  readonly ready: () => boolean;
  /** The embedded event store's group commits so far (absent in distributed mode). */
  readonly commitStats?: () => { readonly commits: number; readonly appends: number };
}

/**
 * The platform's Prometheus figures (prom-client, GET /metrics): HTTP request durations by route pattern and
 * status, the event store's group commits and appends, each projection's lag in events and seconds, readiness,
 * and Node's process and GC figures. Counted where they already are (the store's commit counters, the
 * projections' checkpoints) and read when Prometheus asks, so a request pays one histogram observation.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    new Gauge({
      name: 'platform_ready',
      help: '1 once the read models caught up at start',
      registers,
      collect() {
        this.set(sources.ready() ? 1 : 0);
      },
    });
    if (sources.commitStats) {
      const stats = sources.commitStats;
      new Counter({
        name: 'eventstore_group_commits_total',
        help: 'Group commits of the embedded event store (one fsync each)',
        registers,
        collect() {
          this.reset();
          this.inc(stats().commits);
        },
      });
      new Counter({
        name: 'eventstore_appends_total',
        help: 'Appends committed by the embedded event store (appends / commits = the batch size)',
        registers,
        collect() {
          this.reset();
          this.inc(stats().appends);
        },
      });
    }
    // The three figures below come from one reading of the checkpoints per scrape: prom-client collects every metric
    // at once, and the first to ask starts the reading the other two wait for.
    let reading: ReturnType<ProjectionDashboard['status']> | undefined;
    const status = () => (reading ??= sources.dashboard.status().finally(() => (reading = undefined)));
    const lagOf = async (set: (projection: string, lag: number, updatedAt: string | null) => void) => {
      for (const item of (await status()).items) set(item.name, item.lag, item.updatedAt);
    };
    new Gauge({
      name: 'eventstore_head_position',
      help: "The event store's last global position",
      registers,
      async collect() {
        this.set((await status()).head);
      },
    });
    new Gauge({
      name: 'projection_lag_events',
      help: 'Events appended since the position the read model reached',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        await lagOf((projection, lag) => this.set({ projection }, lag));
      },
    });
    new Gauge({
      name: 'projection_lag_seconds',
      help: 'Seconds since a read model that is behind last moved (0 when caught up)',
      labelNames: ['projection'] as const,
      registers,
      async collect() {
        const now = Date.now();
        await lagOf((projection, lag, updatedAt) => this.set({ projection }, lag > 0 && updatedAt ? Math.max(0, (now - Date.parse(updatedAt)) / 1000) : 0));
      },
    });
  }

  /** Observes every answer's duration under its route pattern (request-log.ts's labels: never a raw path). */
  readonly requests: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      this.httpDuration.observe(
        { method: req.method, route: routeLabel(req, res), status: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * GET /metrics for Prometheus: answered to the addresses the operator allows (METRICS_ALLOW; loopback by default),
 * judged by the connection's own address (never X-Forwarded-For), or to a request bearing METRICS_TOKEN. Anyone
 * else gets a 404: the figures say how busy the platform is and which routes exist.
 */
export const metricsRoute =
  (metrics: PlatformMetrics, access: { readonly allow?: readonly string[]; readonly token?: string }): RequestHandler =>
  async (req, res) => {
    const allowed = [...LOOPBACK, ...(access.allow ?? [])];
    const address = req.socket.remoteAddress ?? '';
    const bearer = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const given = Buffer.from(bearer ?? '');
    const expected = Buffer.from(access.token ?? '');
    const tokenOk = expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
    if (!tokenOk && !allowed.includes(address)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
