import path from 'node:path';
import type { Bind, Container, ResolutionContext } from 'inversify';
import { AvailabilityAlertService } from '../../application/alerts/availability-alert-service';
import { CatalogService } from '../../application/catalog/catalog-service';
import { FavoritesService } from '../../application/catalog/favorites-service';
import type { AppConfig } from '../../application/config';
import { FinancingService } from '../../application/financing/financing-service';
import { FinancialParametersService } from '../../application/financing/financial-parameters-service';
import { UfService } from '../../application/financing/uf-service';
import { LeadService } from '../../application/leads/lead-service';
import { LeadIds } from '../../application/personal-data/lead-ids';
import { LeadRetention } from '../../application/personal-data/lead-retention';
import { RegistrationRetention } from '../../application/personal-data/registration-retention';
import { DataRequestReminders } from '../../application/personal-data/data-request-reminders';
import { LocalFileStore } from '../files/local-file-store';
import type { KeyStore } from '../../application/ports/key-store';
import type { Clock, IdGenerator } from '../../application/ports/clock';
import type { EventStore } from '../../application/ports/event-store';
import type { Mailer } from '../../application/ports/mailer';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../application/ports/payment-gateway';
import type { ReadStore } from '../../application/ports/read-store';
import { CATALOG_INDEX } from '../../application/ports/catalog-index';
import { TOKENS } from '../../application/ports/tokens';
import type { EventHandler } from '../../application/projections/event-handler';
import { DOCUMENT_RENDERER, type DocumentRenderer } from '../../application/quotes/documents';
import { QuoteService } from '../../application/quotes/quote-service';
import { HoldExpiry } from '../../application/reservations/hold-expiry';
import { ReservationProcess } from '../../application/reservations/reservation-process';
import { ReservationReceipts } from '../../application/reservations/reservation-receipts';
import { ReservationService } from '../../application/reservations/reservation-service';
import type { ChileTerritory } from '../../domain/reference/chile-territory';
import type { JourneyDeps } from '../http/deps';
import { SandboxWebpayGateway } from '../payments/sandbox-webpay-gateway';
import { WebpayPlusGateway } from '../payments/webpay-plus-gateway';
import { PdfkitDocumentRenderer } from '../pdf/pdfkit-document-renderer';
import { loadChileTerritory } from '../reference/load-chile-territory';
import { seedDemoCatalogue } from '../seed/demo-catalogue';

type Log = (message: string, error?: unknown) => void;

/** The buyer's journey: catalogue, financing, quotes, favourites, leads, reservations and payments. */
export const JOURNEY = {
  Territory: Symbol.for('ChileTerritory'),
  Catalog: Symbol.for('CatalogService'),
  Favorites: Symbol.for('FavoritesService'),
  Alerts: Symbol.for('AvailabilityAlertService'),
  Uf: Symbol.for('UfService'),
  Financing: Symbol.for('FinancingService'),
  Leads: Symbol.for('LeadService'),
  Quotes: Symbol.for('QuoteService'),
  Reservations: Symbol.for('ReservationService'),
  ReservationProcess: Symbol.for('ReservationProcess'),
  Receipts: Symbol.for('ReservationReceipts'),
  HoldExpiry: Symbol.for('HoldExpiry'),
  FinancialParameters: Symbol.for('FinancialParametersService'),
  LeadRetention: Symbol.for('LeadRetention'),
  RegistrationRetention: Symbol.for('RegistrationRetention'),
  DataRequestReminders: Symbol.for('DataRequestReminders'),
} as const;

