import { handleCommand, foldStream, type CommandResult } from '../command-handling/handle-command';
import type { EventStore } from '../ports/event-store';
import type { IdGenerator } from '../ports/clock';
import type { ReadStore } from '../ports/read-store';
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
    const existing = (await listCollaborators(this.store, companyId, {})).items.find((c) => parseRut(c.rut) === rut);
    if (existing)
      throw new DomainError('RUT_ALREADY_EXISTS', 'collaborator', [
        { field: 'rut', code: 'RUT_ALREADY_EXISTS', message: 'Este RUT ya es colaborador de la empresa.' },
      ]);
    const collaboratorId = this.ids.newId();
    const result = await handleCommand(
      this.events,
      collaboratorStream(collaboratorId),
      collaboratorDecider,
      {
        type: 'EnrollCollaborator',
        ...collaborator,
        collaboratorId,
        companyId,
        companyName: company.name,
        userId: await this.accountOf(rut),
        rut,
      },
      meta,
    );
    return { collaboratorId, position: result.position };
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

  /**
   * The import: each valid row creates the collaborator, or updates the one the company already has with that
   * RUT; a row the domain refuses is reported with its field and message, and the others still land.
   */
  async importCollaborators(companyId: string, rows: readonly { row: number; collaborator: NewCollaborator }[], meta: CommandMetadata) {
    const result = { created: 0, updated: 0, rejected: [] as { row: number; field: string; code: string; message?: string }[], position: 0 };
    const known = new Map((await listCollaborators(this.store, companyId, {})).items.map((c) => [parseRut(c.rut), c.id]));
    for (const { row, collaborator } of rows) {
      try {
        const rut = parseRut(collaborator.rut);
        const id = rut ? known.get(rut) : undefined;
        if (id) {
          const { rut: _rut, ...changes } = collaborator;
          const updated = await this.updateCollaborator(id, changes, undefined, meta);
          if (updated.events.length) result.updated++;
          result.position = Math.max(result.position, updated.position);
        } else {
          const added = await this.addCollaborator(companyId, collaborator, meta);
          if (rut) known.set(rut, added.collaboratorId);
          result.created++;
          result.position = Math.max(result.position, added.position);
        }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const first = error.fieldErrors[0];
        result.rejected.push({ row, field: first?.field ?? '', code: first?.code ?? error.code, message: first?.message });
      }
    }
    return result;
  }
}
