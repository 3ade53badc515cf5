import { handleCommand, foldStream, type CommandResult } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CommandMetadata } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import { parseRut } from '../../domain/shared/rut';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { companyDecider, companyStream, type CompanyEvent, type CompanyProfile, type CompanyRegistration } from '../../domain/companies/company';
import { collaboratorDecider, collaboratorStream, type CollaboratorEvent, type EditableCollaborator } from '../../domain/companies/collaborator';
import { getCompany } from '../../read-models/companies/companies.queries';
import { listCollaborators } from '../../read-models/collaborators/collaborators.queries';

export type NewCollaborator = EditableCollaborator & { rut: string };

/**
 * Companies' profiles and their collaborators (spec §3), for the back office and, scoped to their own company,
 * for company users. A new collaborator is linked to the platform account with the same RUT, so the company's
 * contribution reaches that person's calculator and quotes at once.
 */
export class CompanyAdministrationService {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly ids: IdGenerator,
  ) {}

  /** A company registered by the back office; its id is readable (from its name) and unique (a short suffix). */
  async createCompany(company: Omit<CompanyRegistration, 'companyId'>, meta: CommandMetadata) {
    const rut = parseRut(company.rut);
    if (!rut) throw new DomainError('INVALID_RUT', 'rut', [{ field: 'rut', code: 'INVALID_RUT' }]);
    const slug = company.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40);
    const companyId = `${slug}-${this.ids.newId().slice(0, 6)}`;
    const result = await handleCommand(
      this.events,
      companyStream(companyId),
      companyDecider,
      { type: 'RegisterCompany', companyId, ...company, name: company.name.trim(), rut },
      meta,
    );
    return { companyId, position: result.position };
  }

  updateProfile(companyId: string, changes: Partial<CompanyProfile>, ifMatch: number, meta: CommandMetadata): Promise<CommandResult<CompanyEvent>> {
    return handleCommand(this.events, companyStream(companyId), companyDecider, { type: 'UpdateCompanyProfile', changes }, meta, { ifMatch });
  }

  private async accountOf(rut: string): Promise<string | null> {
    return foldStream(identityClaimDecider, await this.events.readStream(identityClaimStream('rut', rut))).ownerId ?? null;
  }

  async addCollaborator(companyId: string, collaborator: NewCollaborator, meta: CommandMetadata): Promise<{ collaboratorId: string; position: number }> {
    const company = await getCompany(this.store, companyId);
    if (!company) throw new DomainError('NOT_FOUND', 'company');
    const rut = parseRut(collaborator.rut);
    if (!rut) throw new DomainError('INVALID_RUT', 'rut', [{ field: 'rut', code: 'INVALID_RUT' }]);
    if ((await this.collaboratorsByRut(companyId)).has(rut))
      throw new DomainError('RUT_ALREADY_EXISTS', 'collaborator', [
        { field: 'rut', code: 'RUT_ALREADY_EXISTS', message: 'Este RUT ya es colaborador de la empresa.' },
      ]);
    const collaboratorId = this.ids.newId();
    const result = await this.enroll({ companyId, companyName: company.name }, collaboratorId, collaborator, meta);
    return { collaboratorId, position: result.position };
  }

  /** The company's collaborators by RUT (normalised): one read for a whole import. */
  async collaboratorsByRut(companyId: string): Promise<Map<string, string>> {
    return new Map((await listCollaborators(this.store, companyId, {})).items.map((c) => [parseRut(c.rut) ?? c.rut, c.id]));
  }

  /** Enrols under a given id: the same id enrolled again changes nothing (a resumed import). */
  async enroll(company: { companyId: string; companyName: string }, collaboratorId: string, collaborator: NewCollaborator, meta: CommandMetadata) {
    const rut = parseRut(collaborator.rut);
    if (!rut) throw new DomainError('INVALID_RUT', 'rut', [{ field: 'rut', code: 'INVALID_RUT' }]);
    return handleCommand(
      this.events,
      collaboratorStream(collaboratorId),
      collaboratorDecider,
      { type: 'EnrollCollaborator', ...collaborator, collaboratorId, ...company, userId: await this.accountOf(rut), rut },
      meta,
    );
  }

  updateCollaborator(
    collaboratorId: string,
    changes: Partial<EditableCollaborator>,
    ifMatch: number | undefined,
    meta: CommandMetadata,
  ): Promise<CommandResult<CollaboratorEvent>> {
    return handleCommand(this.events, collaboratorStream(collaboratorId), collaboratorDecider, { type: 'UpdateCollaborator', changes }, meta, { ifMatch });
  }

  deactivateCollaborator(collaboratorId: string, reason: string, meta: CommandMetadata): Promise<CommandResult<CollaboratorEvent>> {
    return handleCommand(
      this.events,
      collaboratorStream(collaboratorId),
      collaboratorDecider,
      { type: 'DeactivateCollaborator', collaboratorId, reason },
      meta,
    );
  }
}
