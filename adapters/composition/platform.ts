import { PrivacyPreferences } from '../../application/personal-data/privacy-preferences';
import { EntityHistory } from '../../application/audit/entity-history';
import { PaymentsAudit } from '../../application/audit/payments-audit';
import { randomUUID } from 'node:crypto';
import { PageViewCounter } from '../../application/analytics/page-view-counter';
import path from 'node:path';
import { CompanyRegistrationService } from '../../application/companies/company-registration-service';
import { CatalogAdministration } from '../../application/catalog/catalog-administration';
import { SharpImageProcessor } from '../files/sharp-image-processor';
import { ProjectImportRunner } from '../../application/catalog/project-import-runner';
import { CatalogFileSweep } from '../../application/catalog/catalog-file-sweep';
import { every } from '../../application/scheduling/periodic-job';
import { spreadsheetReader } from '../imports/spreadsheet';
import { fieldMessage } from '../http/errors';
import { unfinishedImports } from '../../read-models/project-imports/project-imports.projection';
import { unfinishedCollaboratorImports } from '../../read-models/collaborator-imports/collaborator-imports.projection';
import { CollaboratorImportRunner } from '../../application/companies/collaborator-import-runner';
import { collaboratorImportHeader, parseCollaboratorRow } from '../imports/collaborator-rows';
import { LocalFileStore } from '../files/local-file-store';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import { NotificationService } from '../../application/notifications/notification-service';
import { NotificationPreferencesService } from '../../application/notifications/notification-preferences-service';
import { NotificationDispatcher } from '../../application/notifications/notification-dispatcher';
import { outboxNotificationMails } from '../../application/mail/notification-mails';
import { PushServices } from '../push/push-services';
import { loadOrCreateVapidKeys, WebPushSender } from '../push/web-push-sender';
import { SandboxSmsSender } from '../sms/sandbox-sms-sender';
import { parseEmail } from '../../domain/shared/email';
import { CompanyAdministrationService } from '../../application/companies/company-administration-service';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { AppConfig } from '../../application/config';
import type { Clock, IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { PasswordHasher } from '../../kernel/ports/password-hasher';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { SessionStore } from '../../kernel/ports/session-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { ProjectionDashboard } from '../../kernel/projections/projection-status';
import { outdatedProjections } from '../../kernel/projections/projection-versions';
import type { Projection } from '../../kernel/projections/projection';
import { SiteContentService } from '../../application/content/site-content-service';
import { CampaignService } from '../../application/campaigns/campaign-service';
import { seedLegalDocuments } from '../seed/legal-documents';
import { CompanyMembershipService } from '../../application/companies/company-membership-service';
import { CompanyTeamService } from '../../application/companies/company-team-service';
import { createHttpApp } from '../http/app';
import { answerClientErrors } from '../http/client-errors';
import { createExpressServer } from '../http/express-server';
import type { HttpDeps } from '../http/deps';
import { Csrf } from '../http/security/csrf';
import { limiterStoreFor } from '../http/security/limiter-store';
import { LoginRateLimit } from '../http/security/login-rate-limit';
import { MailRateLimit } from '../http/security/mail-rate-limit';
import { seedDemoAccounts, seedDemoCampaigns, seedDemoCompanies } from '../seed/demo-seed';
import { startMailDelivery, type DefaultRelay, type MailDelivery } from './mail-delivery';
import type { Mailer } from '../../kernel/ports/mailer';
import { SmtpSink } from '../smtp/smtp-sink';
import { buyerHttpDeps, seedModules, startModules } from './modules';
import { createContainer, type ContainerOptions } from './container';
import { startTracing } from '../observability/tracing';
import { PlatformMetrics } from '../observability/metrics';
import { COMMIT_STATS } from './embedded.module';
import { KafkaReadSide } from '../kafka/kafka-read-side';
import { nextDueAt, outboxCounts } from '../../read-models/mail/outgoing-mails.queries';
import { activeHoldCount } from '../../read-models/reservations/reservations.queries';
import { ACCESS } from '../../application/access/access.tokens';
import { ACCOUNTS } from '../../application/accounts/accounts.tokens';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { MAIL } from '../../application/mail/mail.tokens';
import { PERSONAL_DATA } from '../../application/personal-data/personal-data.tokens';
import { resolve } from '../../kernel/ports/token';
import { Readiness } from './readiness';
import { StoreProbe } from './store-probe';
import { drainable } from '../http/draining-server';
import { CHECKPOINTS } from '../../kernel/projections/projection';
import { recoverInterruptedRequests } from './interrupted-requests';
import { FAULT_POINT, type FaultPoint } from './fault-points';
import { portInUse } from '../operator-error';
import { probeWrite, StorageHealth } from '../storage-faults';
import { createLogger, logTo, type Log, type Logger } from '../logging/logger';

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

/** How often the page views counted in memory are recorded (one event per interval). */
const PAGE_VIEWS_FLUSH_MS = 10_000;

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
  // distributed.module.ts (EventStoreDB or shared SQLite, Kafka relay + projectors, MongoDB).
  const tracing = options.tracing ?? (config.tracing ? await startTracing(config.tracing) : undefined);
  // Before the container: the event store is bound with its appends counted (metered-event-store.ts).
  const metrics = new PlatformMetrics();
  const container = createContainer(config, log, { ...options, tracing, eventStoreMetrics: metrics.eventStore });
  const mailer = container.get<Mailer>(TOKENS.Mailer);

  const events = container.get<EventStore>(TOKENS.EventStore);
  const runner = container.get<ReadSide>(TOKENS.ProjectionRunner);
  await seedModules(container, config, log);
  // Read models an earlier version of their projection built: found before the read side starts (a new one
  // then has no checkpoint yet), rebuilt once the platform is ready.
  const outdated = await outdatedProjections(container.get<ReadStore>(TOKENS.ReadStore), container.get<readonly Projection[]>(TOKENS.Projections));
  if (config.demoSeed) {
    await seedDemoAccounts(events, container.get<PasswordHasher>(TOKENS.PasswordHasher), config.demoPassword);
    await seedDemoCompanies(events);
    await seedDemoCampaigns(events);
    await seedLegalDocuments(events);
  }
  await runner.start();
  const modules = startModules(container, config);
  const mail: MailDelivery = startMailDelivery(container, config, smtp, log);
  const readiness = new Readiness();

  const push = new WebPushSender(
    loadOrCreateVapidKeys(config.dataDir),
    config.notifications?.vapidSubject ?? 'mailto:no-responder@vivienda.local',
    new PushServices(config.notifications?.pushServiceHosts, options.resolve),
  );
  const notificationPreferences = new NotificationPreferencesService(events, push);
  const sms = new SandboxSmsSender();

  const limiters = limiterStoreFor(config);
  const files = new LocalFileStore(path.join(config.dataDir, 'files'));
  const catalogAdmin = new CatalogAdministration(
    events,
    buyerHttpDeps(container).catalog,
    files,
    new SharpImageProcessor(),
    container.get<IdGenerator>(TOKENS.IdGenerator),
  );
  const companies = new CompanyAdministrationService(events, container.get<ReadStore>(TOKENS.ReadStore), container.get<IdGenerator>(TOKENS.IdGenerator));
  const collaboratorImports = new CollaboratorImportRunner(
    {
      events,
      readStore: container.get<ReadStore>(TOKENS.ReadStore),
      files,
      sheets: spreadsheetReader,
      companies,
      parseRow: parseCollaboratorRow,
      describe: fieldMessage,
      headerOf: collaboratorImportHeader,
    },
    log,
  );
  const projectImports = new ProjectImportRunner(events, buyerHttpDeps(container).catalog, catalogAdmin, files, spreadsheetReader, fieldMessage, log);
  const history = new EntityHistory(events, container.get<ReadStore>(TOKENS.ReadStore));
  const leadsForVisits = buyerHttpDeps(container).leads;
  const pageViews = new PageViewCounter(
    events,
    randomUUID(),
    () => container.get<Clock>(TOKENS.Clock).now(),
    log,
    (buyer, projectId, meta) =>
      leadsForVisits.recordForBuyer(buyer, { activityId: `visit:${projectId}:${meta.now.toISOString().slice(0, 10)}`, kind: 'website_visit', projectId }, meta),
  );
  pageViews.start(PAGE_VIEWS_FLUSH_MS);
  const memberships = new CompanyMembershipService(events);
  const dashboard = new ProjectionDashboard(runner, events, container.get<ReadStore>(TOKENS.ReadStore), () => container.get<Clock>(TOKENS.Clock).now());
  const deps: HttpDeps = {
    ...buyerHttpDeps(container),
    pageViews,
    config,
    clock: container.get<Clock>(TOKENS.Clock),
    ids: container.get<IdGenerator>(TOKENS.IdGenerator),
    accounts: resolve(container, ACCOUNTS.Accounts),
    roles: resolve(container, ACCESS.Roles),
    sessions: resolve(container, ACCOUNTS.Sessions),
    readStore: container.get<ReadStore>(TOKENS.ReadStore),
    csrf: new Csrf(config.secretKey, config.session.secureCookies),
    loginLimit: new LoginRateLimit(config.rateLimit, limiters.limiter, metrics.logins),
    mailLimit: new MailRateLimit(config.mailLimit, limiters.limiter),
    projectionsReached: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
    projections: {
      names: () => runner.names,
      rebuild: (name) => runner.rebuild(name),
      position: () => runner.position(),
      dashboard,
    },
    memberships,
    team: new CompanyTeamService(events, container.get<ReadStore>(TOKENS.ReadStore), resolve(container, ACCOUNTS.Accounts), memberships),
    content: new SiteContentService(events),
    registrations: new CompanyRegistrationService(
      events,
      resolve(container, ACCOUNTS.Accounts),
      mailer,
      container.get<IdGenerator>(TOKENS.IdGenerator),
      () => resolve(container, CATALOG.Territory),
      log,
    ),
    files,
    email: mail.admin,
    emailTracking: mail.tracking,
    emailTemplates: resolve(container, MAIL.Templates),
    catalogAdmin,
    projectImports,
    notifications: new NotificationService(events),
    notificationPreferences,
    pushPublicKey: push.publicKey,
    companies,
    collaboratorImports,
    campaigns: new CampaignService(events, container.get<ReadStore>(TOKENS.ReadStore), container.get<IdGenerator>(TOKENS.IdGenerator)),
    personalData: {
      requests: resolve(container, PERSONAL_DATA.DataRequests),
      sessions: container.get<SessionStore>(TOKENS.SessionStore),
      preferences: new PrivacyPreferences({
        events,
        leadIdsOf: (userId) => resolve(container, PERSONAL_DATA.DataRequests).leadsOf(userId),
        setLeadProfiling: (leadIds, profiling, meta) => buyerHttpDeps(container).leads.setProfiling(leadIds, profiling, meta),
      }),
    },
    readiness,
    stores: new StoreProbe({
      'event-store': () => events.headPosition(),
      'read-store': () => container.get<ReadStore>(TOKENS.ReadStore).collection(CHECKPOINTS).findOne({ _id: 'readiness-probe' }),
    }),
    storage: new StorageHealth(config.dataDir),
    audit: { history, payments: new PaymentsAudit(events, container.get<ReadStore>(TOKENS.ReadStore), history) },
    mailbox: sink
      ? { list: () => sink!.list().map(({ attachments, ...mail }) => ({ ...mail, attachments: attachments.map(({ content: _c, ...a }) => a) })) }
      : undefined,
  };
  metrics.watch({
    dashboard,
    ready: () => readiness.isReady && !readiness.isStopping,
    commitStats: container.isBound(COMMIT_STATS) ? container.get<() => { commits: number; appends: number }>(COMMIT_STATS) : undefined,
    outbox: async () => {
      const [counts, oldestDueAt] = await Promise.all([outboxCounts(deps.readStore), nextDueAt(deps.readStore)]);
      return { counts, oldestDueAt };
    },
    activeHolds: () => activeHoldCount(deps.readStore),
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
    const store = container.get<ReadStore>(TOKENS.ReadStore);
    const loaded = store instanceof SqliteReadStore ? await store.preload() : undefined;
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
  // Bulk uploads cut short by a stop or a crash go on where they stopped.
  ready
    .then(async () => {
      const meta = { now: new Date(), actorId: 'system', actorRoles: [], correlationId: `resume-imports-${Date.now()}` };
      for (const importId of await unfinishedImports(deps.readStore)) void projectImports.resume(importId, meta);
      for (const importId of await unfinishedCollaboratorImports(deps.readStore)) void collaboratorImports.resume(importId, meta);
    })
    .catch((error: unknown) => log('project imports: could not resume', error));
  const port = (server.address() as AddressInfo).port;
  const sessionsPurge = setInterval(() => {
    container
      .get<SessionStore>(TOKENS.SessionStore)
      .purgeExpired(new Date().toISOString())
      .catch((e) => log('session purge failed', e));
  }, 60_000);
  sessionsPurge.unref();
  const fileSweep = new CatalogFileSweep({ files, readStore: deps.readStore, clock: deps.clock }, (config.fileSweep?.graceMinutes ?? 60) * 60_000, log);
  const sweepMinutes = config.fileSweep?.sweepMinutes ?? 0;
  const dispatcher = new NotificationDispatcher({
    events,
    readStore: deps.readStore,
    preferences: notificationPreferences,
    clock: deps.clock,
    push,
    sms,
    mail: outboxNotificationMails(mailer, () => config.publicUrl),
    deliveryWindow: async () => mail.settings.delivery(),
    contactOf: async (userId) => {
      const principal = await deps.accounts.loadPrincipal(userId);
      if (!principal) return null;
      return { email: parseEmail(principal.user.email), phone: principal.user.profile.phone || null };
    },
    log,
  });
  // One dispatcher per platform: distributed, the process that runs the relay (exactly one per event store),
  // so two API instances never send the same notification at once.
  const dispatchSeconds = config.mode === 'distributed' && config.distributed?.runRelay === false ? 0 : (config.notifications?.dispatchSeconds ?? 0);
  const dispatchJob = dispatchSeconds > 0 ? dispatcher.start(dispatchSeconds * 1000) : null;
  const fileSweepJob =
    sweepMinutes > 0
      ? every(
          sweepMinutes * 60_000,
          () => fileSweep.sweep(),
          (error) => log('catalogue file sweep failed', error),
        )
      : null;

  return {
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    port,
    container,
    sink,
    ready,
    fileSweep,
    mail,
    notificationChannels: { dispatcher, sms },
    pageViews,
    /**
     * A graceful stop (SIGTERM): readiness says "stopping", no new connection is accepted and the requests in flight
     * finish (up to SHUTDOWN_TIMEOUT_MS), then the workers stop, and the stores close: the event store commits the
     * appends it accepted (the group commit) before its file closes.
     */
    async stop() {
      readiness.stop();
      const cut = await http.close(config.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
      if (cut > 0) log(`parada: ${cut} solicitud(es) seguían en curso tras ${config.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS} ms y se cortaron`);
      await dispatchJob?.stop();
      await pageViews.stop();
      clearInterval(sessionsPurge);
      await fileSweepJob?.stop();
      await modules.stop();
      await mail.stop();
      await projectImports.halt();
      await collaboratorImports.halt();
      await resolve(container, ACCOUNTS.Deferred).idle();
      await runner.stop();
      await limiters.close();
      await events.close();
      await container.get<ReadStore>(TOKENS.ReadStore).close();
      await container.get<SessionStore>(TOKENS.SessionStore).close();
      await sink?.close();
      await tracing?.shutdown();
    },
  };
};
