import { token } from '../../kernel/ports/token';
import type { CollaboratorImportRunner } from './collaborator-import-runner';
import type { CompanyAdministrationService } from './company-administration-service';
import type { CompanyMembershipService } from './company-membership-service';
import type { CompanyRegistrationService } from './company-registration-service';
import type { CompanyTeamService } from './company-team-service';

/** The companies module's DI tokens (bound in adapters/composition/companies.bindings.ts). */
export const COMPANIES = {
  Administration: token<CompanyAdministrationService>('CompanyAdministrationService'),
  Memberships: token<CompanyMembershipService>('CompanyMembershipService'),
  Team: token<CompanyTeamService>('CompanyTeamService'),
  Registrations: token<CompanyRegistrationService>('CompanyRegistrationService'),
  CollaboratorImports: token<CollaboratorImportRunner>('CollaboratorImportRunner'),
} as const;