/** Bindings of the journey's use cases and adapters (payments, PDF, reference data), mode-independent. */
export const bindJourney = (bind: Bind, config: AppConfig, log: Log): void => {
  const events = (ctx: ResolutionContext) => ctx.get<EventStore>(TOKENS.EventStore);
  const store = (ctx: ResolutionContext) => ctx.get<ReadStore>(TOKENS.ReadStore);
  bind<ChileTerritory>(JOURNEY.Territory).toDynamicValue(() => loadChileTerritory()).inSingletonScope();
  bind<PaymentGateway>(PAYMENT_GATEWAY)
    .toDynamicValue((ctx) => (config.payments.gateway === 'webpay' ? new WebpayPlusGateway(config.payments.webpay) : new SandboxWebpayGateway(store(ctx))))
    .inSingletonScope();
  bind<DocumentRenderer>(DOCUMENT_RENDERER).toConstantValue(new PdfkitDocumentRenderer());
  bind(JOURNEY.Catalog).toDynamicValue((ctx) => new CatalogService(events(ctx), ctx.get(JOURNEY.Territory))).inSingletonScope();
  bind(JOURNEY.Favorites).toDynamicValue((ctx) => new FavoritesService(events(ctx), ctx.get(JOURNEY.Catalog))).inSingletonScope();
  bind(JOURNEY.Alerts)
    .toDynamicValue(
      (ctx) =>
        new AvailabilityAlertService(
          events(ctx),
          store(ctx),
          ctx.get(JOURNEY.Catalog),
          ctx.get<Mailer>(TOKENS.Mailer),
          ctx.get<IdGenerator>(TOKENS.IdGenerator),
          ctx.get<Clock>(TOKENS.Clock),
          config.publicUrl,
          log,
        ),
    )
    .inSingletonScope();
  bind(JOURNEY.Uf).toDynamicValue((ctx) => new UfService(events(ctx))).inSingletonScope();
  bind(JOURNEY.FinancialParameters).toDynamicValue((ctx) => new FinancialParametersService(events(ctx), ctx.get<IdGenerator>(TOKENS.IdGenerator))).inSingletonScope();
  bind(JOURNEY.Financing).toDynamicValue((ctx) => new FinancingService(ctx.get(JOURNEY.Uf), store(ctx), ctx.get<Clock>(TOKENS.Clock), ctx.get(JOURNEY.FinancialParameters))).inSingletonScope();
  bind(JOURNEY.Leads).toDynamicValue((ctx) => new LeadService(events(ctx), store(ctx), LeadIds.fromPlatformSecret(config.secretKey), log)).inSingletonScope();
  bind(JOURNEY.Quotes)
    .toDynamicValue(
      (ctx) =>
        new QuoteService(
          events(ctx),
          store(ctx),
          ctx.get(JOURNEY.Catalog),
          ctx.get(JOURNEY.Uf),
          ctx.get(JOURNEY.Leads),
          ctx.get(DOCUMENT_RENDERER),
          ctx.get<Mailer>(TOKENS.Mailer),
          ctx.get<IdGenerator>(TOKENS.IdGenerator),
          ctx.get(JOURNEY.FinancialParameters),
        ),
    )
    .inSingletonScope();
  bind(JOURNEY.ReservationProcess)
    .toDynamicValue((ctx) => new ReservationProcess(events(ctx), ctx.get(PAYMENT_GATEWAY), ctx.get<Clock>(TOKENS.Clock), config.reservations.holdMinutes, log))
    .inSingletonScope();
  bind(JOURNEY.Receipts)
    .toDynamicValue((ctx) => new ReservationReceipts(events(ctx), ctx.get(DOCUMENT_RENDERER), ctx.get<Mailer>(TOKENS.Mailer), ctx.get<Clock>(TOKENS.Clock)))
    .inSingletonScope();
  bind(JOURNEY.Reservations)
    .toDynamicValue(
      (ctx) =>
        new ReservationService(
          events(ctx),
          ctx.get(JOURNEY.Catalog),
          ctx.get(PAYMENT_GATEWAY),
          ctx.get(JOURNEY.ReservationProcess),
          ctx.get(JOURNEY.Leads),
          ctx.get<IdGenerator>(TOKENS.IdGenerator),
          () => config.publicUrl,
        ),
    )
    .inSingletonScope();
  bind(JOURNEY.LeadRetention)
    .toDynamicValue(
      (ctx) =>
        new LeadRetention(
          { events: events(ctx), keys: ctx.get<KeyStore>(TOKENS.KeyStore), readStore: store(ctx), clock: ctx.get<Clock>(TOKENS.Clock) },
          config.retention?.leadDays ?? 0,
          log,
        ),
    )
    .inSingletonScope();
  bind(JOURNEY.RegistrationRetention)
    .toDynamicValue(
      (ctx) =>
        new RegistrationRetention(
          { events: events(ctx), keys: ctx.get<KeyStore>(TOKENS.KeyStore), readStore: store(ctx), files: new LocalFileStore(path.join(config.dataDir, 'files')), clock: ctx.get<Clock>(TOKENS.Clock) },
          config.retention?.registrationDays ?? 0,
          log,
        ),
    )
    .inSingletonScope();
  bind(JOURNEY.DataRequestReminders)
    .toDynamicValue((ctx) => new DataRequestReminders({ events: events(ctx), readStore: store(ctx), clock: ctx.get<Clock>(TOKENS.Clock) }, log))
    .inSingletonScope();
  bind(JOURNEY.HoldExpiry)
    .toDynamicValue((ctx) => new HoldExpiry(events(ctx), store(ctx), ctx.get(JOURNEY.ReservationProcess), ctx.get<Clock>(TOKENS.Clock), log))
    .inSingletonScope();
};

