import { CATALOG } from '../../application/catalog/catalog.tokens';
import { FINANCING } from '../../application/financing/financing.tokens';
import { LEADS } from '../../application/leads/leads.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { QUOTES } from '../../application/quotes/quotes.tokens';
import { HoldExpiry } from '../../application/reservations/hold-expiry';
import { ReservationProcess } from '../../application/reservations/reservation-process';
import { ReservationReceipts } from '../../application/reservations/reservation-receipts';
import { ReservationService } from '../../application/reservations/reservation-service';
import { ReservationTerms } from '../../application/reservations/reservation-terms';
import { ReservationDesk } from '../../application/reservations/reservation-desk';
import { RESERVATIONS } from '../../application/reservations/reservations.tokens';
import { SandboxWebpayGateway } from '../payments/sandbox-webpay-gateway';
import { WebpayPlusGateway } from '../payments/webpay-plus-gateway';
import type { ModuleBindings } from './module-bindings';

/** Reservations and payments: the gateway, the process manager, its hold-expiry timer and the receipts. */
export const reservationsBindings: ModuleBindings = {
  name: 'reservations',
  bind(bind, config, log) {
    bind(TOKENS.PaymentGateway)
      .toDynamicValue((ctx) =>
        config.payments.gateway === 'webpay' ? new WebpayPlusGateway(config.payments.webpay) : new SandboxWebpayGateway(resolve(ctx, TOKENS.ReadStore)),
      )
      .inSingletonScope();
    bind(RESERVATIONS.Process)
      .toDynamicValue(
        (ctx) =>
          new ReservationProcess(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, TOKENS.PaymentGateway),
            resolve(ctx, TOKENS.Clock),
            config.reservations.holdMinutes,
            resolve(ctx, FINANCING.FinancialParameters),
            log,
          ),
      )
      .inSingletonScope();
    bind(RESERVATIONS.Receipts)
      .toDynamicValue(
        (ctx) =>
          new ReservationReceipts(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, QUOTES.DocumentRenderer),
            resolve(ctx, TOKENS.Mailer),
            resolve(ctx, TOKENS.Clock),
          ),
      )
      .inSingletonScope();
    bind(RESERVATIONS.Reservations)
      .toDynamicValue(
        (ctx) =>
          new ReservationService(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, CATALOG.Catalog),
            resolve(ctx, TOKENS.PaymentGateway),
            resolve(ctx, RESERVATIONS.Process),
            resolve(ctx, LEADS.Leads),
            resolve(ctx, TOKENS.IdGenerator),
            config,
          ),
      )
      .inSingletonScope();
    bind(RESERVATIONS.Terms)
      .toDynamicValue((ctx) => new ReservationTerms(resolve(ctx, CATALOG.Catalog), resolve(ctx, FINANCING.Uf), config.reservations.holdMinutes))
      .inSingletonScope();
    bind(RESERVATIONS.Desk)
      .toDynamicValue((ctx) => new ReservationDesk(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.PaymentGateway), resolve(ctx, RESERVATIONS.Process)))
      .inSingletonScope();
    bind(RESERVATIONS.HoldExpiry)
      .toDynamicValue(
        (ctx) =>
          new HoldExpiry(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore), resolve(ctx, RESERVATIONS.Process), resolve(ctx, TOKENS.Clock), log),
      )
      .inSingletonScope();
  },
  handlers(ctx, log) {
    const receipts = resolve(ctx, RESERVATIONS.Receipts);
    return [
      resolve(ctx, RESERVATIONS.Process).handler(async (reservationId, cause) => {
        // The receipt is a courtesy: a mail failure must not hold the process up.
        await receipts.mail(reservationId, cause).catch((error: unknown) => log(`receipt mail for ${reservationId} failed`, error));
      }),
    ];
  },
  /** The hold-expiry timer of the reservation process. */
  start(container, config) {
    const expiry = resolve(container, RESERVATIONS.HoldExpiry);
    expiry.start(config.reservations.sweepSeconds * 1000);
    return { stop: () => expiry.stop() };
  },
};
