import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Container } from 'inversify';
import { ANALYTICS } from '../../application/analytics/analytics.tokens';
import type { PageViewCounter } from '../../application/analytics/page-view-counter';
import type { CatalogFileSweep } from '../../application/catalog/catalog-file-sweep';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import type { AppConfig } from '../../application/config';
import type { NotificationDispatcher } from '../../application/notifications/notification-dispatcher';
import { NOTIFICATIONS } from '../../application/notifications/notifications.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { outdatedProjections } from '../../kernel/projections/projection-versions';
import { nextDueAt, outboxCounts } from '../../read-models/mail/outgoing-mails.queries';
import { activeHoldCount } from '../../read-models/reservations/reservations.queries';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import { createHttpApp } from '../http/app';
import { answerClientErrors } from '../http/client-errors';
import { drainable } from '../http/draining-server';
import { createExpressServer } from '../http/express-server';
import { KafkaReadSide } from '../kafka/kafka-read-side';
import { createLogger, logTo, type Log, type Logger } from '../logging/logger';
import { PlatformMetrics } from '../observability/metrics';
import { startTracing } from '../observability/tracing';
import { portInUse } from '../operator-error';
import { seedDemoAccounts, seedDemoCampaigns, seedDemoCompanies } from '../seed/demo-seed';
import { seedLegalDocuments } from '../seed/legal-documents';
import type { SandboxSmsSender } from '../sms/sandbox-sms-sender';
import { SmtpSink } from '../smtp/smtp-sink';
import { probeWrite } from '../storage-faults';
import { createContainer, type ContainerOptions } from './container';
import { COMMIT_STATS } from './embedded.module';
import { FAULT_POINT, type FaultPoint } from './fault-points';
import { httpDeps } from './http-deps';
import { recoverInterruptedRequests } from './interrupted-requests';
import type { DefaultRelay, MailDelivery } from './mail-delivery';
import { afterReadyModules, seedModules, startModules } from './modules';
import { PLATFORM } from './platform.tokens';

export interface Platform {
  readonly url: string;
  readonly port: number;
  readonly container: Container;
  readonly sink: SmtpSink | null;
  /**
   * Resolves once the read models caught up with the event store as it was at start. Already resolved in
   * embedded mode (startPlatform resolves only then); distributed mode's resolves later (readiness says "starting").
   */
  readonly ready: Promise<void>;
  /** Removes catalogue files no project references (also run every FILE_SWEEP_MINUTES). */
  readonly fileSweep: CatalogFileSweep;
  /** The mail outbox's delivery: settings in force, transport, worker. */
  readonly mail: MailDelivery;
  /** Notifications outside the app: the dispatcher (tests run it on demand) and the sandbox SMS it sends through. */
  readonly notificationChannels: { readonly dispatcher: NotificationDispatcher; readonly sms: SandboxSmsSender };
  /** Project page views gathered in memory; `flush()` records them now (tests, shutdown). */
  readonly pageViews: PageViewCounter;
  stop(): Promise<void>;
}

export interface PlatformOptions extends ContainerOptions {
  /** The process's logger (default: JSON lines on stdout at LOG_LEVEL): one line per HTTP request goes there. */
  readonly logger?: Logger;
}

/** SHUTDOWN_TIMEOUT_MS's default, for configs made without the schema (tests). */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 20_000;

/**
 * Starts the whole platform in one process: stores, projections, demo seed, SMTP sink, HTTP. Resolves once
 * it listens: in embedded mode only when ready (every read model caught up with the event store as it was
 * at start, see Readiness); in distributed mode at once, and `ready` tells when. `options.clock` replaces the
 * system clock (tests move time with it instead of sleeping).
 */
