import type { ImageCategory } from '../../domain/catalog/catalog-values';
import { projectStream, type ExistingProject, type PricingOptions, type ProjectDetailsInput } from '../../domain/catalog/project';
import type { UnitSpec } from '../../domain/catalog/unit';
import { companyDecider, companyStream } from '../../domain/companies/company';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { CommandResult } from '../../kernel/command-handling/handle-command';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { FileStore } from '../../kernel/ports/file-store';
import type { ImageProcessor, PreparedFile } from '../../kernel/ports/image-processor';
import type { CatalogService } from './catalog-service';

/** Who acts: staff run every project; a company user only its own company's (membership). */
export type CatalogActor = { readonly all: true } | { readonly all: false; readonly companyId: string | null };

/** The editable fields as the API takes them: the real-estate company by id, its name and RUT from its registry entry. */
export type ProjectInput = Omit<ProjectDetailsInput, 'realEstate'> & { realEstate: { companyId: string }; pricing?: PricingOptions };

export type UploadedFile = { readonly bytes: Buffer; readonly contentType: string; readonly originalName: string };

/** Files of the catalogue live under this area of the file store (served under /files/catalog/...). */
export const CATALOG_FILES = 'catalog';

const forbidden = (): never => {
  throw new DomainError('INSUFFICIENT_PERMISSIONS', 'another company’s catalogue');
};

/** A person's name for the file, without the path or the extension: shown, never used as a path. */
const displayName = (originalName: string): string =>
  originalName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 120) || 'Archivo';

/**
 * Catalogue operations (issue 10): projects, units, images, floor plans and the featured list, each a
 * command on the project's or the unit's stream, so every change is in that entity's history. Files are
 * stored (fsync'd) before the event that references them; a command that fails removes what it stored.
 */
export class CatalogAdministration {
  constructor(
    private readonly events: EventStore,
    private readonly catalog: CatalogService,
    private readonly files: FileStore,
    private readonly images: ImageProcessor,
    private readonly ids: IdGenerator,
  ) {}

  /** The project, if the actor may run it: 404 when it does not exist, 403 when it is another company's. */
  async projectFor(actor: CatalogActor, projectId: string): Promise<ExistingProject> {
    const project = await this.catalog.project(projectId);
    if (project.status === 'none') throw new DomainError('NOT_FOUND', 'project');
    if (!actor.all && project.details.realEstate.companyId !== actor.companyId) forbidden();
    return project;
  }

  async unitFor(actor: CatalogActor, unitId: string) {
    const unit = await this.catalog.unit(unitId);
    if (unit.status === 'absent') throw new DomainError('NOT_FOUND', 'unit');
    await this.projectFor(actor, unit.projectId);
    return unit;
  }

  /** The real-estate company's registry entry gives its name and RUT; it must be a real-estate company the actor may act for. */
  async realEstateFor(actor: CatalogActor, companyId: string): Promise<ProjectDetailsInput['realEstate']> {
    if (!actor.all && companyId !== actor.companyId) forbidden();
    const { state } = await loadStream(this.events, companyStream(companyId), companyDecider);
    if (!state.exists || state.kind !== 'real_estate')
      throw new DomainError('VALIDATION_FAILED', 'realEstate.companyId', [
        { field: 'realEstate.companyId', code: 'INVALID_VALUE', message: 'Elija una inmobiliaria registrada.' },
      ]);
    return { companyId, name: state.profile.name, rut: state.rut };
  }

  async createProject(actor: CatalogActor, input: ProjectInput, meta: CommandMetadata, projectId = this.ids.newId()) {
    const { pricing, realEstate, ...details } = input;
    const owner = await this.realEstateFor(actor, realEstate.companyId);
    const result = await this.catalog.onProject(projectId, { type: 'CreateProject', projectId, details: { ...details, realEstate: owner }, pricing }, meta);
    return { id: projectId, ...result };
  }

  async updateProject(actor: CatalogActor, projectId: string, changes: Partial<ProjectInput>, meta: CommandMetadata, ifMatch: number) {
    const project = await this.projectFor(actor, projectId);
    const { pricing, realEstate, ...details } = changes;
    const owner =
      realEstate && realEstate.companyId !== project.details.realEstate.companyId ? await this.realEstateFor(actor, realEstate.companyId) : undefined;
    let result = await this.catalog.onProject(
      projectId,
      { type: 'UpdateProjectDetails', changes: { ...details, ...(owner ? { realEstate: owner } : {}) } },
      meta,
      ifMatch,
    );
    if (pricing) result = await this.catalog.onProject(projectId, { type: 'SetPricingOptions', ...pricing }, meta, result.revision);
    return result;
  }

  async setProjectEnabled(actor: CatalogActor, projectId: string, enabled: boolean, reason: string, meta: CommandMetadata) {
    await this.projectFor(actor, projectId);
    return this.catalog.onProject(projectId, enabled ? { type: 'EnableProject' } : { type: 'DisableProject', reason }, meta);
  }

