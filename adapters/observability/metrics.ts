import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ProjectionDashboard } from '../../kernel/projections/projection-status';
import { routeLabel } from '../http/request-log';
import type { LoginObserver } from '../http/security/login-rate-limit';
import { EventStoreMetrics } from './metered-event-store';

/** What the figures are read from at scrape time: nothing on the hot path but the request histogram. */
export interface MetricSources {
  readonly dashboard: ProjectionDashboard;
  readonly ready: () => boolean;
  /** The embedded event store's group commits so far (absent in distributed mode). */
  readonly commitStats?: () => { readonly commits: number; readonly appends: number };
  /** The mail outbox: mails per status, and when the longest-waiting one fell due (null: none waits). */
  readonly outbox: () => Promise<{ readonly counts: Readonly<Record<string, number>>; readonly oldestDueAt: string | null }>;
  /** Reservations holding a unit, not paid yet. */
  readonly activeHolds: () => Promise<number>;
  /** Distributed mode: the relay (the event store's outbox to Kafka) and the projectors' consumer groups. */
  readonly kafka?: {
    readonly relayPosition: () => Promise<number>;
    readonly relayFailures: () => number;
    readonly consumerLag: () => Promise<readonly { readonly group: string; readonly topic: string; readonly lag: number }[]>;
  };
}

/**
 * The platform's Prometheus figures (prom-client, GET /metrics): HTTP request durations by route pattern and status,
 * the event store's appends (counted at its port, metered-event-store.ts), sign-in failures and throttles, each
 * projection's lag in events and seconds, the mail outbox, reservation holds, the Kafka relay and consumer lag,
 * readiness, and Node's process and GC figures. What is not counted as it happens is read when Prometheus asks
 * (`watch`), so a request pays one histogram observation and an append a few counter increments.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  /** Counted by the event store's decorator, bound in the composition (ContainerOptions.eventStoreMetrics). */
  readonly eventStore = new EventStoreMetrics(this.registry);
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests received and not answered yet', registers: [this.registry] });
  private readonly loginFailures = new Counter({
    name: 'auth_login_failures_total',
    help: 'Sign-ins refused for a wrong identifier or password',
    registers: [this.registry],
  });
  private readonly loginThrottles = new Counter({
    name: 'auth_login_throttled_total',
    help: 'Sign-ins (and sign-ups) answered 429 by the throttle, by the limit that held: the account or the client address',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  /** What the sign-in throttle reports (security/login-rate-limit.ts). */
  readonly logins: LoginObserver = {
    failed: () => this.loginFailures.inc(),
    throttled: (limit) => this.loginThrottles.inc({ limit }),
  };

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The figures read at scrape time, once their sources exist (the platform's read side, stores and workers). */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'platform_ready',
      help: '1 while ready: the read models caught up at start, the stores answer, no shutdown under way',
      registers,
      collect() {
        this.set(sources.ready() ? 1 : 0);
      },
    });
    if (sources.commitStats) {
      const stats = sources.commitStats;
      new Counter({
        name: 'eventstore_group_commits_total',
        help: 'Group commits of the embedded event store (one fsync each; eventstore_appends_total over it is the group size)',
        registers,
        collect() {
          this.reset();
          this.inc(stats().commits);
        },
      });
    }
    // The three figures below (and the relay's lag) come from one reading of the checkpoints per scrape.
    const status = perScrape(() => sources.dashboard.status());
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
    const outbox = perScrape(sources.outbox);
    new Gauge({
      name: 'mail_outbox_mails',
      help: 'Mails of the outbox by status: queued, sending, retrying (waiting) and failed (given up)',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        const { counts } = await outbox();
        for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
      },
    });
    new Gauge({
      name: 'mail_outbox_oldest_due_seconds',
      help: 'Seconds since the longest-waiting mail of the outbox fell due (0 when none is overdue)',
      registers,
      async collect() {
        const { oldestDueAt } = await outbox();
        this.set(oldestDueAt ? Math.max(0, (Date.now() - Date.parse(oldestDueAt)) / 1000) : 0);
      },
    });
    new Gauge({
      name: 'reservation_holds_active',
      help: 'Units held for a reservation whose payment is not confirmed yet',
      registers,
      async collect() {
        this.set(await sources.activeHolds());
      },
    });
    if (sources.kafka) this.watchKafka(sources.kafka, async () => (await status()).head);
  }

  /**
   * The relay's and the consumer groups' figures, read at scrape time: the API's (above), and the relay and projector
   * processes' own, served on their health port (adapters/kafka/health-server.ts), where the relay's failures are seen.
   */
  watchKafka(kafka: NonNullable<MetricSources['kafka']>, head: () => Promise<number>): void {
    const registers = [this.registry];
    new Gauge({
      name: 'relay_lag_events',
      help: 'Events appended that the relay has not published to Kafka yet',
      registers,
      async collect() {
        const [last, published] = await Promise.all([head(), kafka.relayPosition()]);
        this.set(Math.max(0, last - published));
      },
    });
    new Counter({
      name: 'relay_failures_total',
      help: 'Batches the relay of this process failed to publish (each is retried)',
      registers,
      collect() {
        this.reset();
        this.inc(kafka.relayFailures());
      },
    });
    new Gauge({
      name: 'kafka_consumer_lag',
      help: "Records of a topic not yet committed by a projectors' consumer group (read from Kafka at most every 5 s)",
      labelNames: ['group', 'topic'] as const,
      registers,
      async collect() {
        this.reset();
        for (const { group, topic, lag } of await kafka.consumerLag()) this.set({ group, topic }, lag);
      },
    });
  }

  /** Observes every answer's duration under its route pattern (request-log.ts's labels: never a raw path). */
  readonly requests: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    this.inFlight.inc();
    // 'close' comes for every request, answered or cut; 'finish' only once the answer went out.
    res.once('close', () => this.inFlight.dec());
    res.once('finish', () => {
      this.httpDuration.observe(
        { method: req.method, route: routeLabel(req, res), status: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}

/**
 * One reading shared by the figures of a scrape: prom-client collects every metric at once, and the first to ask
 * starts the reading the others wait for.
 */
const perScrape = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let reading: Promise<T> | undefined;
  return () => (reading ??= read().finally(() => (reading = undefined)));
};

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
