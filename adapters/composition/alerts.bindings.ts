import { ALERTS } from '../../application/alerts/alerts.tokens';
import { AvailabilityAlertService } from '../../application/alerts/availability-alert-service';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';

/** Availability alerts: the buyer's "tell me when it is free", and the event handler that tells them. */
export const alertsBindings: ModuleBindings = {
  name: 'alerts',
  bind(bind, config, log) {
    bind(ALERTS.Alerts)
      .toDynamicValue(
        (ctx) =>
          new AvailabilityAlertService(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, TOKENS.ReadStore),
            resolve(ctx, CATALOG.Catalog),
            resolve(ctx, TOKENS.Mailer),
            resolve(ctx, TOKENS.IdGenerator),
            resolve(ctx, TOKENS.Clock),
            config.publicUrl,
            log,
          ),
      )
      .inSingletonScope();
  },
  handlers: (ctx) => [resolve(ctx, ALERTS.Alerts).handler()],
};
