import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { AccountService } from '../../application/accounts/account-service';
import { DeferredWork } from '../../application/accounts/deferred-work';
import { SessionService } from '../../application/accounts/session-service';
import { RoleService } from '../../application/access/role-service';
import { DataRequestService } from '../../application/personal-data/data-request-service';
import { LeadIds } from '../../application/personal-data/lead-ids';
import { MailOutbox } from '../../application/mail/mail-outbox';
import { MailTemplatesService } from '../../application/mail/mail-templates-service';
import type { AppConfig } from '../../application/config';
import { systemClock, type Clock, type IdGenerator } from '../../application/ports/clock';
import type { EventStore } from '../../application/ports/event-store';
import type { Mailer } from '../../application/ports/mailer';
import type { PasswordHasher } from '../../application/ports/password-hasher';
import type { SessionStore } from '../../application/ports/session-store';
import { TOKENS } from '../../application/ports/tokens';
import type { EventHandler } from '../../application/projections/event-handler';
import type { Projection } from '../../application/projections/projection';
import { permissionsOf } from '../../domain/access/permissions';
import { ScryptPasswordHasher } from '../crypto/scrypt-password-hasher';
import { ALL_PROJECTIONS } from '../../read-models/all-projections';
import { CATALOG_INDEX, type CatalogIndex } from '../../application/ports/catalog-index';
import { catalogProjectionWith } from '../../read-models/catalog/catalog.projection';
import { bindJourney, journeyHandlers } from './journey.bindings';

export const APP = {
  Accounts: Symbol.for('AccountService'),
  Roles: Symbol.for('RoleService'),
  Sessions: Symbol.for('SessionService'),
  /** Account work done after the answer (application/accounts/deferred-work.ts). */
  Deferred: Symbol.for('DeferredWork'),
  DataRequests: Symbol.for('DataRequestService'),
  MailTemplates: Symbol.for('MailTemplatesService'),
} as const;

/** Mode-independent bindings: the use cases, over whichever adapters the mode module bound. */
export const applicationModule = (config: AppConfig, log: (msg: string, err?: unknown) => void) =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind<Clock>(TOKENS.Clock).toConstantValue(systemClock);
    bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue({ newId: () => randomUUID() });
    bind(APP.MailTemplates).toDynamicValue((ctx) => new MailTemplatesService(ctx.get<EventStore>(TOKENS.EventStore))).inSingletonScope();
    // Every mail goes through the outbox; the delivery worker (platform.ts) sends it.
    bind<Mailer>(TOKENS.Mailer)
      .toDynamicValue((ctx) => new MailOutbox(ctx.get<EventStore>(TOKENS.EventStore), ctx.get<IdGenerator>(TOKENS.IdGenerator), ctx.get<Clock>(TOKENS.Clock), ctx.get<MailTemplatesService>(APP.MailTemplates)))
      .inSingletonScope();
    bind<PasswordHasher>(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher(config.kdf));
    bind(APP.Deferred).toConstantValue(new DeferredWork(log));
    bind(APP.Accounts)
      .toDynamicValue((ctx) =>
        new AccountService(ctx.get<EventStore>(TOKENS.EventStore), ctx.get(TOKENS.PasswordHasher), ctx.get(TOKENS.Mailer), ctx.get(TOKENS.IdGenerator), config, log, ctx.get(APP.Deferred)),
      )
      .inSingletonScope();
    bind(APP.Roles).toDynamicValue((ctx) => new RoleService(ctx.get<EventStore>(TOKENS.EventStore))).inSingletonScope();
    bind(APP.DataRequests)
      .toDynamicValue(
        (ctx) =>
          new DataRequestService({
            events: ctx.get<EventStore>(TOKENS.EventStore),
            keys: ctx.get(TOKENS.KeyStore),
            sessions: ctx.get<SessionStore>(TOKENS.SessionStore),
            readStore: ctx.get(TOKENS.ReadStore),
            roles: ctx.get<RoleService>(APP.Roles),
            ids: ctx.get<IdGenerator>(TOKENS.IdGenerator),
            leadIds: LeadIds.fromPlatformSecret(config.secretKey),
          }),
      )
      .inSingletonScope();
    bind(APP.Sessions)
      .toDynamicValue((ctx) => {
        const accounts = ctx.get<AccountService>(APP.Accounts);
        return new SessionService(ctx.get<SessionStore>(TOKENS.SessionStore), ctx.get<Clock>(TOKENS.Clock), config, async (userId) => {
          const principal = await accounts.loadPrincipal(userId);
          const permissions = principal ? permissionsOf(principal.roles) : [];
          return { roles: principal?.roles ?? [], permissions, abilities: permissions };
        });
      })
      .inSingletonScope();
    // Every projection and every process manager (add yours here): the mode module's read side
    // (TOKENS.ProjectionRunner: in-process runner embedded, Kafka projectors distributed) runs both lists.
    bind<readonly Projection[]>(TOKENS.Projections).toDynamicValue((ctx) => [...ALL_PROJECTIONS, catalogProjectionWith(ctx.get<CatalogIndex>(CATALOG_INDEX))]).inSingletonScope();
    bind<readonly EventHandler[]>(TOKENS.EventHandlers).toDynamicValue((ctx) => journeyHandlers(ctx, log)).inSingletonScope();
    bindJourney(bind, config, log);
  });