export const startPlatform = async (config: AppConfig, givenLog?: Log, options: PlatformOptions = {}): Promise<Platform> => {
  const logger = options.logger ?? createLogger(config.log);
  const log = givenLog ?? logTo(logger);
  fs.mkdirSync(config.dataDir, { recursive: true });
  // A full or read-only directory is refused here, in one line (adapters/main.ts), not by a stack trace from
  // whichever store happens to write first.
  probeWrite(config.dataDir);
  let sink: SmtpSink | null = null;
  let smtp: DefaultRelay | null = config.smtp;
  if (!smtp) {
    // Kept under the data directory: the mailbox the back office shows survives a restart.
    sink = new SmtpSink(500, 0, null, path.join(config.dataDir, 'mailbox'));
    const listening = await sink.listen(config.smtpSinkPort).catch((error: unknown) => {
      throw portInUse(error, 'SMTP_SINK_PORT');
    });
    smtp = { capture: { host: '127.0.0.1', port: listening } };
  }

  // config.mode picks the adapters: embedded.module.ts (SQLite, in-process projections) or
  // distributed.module.ts (EventStoreDB or shared SQLite, Kafka relay + projectors, MongoDB); the modules'
  // bindings (modules.ts) bind every use case and worker over them.
  const tracing = options.tracing ?? (config.tracing ? await startTracing(config.tracing) : undefined);
  // Before the container: the event store is bound with its appends counted (metered-event-store.ts).
  const metrics = new PlatformMetrics();
  const container = createContainer(config, log, { ...options, tracing, eventStoreMetrics: metrics.eventStore, relay: smtp });
  const events = resolve(container, TOKENS.EventStore);
  const readStore = resolve(container, TOKENS.ReadStore);
  const runner = resolve(container, TOKENS.ProjectionRunner);
  await seedModules(container, config, log);
  // Read models an earlier version of their projection built: found before the read side starts (a new one
  // then has no checkpoint yet), rebuilt once the platform is ready.
  const outdated = await outdatedProjections(readStore, resolve(container, TOKENS.Projections));
  if (config.demoSeed) {
    await seedDemoAccounts(events, resolve(container, TOKENS.PasswordHasher), config.demoPassword);
    await seedDemoCompanies(events);
    await seedDemoCampaigns(events);
    await seedLegalDocuments(events);
  }
  await runner.start();
  const modules = startModules(container, config, log);
  const readiness = resolve(container, PLATFORM.Readiness);
  const dashboard = resolve(container, PLATFORM.Projections);
  const deps = httpDeps(container, config, { metrics, sink });
  metrics.watch({
    dashboard,
    ready: () => readiness.isReady && !readiness.isStopping,
    commitStats: container.isBound(COMMIT_STATS) ? container.get<() => { commits: number; appends: number }>(COMMIT_STATS) : undefined,
    outbox: async () => {
      const [counts, oldestDueAt] = await Promise.all([outboxCounts(readStore), nextDueAt(readStore)]);
      return { counts, oldestDueAt };
    },
    activeHolds: () => activeHoldCount(readStore),
    kafka:
      runner instanceof KafkaReadSide
        ? { relayPosition: () => runner.relayPosition(), relayFailures: () => runner.relayFailures, consumerLag: () => runner.consumerLag() }
        : undefined,
  });
  const app = createHttpApp(deps, { log, logger, metrics, requestTracing: tracing?.requests });
  // Both modes listen at once, so liveness answers during a long catch-up (a Kubernetes liveness probe would
  // restart a pod that does not), while readiness says "starting" and every other API route answers 503
  // SERVICE_STARTING: nobody reaches a half-built read model. Embedded, startPlatform still resolves only once ready.
  // A port in use comes as the server's 'error': without it, start went on unbound.
  const server: Server = await new Promise((resolve, reject) => {
    const s = createExpressServer(app);
    s.once('error', (error: Error) => reject(portInUse(error, 'PORT')));
    s.listen(config.port, config.host, () => resolve(s));
  });
  answerClientErrors(server);
  const http = drainable(server);
  const preload = async () => {
    const started = Date.now();
    const loaded = readStore instanceof SqliteReadStore ? await readStore.preload() : undefined;
    if (loaded && Date.now() - started > 1_000)
      log(`read models loaded: ${loaded.documents} documents in ${loaded.collections} collections, ${Date.now() - started} ms`);
  };
  // Embedded, what a crash left half-done is put right before the API answers (this process is the only writer).
  const beforeReady = async () => {
    await preload();
    await recoverInterruptedRequests(container, config, log);
  };
  const ready = readiness.await(events, runner, log, config.mode === 'embedded' ? beforeReady : undefined);
  if (config.mode === 'embedded')
    await ready.catch(async (error: unknown) => {
      await http.close(0);
      throw error;
    });
  ready.catch((error: unknown) => log('readiness: the read side could not be checked', error));
  // Test-only (FAULT_POINT): armed once ready, the seed and the repairs at start (which write the same events) done.
  if (container.isBound(FAULT_POINT)) ready.then(() => container.get<FaultPoint>(FAULT_POINT).arm()).catch(() => undefined);
  ready
    .then(() => {
      for (const { name, version } of outdated) {
        // Embedded: this process owns the read store, so it rebuilds (blue-green; the migration dashboard
        // follows it). Distributed: several processes share it; an operator runs the rebuild once.
        if (config.mode === 'embedded' && dashboard.start(name))
          log(`projection ${name}: read model built by an earlier version, rebuilding for version ${version ?? 1}`);
        else if (config.mode !== 'embedded') log(`projection ${name}: read model built by an earlier version; run npm run projections:rebuild -- ${name}`);
      }
    })
    .catch(() => undefined);
  if (config.mode !== 'embedded') void ready.then(() => recoverInterruptedRequests(container, config, log)).catch(() => undefined);
  // What the modules resume once ready (bulk uploads cut short by a stop or a crash).
  ready.then(() => afterReadyModules(container, config, log)).catch((error: unknown) => log('resuming after start failed', error));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    port,
    container,
    sink,
    ready,
    fileSweep: resolve(container, CATALOG.FileSweep),
    mail: resolve(container, PLATFORM.Mail),
    notificationChannels: { dispatcher: resolve(container, NOTIFICATIONS.Dispatcher), sms: resolve(container, PLATFORM.Sms) },
    pageViews: resolve(container, ANALYTICS.PageViews),
    /**
     * A graceful stop (SIGTERM): readiness says "stopping", no new connection is accepted and the requests in flight
     * finish (up to SHUTDOWN_TIMEOUT_MS), then the workers stop, and the stores close: the event store commits the
     * appends it accepted (the group commit) before its file closes.
     */
    async stop() {
      readiness.stop();
      const cut = await http.close(config.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
      if (cut > 0) log(`parada: ${cut} solicitud(es) seguían en curso tras ${config.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS} ms y se cortaron`);
      await modules.stop();
      await runner.stop();
      await resolve(container, PLATFORM.Limiters).close();
      await events.close();
      await readStore.close();
      await resolve(container, TOKENS.SessionStore).close();
      await sink?.close();
      await tracing?.shutdown();
    },
  };
};
