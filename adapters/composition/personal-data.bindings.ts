import { DataRequestReminders } from '../../application/personal-data/data-request-reminders';
import { DataRequestService } from '../../application/personal-data/data-request-service';
import { LeadIds } from '../../application/personal-data/lead-ids';
import { LeadRetention } from '../../application/personal-data/lead-retention';
import { PERSONAL_DATA } from '../../application/personal-data/personal-data.tokens';
import { RegistrationRetention } from '../../application/personal-data/registration-retention';
import { ACCESS } from '../../application/access/access.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { LEADS } from '../../application/leads/leads.tokens';
import { PrivacyPreferences } from '../../application/personal-data/privacy-preferences';
import type { ModuleBindings } from './module-bindings';

/** Personal data: the data subjects' requests, their reminders, and the retention sweeps. */
export const personalDataBindings: ModuleBindings = {
  name: 'personal-data',
  bind(bind, config, log) {
    bind(PERSONAL_DATA.DataRequests)
      .toDynamicValue(
        (ctx) =>
          new DataRequestService({
            events: resolve(ctx, TOKENS.EventStore),
            keys: resolve(ctx, TOKENS.KeyStore),
            sessions: resolve(ctx, TOKENS.SessionStore),
            readStore: resolve(ctx, TOKENS.ReadStore),
            roles: resolve(ctx, ACCESS.Roles),
            ids: resolve(ctx, TOKENS.IdGenerator),
            leadIds: LeadIds.fromPlatformSecret(config.secretKey),
          }),
      )
      .inSingletonScope();
    bind(PERSONAL_DATA.LeadRetention)
      .toDynamicValue(
        (ctx) =>
          new LeadRetention(
            {
              events: resolve(ctx, TOKENS.EventStore),
              keys: resolve(ctx, TOKENS.KeyStore),
              readStore: resolve(ctx, TOKENS.ReadStore),
              clock: resolve(ctx, TOKENS.Clock),
            },
            config.retention?.leadDays ?? 0,
            log,
          ),
      )
      .inSingletonScope();
    bind(PERSONAL_DATA.RegistrationRetention)
      .toDynamicValue(
        (ctx) =>
          new RegistrationRetention(
            {
              events: resolve(ctx, TOKENS.EventStore),
              keys: resolve(ctx, TOKENS.KeyStore),
              readStore: resolve(ctx, TOKENS.ReadStore),
              files: resolve(ctx, TOKENS.FileStore),
              clock: resolve(ctx, TOKENS.Clock),
            },
            config.retention?.registrationDays ?? 0,
            log,
          ),
      )
      .inSingletonScope();
    bind(PERSONAL_DATA.DataRequestReminders)
      .toDynamicValue(
        (ctx) =>
          new DataRequestReminders(
            { events: resolve(ctx, TOKENS.EventStore), readStore: resolve(ctx, TOKENS.ReadStore), clock: resolve(ctx, TOKENS.Clock) },
            log,
          ),
      )
      .inSingletonScope();
    bind(PERSONAL_DATA.Preferences)
      .toDynamicValue((ctx) => {
        const requests = resolve(ctx, PERSONAL_DATA.DataRequests);
        const leads = resolve(ctx, LEADS.Leads);
        return new PrivacyPreferences({
          events: resolve(ctx, TOKENS.EventStore),
          leadIdsOf: (userId) => requests.leadsOf(userId),
          setLeadProfiling: (leadIds, profiling, meta) => leads.setProfiling(leadIds, profiling, meta),
        });
      })
      .inSingletonScope();
  },
  /** The retention sweeps and the data-request reminders. */
  start(container, config) {
    const sweepMs = (config.retention?.sweepMinutes ?? 360) * 60_000;
    const retention = resolve(container, PERSONAL_DATA.LeadRetention);
    retention.start(sweepMs);
    const registrations = resolve(container, PERSONAL_DATA.RegistrationRetention);
    registrations.start(sweepMs);
    const reminders = resolve(container, PERSONAL_DATA.DataRequestReminders);
    reminders.start((config.retention?.reminderSweepMinutes ?? 60) * 60_000);
    return {
      stop: async () => {
        await retention.stop();
        await registrations.stop();
        await reminders.stop();
      },
    };
  },
};
