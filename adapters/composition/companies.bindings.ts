import { ACCOUNTS } from '../../application/accounts/accounts.tokens';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { COMPANIES } from '../../application/companies/companies.tokens';
import { CollaboratorImportRunner } from '../../application/companies/collaborator-import-runner';
import { CompanyAdministrationService } from '../../application/companies/company-administration-service';
import { CompanyMembershipService } from '../../application/companies/company-membership-service';
import { CompanyRegistrationService } from '../../application/companies/company-registration-service';
import { CompanyTeamService } from '../../application/companies/company-team-service';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { unfinishedCollaboratorImports } from '../../read-models/collaborator-imports/collaborator-imports.projection';
import { fieldMessage } from '../http/errors';
import { collaboratorImportHeader, parseCollaboratorRow } from '../imports/collaborator-rows';
import { spreadsheetReader } from '../imports/spreadsheet';
import type { ModuleBindings } from './module-bindings';
import { systemMeta } from './system-meta';

/** Partner and real-estate companies: registration, profiles, teams, memberships and collaborators' imports. */
export const companiesBindings: ModuleBindings = {
  name: 'companies',
  bind(bind, _config, log) {
    bind(COMPANIES.Administration)
      .toDynamicValue(
        (ctx) => new CompanyAdministrationService(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore), resolve(ctx, TOKENS.IdGenerator)),
      )
      .inSingletonScope();
    bind(COMPANIES.Memberships)
      .toDynamicValue((ctx) => new CompanyMembershipService(resolve(ctx, TOKENS.EventStore)))
      .inSingletonScope();
    bind(COMPANIES.Team)
      .toDynamicValue(
        (ctx) =>
          new CompanyTeamService(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, TOKENS.ReadStore),
            resolve(ctx, ACCOUNTS.Accounts),
            resolve(ctx, COMPANIES.Memberships),
          ),
      )
      .inSingletonScope();
    bind(COMPANIES.Registrations)
      .toDynamicValue(
        (ctx) =>
          new CompanyRegistrationService(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, ACCOUNTS.Accounts),
            resolve(ctx, TOKENS.Mailer),
            resolve(ctx, TOKENS.IdGenerator),
            () => resolve(ctx, CATALOG.Territory),
            log,
          ),
      )
      .inSingletonScope();
    bind(COMPANIES.CollaboratorImports)
      .toDynamicValue(
        (ctx) =>
          new CollaboratorImportRunner(
            {
              events: resolve(ctx, TOKENS.EventStore),
              readStore: resolve(ctx, TOKENS.ReadStore),
              files: resolve(ctx, TOKENS.FileStore),
              sheets: spreadsheetReader,
              companies: resolve(ctx, COMPANIES.Administration),
              parseRow: parseCollaboratorRow,
              describe: fieldMessage,
              headerOf: collaboratorImportHeader,
            },
            log,
          ),
      )
      .inSingletonScope();
  },
  start(container) {
    const imports = resolve(container, COMPANIES.CollaboratorImports);
    return { stop: () => imports.halt() };
  },
  /** Collaborators' imports cut short by a stop or a crash go on where they stopped. */
  async afterReady(container) {
    const imports = resolve(container, COMPANIES.CollaboratorImports);
    const meta = systemMeta('resume-collaborator-imports');
    for (const importId of await unfinishedCollaboratorImports(resolve(container, TOKENS.ReadStore))) void imports.resume(importId, meta);
  },
};