  async addUnit(actor: CatalogActor, projectId: string, spec: UnitSpec, meta: CommandMetadata, unitId = this.ids.newId()) {
    await this.projectFor(actor, projectId);
    const result = await this.catalog.addUnit(unitId, projectId, spec, meta);
    return { id: unitId, ...result };
  }

  async updateUnit(actor: CatalogActor, unitId: string, changes: Partial<UnitSpec>, meta: CommandMetadata, ifMatch: number) {
    await this.unitFor(actor, unitId);
    return this.catalog.onUnit(unitId, { type: 'UpdateUnit', changes }, meta, ifMatch);
  }

  async setUnitEnabled(actor: CatalogActor, unitId: string, enabled: boolean, reason: string, meta: CommandMetadata) {
    await this.unitFor(actor, unitId);
    return this.catalog.onUnit(unitId, enabled ? { type: 'EnableUnit' } : { type: 'DisableUnit', reason }, meta);
  }

  /**
   * The home page's featured list in this order. Each project's place is on its own stream (its history
   * shows when it was featured), so the list is written project by project: every id is checked first,
   * and writing the same list again converges, so a retry after a failure finishes the job.
   */
  async setFeatured(projectIds: readonly string[], currentlyFeatured: readonly string[], meta: CommandMetadata) {
    const unique = [...new Set(projectIds)];
    if (unique.length !== projectIds.length)
      throw new DomainError('VALIDATION_FAILED', 'projectIds', [
        { field: 'projectIds', code: 'INVALID_VALUE', message: 'Un proyecto aparece dos veces en la lista.' },
      ]);
    for (const id of unique)
      if ((await this.catalog.project(id)).status === 'none')
        throw new DomainError('VALIDATION_FAILED', 'projectIds', [{ field: 'projectIds', code: 'NOT_FOUND', message: `No existe el proyecto ${id}.` }]);
    let position = 0;
    for (const id of currentlyFeatured.filter((id) => !unique.includes(id)))
      position = (await this.catalog.onProject(id, { type: 'UnfeatureProject' }, meta)).position;
    for (const [index, id] of unique.entries())
      position = Math.max(position, (await this.catalog.onProject(id, { type: 'FeatureProject', order: index + 1 }, meta)).position);
    return { position };
  }

  private async store(file: PreparedFile): Promise<string> {
    return (await this.files.put(CATALOG_FILES, file.bytes, file.contentType)).fileRef;
  }

