import type { Container } from 'inversify';
import { ACCESS } from '../../application/access/access.tokens';
import { ACCOUNTS } from '../../application/accounts/accounts.tokens';
import { ALERTS } from '../../application/alerts/alerts.tokens';
import { ANALYTICS } from '../../application/analytics/analytics.tokens';
import { AUDIT } from '../../application/audit/audit.tokens';
import { CAMPAIGNS } from '../../application/campaigns/campaigns.tokens';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { COMPANIES } from '../../application/companies/companies.tokens';
import type { AppConfig } from '../../application/config';
import { CONTENT } from '../../application/content/content.tokens';
import { FINANCING } from '../../application/financing/financing.tokens';
import { LEADS } from '../../application/leads/leads.tokens';
import { MAIL } from '../../application/mail/mail.tokens';
import { NOTIFICATIONS } from '../../application/notifications/notifications.tokens';
import { PERSONAL_DATA } from '../../application/personal-data/personal-data.tokens';
import { QUOTES } from '../../application/quotes/quotes.tokens';
import { RESERVATIONS } from '../../application/reservations/reservations.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { CHECKPOINTS } from '../../kernel/projections/projection';
import { CATALOG_INDEX } from '../../read-models/catalog/catalog-index';
import type { HttpDeps } from '../http/deps';
import { Csrf } from '../http/security/csrf';
import { LoginRateLimit } from '../http/security/login-rate-limit';
import { MailRateLimit } from '../http/security/mail-rate-limit';
import type { PlatformMetrics } from '../observability/metrics';
import { SandboxWebpayGateway } from '../payments/sandbox-webpay-gateway';
import type { SmtpSink } from '../smtp/smtp-sink';
import { StorageHealth } from '../storage-faults';
import { PLATFORM } from './platform.tokens';
import { StoreProbe } from './store-probe';

/** What the process made before the container: its figures and the built-in mail capture. */
export interface ProcessParts {
  readonly metrics: PlatformMetrics;
  readonly sink: SmtpSink | null;
}

/** Everything the HTTP adapter takes, resolved from the container in this one place. */
export const httpDeps = (container: Container, config: AppConfig, { metrics, sink }: ProcessParts): HttpDeps => {
  const events = resolve(container, TOKENS.EventStore);
  const readStore = resolve(container, TOKENS.ReadStore);
  const runner = resolve(container, TOKENS.ProjectionRunner);
  const gateway = resolve(container, TOKENS.PaymentGateway);
  const limiters = resolve(container, PLATFORM.Limiters);
  const mail = resolve(container, PLATFORM.Mail);
  return {
    config,
    clock: resolve(container, TOKENS.Clock),
    ids: resolve(container, TOKENS.IdGenerator),
    readStore,
    files: resolve(container, TOKENS.FileStore),
    // the buyer's journey
    territory: resolve(container, CATALOG.Territory),
    catalog: resolve(container, CATALOG.Catalog),
    catalogIndex: resolve(container, CATALOG_INDEX),
    favorites: resolve(container, CATALOG.Favorites),
    alerts: resolve(container, ALERTS.Alerts),
    uf: resolve(container, FINANCING.Uf),
    financing: resolve(container, FINANCING.Financing),
    financialParameters: resolve(container, FINANCING.FinancialParameters),
    leads: resolve(container, LEADS.Leads),
    quotes: resolve(container, QUOTES.Quotes),
    reservations: resolve(container, RESERVATIONS.Reservations),
    receipts: resolve(container, RESERVATIONS.Receipts),
    reservationTerms: resolve(container, RESERVATIONS.Terms),
    reservationDesk: resolve(container, RESERVATIONS.Desk),
    sandbox: gateway instanceof SandboxWebpayGateway ? gateway : undefined,
    pageViews: resolve(container, ANALYTICS.PageViews),
    // accounts, sessions and their guards
    accounts: resolve(container, ACCOUNTS.Accounts),
    roles: resolve(container, ACCESS.Roles),
    sessions: resolve(container, ACCOUNTS.Sessions),
    csrf: new Csrf(config.secretKey, config.session.secureCookies),
    loginLimit: new LoginRateLimit(config.rateLimit, limiters.limiter, metrics.logins),
    mailLimit: new MailRateLimit(config.mailLimit, limiters.limiter),
    // companies
    memberships: resolve(container, COMPANIES.Memberships),
    team: resolve(container, COMPANIES.Team),
    registrations: resolve(container, COMPANIES.Registrations),
    companies: resolve(container, COMPANIES.Administration),
    collaboratorImports: resolve(container, COMPANIES.CollaboratorImports),
    // the back office
    content: resolve(container, CONTENT.SiteContent),
    campaigns: resolve(container, CAMPAIGNS.Campaigns),
    catalogAdmin: resolve(container, CATALOG.Administration),
    projectImports: resolve(container, CATALOG.ProjectImports),
    email: mail.admin,
    emailTracking: mail.tracking,
    emailTemplates: resolve(container, MAIL.Templates),
    notifications: resolve(container, NOTIFICATIONS.Notifications),
    notificationPreferences: resolve(container, NOTIFICATIONS.Preferences),
    pushPublicKey: resolve(container, PLATFORM.Push).publicKey,
    personalData: {
      requests: resolve(container, PERSONAL_DATA.DataRequests),
      sessions: resolve(container, TOKENS.SessionStore),
      preferences: resolve(container, PERSONAL_DATA.Preferences),
    },
    audit: { history: resolve(container, AUDIT.History), payments: resolve(container, AUDIT.Payments) },
    mailbox: sink
      ? { list: () => sink.list().map(({ attachments, ...mail }) => ({ ...mail, attachments: attachments.map(({ content: _c, ...a }) => a) })) }
      : undefined,
    // operations: read models, readiness, stores
    projectionsReached: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
    projections: {
      names: () => runner.names,
      rebuild: (name) => runner.rebuild(name),
      position: () => runner.position(),
      dashboard: resolve(container, PLATFORM.Projections),
    },
    readiness: resolve(container, PLATFORM.Readiness),
    stores: new StoreProbe({
      'event-store': () => events.headPosition(),
      'read-store': () => readStore.collection(CHECKPOINTS).findOne({ _id: 'readiness-probe' }),
    }),
    storage: new StorageHealth(config.dataDir),
  };
};
