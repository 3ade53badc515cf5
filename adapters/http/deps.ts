import type { CollaboratorImportRunner } from '../../application/companies/collaborator-import-runner';
import type { Buyer } from '../../application/leads/buyer';
import type { AccountService } from '../../application/accounts/account-service';
import type { SessionService } from '../../application/accounts/session-service';
import type { RoleService } from '../../application/access/role-service';
import type { EntityHistory } from '../../application/audit/entity-history';
import type { PaymentsAudit } from '../../application/audit/payments-audit';
import type { AppConfig } from '../../application/config';
import type { DataRequestService } from '../../application/personal-data/data-request-service';
import type { PrivacyPreferences } from '../../application/personal-data/privacy-preferences';
import type { SiteContentService } from '../../application/content/site-content-service';
import type { CampaignService } from '../../application/campaigns/campaign-service';
import type { CompanyRegistrationService } from '../../application/companies/company-registration-service';
import type { FileStore } from '../../kernel/ports/file-store';
import type { EmailAdministration } from '../../application/mail/email-administration';
import type { MailTemplatesService } from '../../application/mail/mail-templates-service';
import type { CompanyTeamService } from '../../application/companies/company-team-service';
import type { MailTracking } from '../../application/mail/mail-tracking';
import type { NotificationService } from '../../application/notifications/notification-service';
import type { NotificationPreferencesService } from '../../application/notifications/notification-preferences-service';
import type { CompanyAdministrationService } from '../../application/companies/company-administration-service';
import type { ProjectionDashboard } from '../../kernel/projections/projection-status';
import type { SessionStore } from '../../kernel/ports/session-store';
import type { Clock, IdGenerator } from '../../kernel/ports/clock';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CatalogIndex } from '../../read-models/catalog/catalog-index';
import type { CatalogService } from '../../application/catalog/catalog-service';
import type { CatalogAdministration } from '../../application/catalog/catalog-administration';
import type { ProjectImportRunner } from '../../application/catalog/project-import-runner';
import type { FavoritesService } from '../../application/catalog/favorites-service';
import type { AvailabilityAlertService } from '../../application/alerts/availability-alert-service';
import type { FinancingService } from '../../application/financing/financing-service';
import type { FinancialParametersService } from '../../application/financing/financial-parameters-service';
import type { UfService } from '../../application/financing/uf-service';
import type { LeadService } from '../../application/leads/lead-service';
import type { QuoteService } from '../../application/quotes/quote-service';
import type { ReservationReceipts } from '../../application/reservations/reservation-receipts';
import type { ReservationService } from '../../application/reservations/reservation-service';
import type { ReservationTerms } from '../../application/reservations/reservation-terms';
import type { ReservationDesk } from '../../application/reservations/reservation-desk';
import type { ChileTerritory } from '../../domain/reference/chile-territory';
import type { SandboxWebpayGateway } from '../payments/sandbox-webpay-gateway';
import type { Csrf } from './security/csrf';
import type { StorageHealth } from '../storage-faults';
import type { LoginRateLimit } from './security/login-rate-limit';
import type { MailRateLimit } from './security/mail-rate-limit';

/** The buyer's journey: catalogue, financing, quotes, favourites, leads, reservations and payments. */
export interface JourneyDeps {
  readonly territory: ChileTerritory;
  readonly catalog: CatalogService;
  /** The explore query's index (SQLite tables embedded, MongoDB indexes distributed). */
  readonly catalogIndex: CatalogIndex;
  readonly favorites: FavoritesService;
  readonly alerts: AvailabilityAlertService;
  readonly uf: UfService;
  readonly financing: FinancingService;
  readonly financialParameters: FinancialParametersService;
  readonly leads: LeadService;
  readonly quotes: QuoteService;
  readonly reservations: ReservationService;
  readonly receipts: ReservationReceipts;
  /** The summary a buyer confirms before paying. */
  readonly reservationTerms: ReservationTerms;
  /** Staff's actions on a reservation: cancel, extend the hold, refund. */
  readonly reservationDesk: ReservationDesk;
  /** Present when the payment gateway is the local sandbox, whose pages the app serves. */
  readonly sandbox?: SandboxWebpayGateway;
}

/** What the HTTP adapter needs from the application, resolved once from the container. */
export interface HttpDeps extends JourneyDeps {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly accounts: AccountService;
  readonly roles: RoleService;
  readonly sessions: SessionService;
  readonly readStore: ReadStore;
  readonly csrf: Csrf;
  readonly loginLimit: LoginRateLimit;
  readonly mailLimit: MailRateLimit;
  /** Waits (bounded) until the read models include `position`; false on timeout. */
  readonly projectionsReached: (position: number, timeoutMs: number) => Promise<boolean>;
  readonly projections: {
    names(): string[];
    rebuild(name: string): Promise<{ position: number }>;
    position(): number;
    readonly dashboard: ProjectionDashboard;
  };
  readonly mailbox?: { list(): readonly unknown[] };
  /** Which company a company user acts for (strongly consistent). */
  readonly memberships: { companyOf(userId: string): Promise<string | null> };
  /** Ley 21.719: people's data requests and the officer's answers; sessions for the data export's count. */
  readonly personalData: { readonly requests: DataRequestService; readonly sessions: SessionStore; readonly preferences: PrivacyPreferences };
  /** The public home's sections and the versioned legal documents. */
  readonly content: SiteContentService;
  /** Campaigns of partner companies: lifecycle and enrolment. */
  readonly campaigns: CampaignService;
  /** The public company registration wizard and its review. */
  readonly registrations: CompanyRegistrationService;
  /** Catalogue operations: projects, units, pictures, floor plans, featured list (issue 10). */
  readonly catalogAdmin: CatalogAdministration;
  /** Bulk project uploads, processed in the background and resumed at start-up. */
  readonly projectImports: ProjectImportRunner;
  /** Collaborators' imports, run in the background (POST answers 202, GET follows the progress). */
  readonly collaboratorImports: CollaboratorImportRunner;
  /** Uploaded files (local disk under the data directory). */
  readonly files: FileStore;
  /** Email administration: settings, test, history, retries (application/mail). */
  readonly email: EmailAdministration;
  readonly emailTemplates: MailTemplatesService;
  /** A company's team (company users): list, invite, remove. */
  readonly team: CompanyTeamService;
  readonly emailTracking: MailTracking;
  /** Reading one's notifications (the notification center). */
  readonly notifications: NotificationService;
  /** Notification preferences and Web Push subscriptions. */
  readonly notificationPreferences: NotificationPreferencesService;
  /** The VAPID public key browsers subscribe to Web Push with. */
  readonly pushPublicKey: string;
  /** Companies' profiles and collaborators. */
  readonly companies: CompanyAdministrationService;
  /** Auditors: entities' histories from their events, the payments ledger and staff refunds. */
  readonly audit: { readonly history: EntityHistory; readonly payments: PaymentsAudit };
  /** Project page views, counted in memory and recorded once per interval (application/analytics/page-view-counter.ts). */
  readonly pageViews?: { view(projectId: string, visitor?: Buyer): void };
  /** False until the read models caught up with the event store as it was at start; stopping once a shutdown began. */
  readonly readiness: { readonly isReady: boolean; readonly isStopping: boolean };
  /** The stores that do not answer now ('event-store', 'read-store'), for the readiness route (composition/store-probe.ts). */
  readonly stores: { silent(): Promise<readonly ('event-store' | 'read-store')[]> };
  /** Whether the data directory takes writes: a write refused for want of space or permission marks it, a probe clears it. */
  readonly storage: Pick<StorageHealth, 'failed' | 'check'>;
}