  /** Runs the command that references the stored files; when it fails, the files go (nothing references them). */
  private async referencing<T>(fileRefs: string[], command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      await Promise.all(fileRefs.map((ref) => this.files.delete(ref).catch(() => undefined)));
      throw error;
    }
  }

  async addImage(
    actor: CatalogActor,
    projectId: string,
    upload: UploadedFile,
    fields: { category: ImageCategory; name?: string; primary?: boolean; unitId?: string },
    meta: CommandMetadata,
  ) {
    await this.projectFor(actor, projectId);
    if (fields.unitId) {
      const unit = await this.catalog.unit(fields.unitId);
      if (unit.status === 'absent' || unit.projectId !== projectId)
        throw new DomainError('VALIDATION_FAILED', 'unitId', [{ field: 'unitId', code: 'NOT_FOUND', message: 'La unidad no existe en este proyecto.' }]);
    }
    const prepared = await this.images.prepare(upload.bytes, upload.contentType);
    const fileRef = await this.store(prepared.original);
    const variants = prepared.variants ? { card: await this.store(prepared.variants.card), thumb: await this.store(prepared.variants.thumb) } : null;
    const refs = [fileRef, ...(variants ? [variants.card, variants.thumb] : [])];
    const imageId = this.ids.newId();
    const name = fields.name ?? displayName(upload.originalName);
    const result = await this.referencing(refs, () =>
      this.catalog.onProject(
        projectId,
        { type: 'AddProjectImage', imageId, category: fields.category, name, fileRef, primary: fields.primary ?? false, variants, size: prepared.size },
        meta,
      ),
    );
    return { id: imageId, fileRef, variants, size: prepared.size, ...result };
  }

  /**
   * Bulk picture upload (spec §9: JPG or PNG, 10 MB each): every file is read and resized before anything is
   * stored, so a damaged file refuses the whole batch instead of leaving half of it; then each picture is
   * stored and recorded like a single upload, in the order chosen.
   */
  async addImages(
    actor: CatalogActor,
    projectId: string,
    uploads: readonly UploadedFile[],
    fields: { category: ImageCategory; unitId?: string },
    meta: CommandMetadata,
  ) {
    await this.projectFor(actor, projectId);
    for (const upload of uploads) await this.images.prepare(upload.bytes, upload.contentType);
    const added = [];
    for (const upload of uploads)
      added.push({
        name: displayName(upload.originalName),
        ...(await this.addImage(actor, projectId, upload, { category: fields.category, unitId: fields.unitId }, meta)),
      });
    return added;
  }

  async updateImage(
    actor: CatalogActor,
    projectId: string,
    imageId: string,
    changes: { category?: ImageCategory; name?: string; primary?: boolean; order?: number },
    meta: CommandMetadata,
  ) {
    await this.projectFor(actor, projectId);
    return this.catalog.onProject(projectId, { type: 'UpdateProjectImage', imageId, ...changes }, meta);
  }

  /** Removes the image from the project; its files go once the event is recorded. */
  async removeImage(actor: CatalogActor, projectId: string, imageId: string, meta: CommandMetadata) {
    const project = await this.projectFor(actor, projectId);
    const image = project.images.get(imageId);
    if (!image) throw new DomainError('NOT_FOUND', 'image');
    const result = await this.catalog.onProject(projectId, { type: 'RemoveProjectImage', imageId }, meta);
    await Promise.all(image.files.map((ref) => this.files.delete(ref).catch(() => undefined)));
    return result;
  }

  /**
   * Floor plans: without units, each file becomes a template of the typology and model; with units, the
   * (single) file is those units' own plan, overriding the template (its base is the template, if any).
   */
  async addFloorPlans(
    actor: CatalogActor,
    projectId: string,
    uploads: readonly UploadedFile[],
    fields: { typology: string; model: string; unitIds: readonly string[]; name?: string; primary?: boolean; basePlanId: string | null },
    meta: CommandMetadata,
  ) {
    await this.projectFor(actor, projectId);
    if (fields.unitIds.length > 0 && uploads.length !== 1)
      throw new DomainError('VALIDATION_FAILED', 'file', [{ field: 'file', code: 'INVALID_VALUE', message: 'Asigne un solo plano a las unidades elegidas.' }]);
    for (const unitId of fields.unitIds) {
      const unit = await this.catalog.unit(unitId);
      if (unit.status === 'absent' || unit.projectId !== projectId)
        throw new DomainError('VALIDATION_FAILED', 'unitId', [{ field: 'unitId', code: 'NOT_FOUND', message: 'Unidad no encontrada o sin permisos.' }]);
    }
    const items: { id: string; fileRef: string; unitIds: string[] }[] = [];
    let last: CommandResult<unknown> | null = null;
    for (const [index, upload] of uploads.entries()) {
      const fileRef = await this.store(
        upload.contentType === 'image/svg+xml' ? (await this.images.prepare(upload.bytes, upload.contentType)).original : upload,
      );
      const name = fields.name ?? displayName(upload.originalName);
      if (fields.unitIds.length > 0) {
        for (const [i, unitId] of fields.unitIds.entries()) {
          const customize = () =>
            this.catalog.onProject(projectId, { type: 'CustomizeUnitFloorPlan', unitId, basePlanId: fields.basePlanId, name, fileRef }, meta);
          // Once the first unit's event names the file, a later failure must not remove it.
          last = i === 0 ? await this.referencing([fileRef], customize) : await customize();
        }
        items.push({ id: fields.unitIds[0], fileRef, unitIds: [...fields.unitIds] });
      } else {
        const planId = this.ids.newId();
        last = await this.referencing([fileRef], () =>
          this.catalog.onProject(
            projectId,
            { type: 'AddFloorPlan', planId, typology: fields.typology, model: fields.model, name, fileRef, primary: (fields.primary ?? false) && index === 0 },
            meta,
          ),
        );
        items.push({ id: planId, fileRef, unitIds: [] });
      }
    }
    return { items, position: last?.position ?? 0 };
  }

  async removeFloorPlan(actor: CatalogActor, projectId: string, planId: string, meta: CommandMetadata) {
    const project = await this.projectFor(actor, projectId);
    const fileRef = project.planFiles.get(planId);
    if (!fileRef) throw new DomainError('NOT_FOUND', 'floor plan');
    const result = await this.catalog.onProject(projectId, { type: 'RemoveFloorPlan', planId }, meta);
    // A plan's file is its own (per-unit plans have their own files), so it goes with the plan.
    await this.files.delete(fileRef).catch(() => undefined);
    return result;
  }

  async removeUnitFloorPlan(actor: CatalogActor, projectId: string, unitId: string, meta: CommandMetadata) {
    await this.projectFor(actor, projectId);
    return this.catalog.onProject(projectId, { type: 'RemoveUnitFloorPlanCustomization', unitId }, meta);
  }

  /** The project's stream revision (the ETag of its form). */
  async projectRevision(projectId: string): Promise<number> {
    return (await loadStream(this.events, projectStream(projectId), this.catalog.projects)).revision;
  }
}