/** The journey's process managers, run by the read side beside the projections. */
export const journeyHandlers = (ctx: ResolutionContext, log: Log): EventHandler[] => {
  const receipts = ctx.get<ReservationReceipts>(JOURNEY.Receipts);
  return [
    ctx.get<ReservationProcess>(JOURNEY.ReservationProcess).handler(async (reservationId, cause) => {
      // The receipt is a courtesy: a mail failure must not hold the process up.
      await receipts.mail(reservationId, cause).catch((error) => log(`receipt mail for ${reservationId} failed`, error));
    }),
    ctx.get<AvailabilityAlertService>(JOURNEY.Alerts).handler(),
  ];
};

export const journeyHttpDeps = (container: Container): JourneyDeps => {
  const gateway = container.get<PaymentGateway>(PAYMENT_GATEWAY);
  return {
    territory: container.get(JOURNEY.Territory),
    catalog: container.get(JOURNEY.Catalog),
    catalogIndex: container.get(CATALOG_INDEX),
    favorites: container.get(JOURNEY.Favorites),
    alerts: container.get(JOURNEY.Alerts),
    uf: container.get(JOURNEY.Uf),
    financing: container.get(JOURNEY.Financing),
    financialParameters: container.get(JOURNEY.FinancialParameters),
    leads: container.get(JOURNEY.Leads),
    quotes: container.get(JOURNEY.Quotes),
    reservations: container.get(JOURNEY.Reservations),
    receipts: container.get(JOURNEY.Receipts),
    sandbox: gateway instanceof SandboxWebpayGateway ? gateway : undefined,
  };
};

/**
 * Before the read side starts: the demo catalogue (when asked for). Seeding first lets the projections
 * catch up in large batches afterwards instead of waking for every one of the seed's appends.
 */
export const seedJourney = async (container: Container, config: AppConfig, log: Log): Promise<void> => {
  // The simulator's parameters exist on every platform, demo or not (a restart creates none again).
  await container.get<FinancialParametersService>(JOURNEY.FinancialParameters).seed();
  if (!config.demoCatalogue) return;
  const result = await seedDemoCatalogue(
    container.get<EventStore>(TOKENS.EventStore),
    container.get(JOURNEY.Catalog),
    container.get(JOURNEY.Uf),
    path.join(config.dataDir, 'files'),
  );
  if (result.seeded) log(`demo catalogue seeded: ${result.projects} projects, ${result.units} units in ${result.ms} ms`);
};

/** The hold-expiry timer of the reservation process. */
export const startJourney = (container: Container, config: AppConfig): { stop(): Promise<void> } => {
  const expiry = container.get<HoldExpiry>(JOURNEY.HoldExpiry);
  expiry.start(config.reservations.sweepSeconds * 1000);
  const retention = container.get<LeadRetention>(JOURNEY.LeadRetention);
  retention.start((config.retention?.sweepMinutes ?? 360) * 60_000);
  const registrations = container.get<RegistrationRetention>(JOURNEY.RegistrationRetention);
  registrations.start((config.retention?.sweepMinutes ?? 360) * 60_000);
  const reminders = container.get<DataRequestReminders>(JOURNEY.DataRequestReminders);
  reminders.start((config.retention?.reminderSweepMinutes ?? 60) * 60_000);
  return {
    stop: async () => {
      await expiry.stop();
      await retention.stop();
      await registrations.stop();
      await reminders.stop();
    },
  };
};
