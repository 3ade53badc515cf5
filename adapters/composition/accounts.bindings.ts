import { ACCESS } from '../../application/access/access.tokens';
import { RoleService } from '../../application/access/role-service';
import { AccountService } from '../../application/accounts/account-service';
import { ACCOUNTS } from '../../application/accounts/accounts.tokens';
import { DeferredWork } from '../../application/accounts/deferred-work';
import { SessionService } from '../../application/accounts/session-service';
import { MAIL } from '../../application/mail/mail.tokens';
import { MailOutbox } from '../../application/mail/mail-outbox';
import { MailTemplatesService } from '../../application/mail/mail-templates-service';
import { sharedTemplateEngine } from '../mail/handlebars-worker';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { permissionsOf } from '../../domain/access/permissions';
import { ScryptPasswordHasher } from '../crypto/scrypt-password-hasher';
import type { ModuleBindings } from './module-bindings';

/** Accounts, sessions and roles, and the mail outbox every module sends through. */
export const accountsBindings: ModuleBindings = {
  name: 'accounts',
  bind(bind, config, log) {
    bind(MAIL.Templates)
      .toDynamicValue((ctx) => new MailTemplatesService(resolve(ctx, TOKENS.EventStore), sharedTemplateEngine))
      .inSingletonScope();
    // Every mail goes through the outbox; the delivery worker (platform.ts) sends it.
    bind(TOKENS.Mailer)
      .toDynamicValue(
        (ctx) => new MailOutbox(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.IdGenerator), resolve(ctx, TOKENS.Clock), resolve(ctx, MAIL.Templates)),
      )
      .inSingletonScope();
    bind(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher(config.kdf));
    bind(ACCOUNTS.Deferred).toConstantValue(new DeferredWork(log));
    bind(ACCOUNTS.Accounts)
      .toDynamicValue(
        (ctx) =>
          new AccountService(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, TOKENS.PasswordHasher),
            resolve(ctx, TOKENS.Mailer),
            resolve(ctx, TOKENS.IdGenerator),
            config,
            log,
            resolve(ctx, ACCOUNTS.Deferred),
          ),
      )
      .inSingletonScope();
    bind(ACCESS.Roles)
      .toDynamicValue((ctx) => new RoleService(resolve(ctx, TOKENS.EventStore)))
      .inSingletonScope();
    bind(ACCOUNTS.Sessions)
      .toDynamicValue((ctx) => {
        const accounts = resolve(ctx, ACCOUNTS.Accounts);
        return new SessionService(resolve(ctx, TOKENS.SessionStore), resolve(ctx, TOKENS.Clock), config, async (userId) => {
          const principal = await accounts.loadPrincipal(userId);
          const permissions = principal ? permissionsOf(principal.roles) : [];
          return { roles: principal?.roles ?? [], permissions, abilities: permissions };
        });
      })
      .inSingletonScope();
  },
  /** Expired sessions purged every minute; account work done after an answer (mails) finishes before the stores close. */
  start(container, _config, log) {
    const sessions = resolve(container, TOKENS.SessionStore);
    const purge = setInterval(() => {
      sessions.purgeExpired(new Date().toISOString()).catch((e) => log('session purge failed', e));
    }, 60_000);
    purge.unref();
    return {
      async stop() {
        clearInterval(purge);
        await resolve(container, ACCOUNTS.Deferred).idle();
      },
    };
  },
};
