import type { ChileTerritory } from '../reference/chile-territory';
import { parseEmail } from '../shared/email';
import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { parseChileanPhone } from '../shared/phone';
import { parseRut } from '../shared/rut';
import { ASSET_TYPES, BUILD_STATUSES, IMAGE_CATEGORIES, PROJECT_COMMERCIAL_STATUSES, type ImageCategory } from './catalog-values';
import {
  evolveProject,
  initialProjectState,
  type ExistingProject,
  type FloorPlan,
  type MonthlyPromotion,
  type PricingOptions,
  type ProjectDetails,
  type ProjectDetailsInput,
  type ProjectEvent,
  type ProjectImage,
  type ProjectState,
} from './project';

export type ProjectCommand =
  | { type: 'CreateProject'; projectId: string; details: ProjectDetailsInput; pricing?: PricingOptions }
  | { type: 'UpdateProjectDetails'; changes: Partial<ProjectDetailsInput> }
  | { type: 'EnableProject' }
  | { type: 'DisableProject'; reason: string }
  | { type: 'FeatureProject'; order: number }
  | { type: 'UnfeatureProject' }
  | ({ type: 'AddProjectImage' } & ProjectImage)
  | { type: 'UpdateProjectImage'; imageId: string; category?: ImageCategory; name?: string; primary?: boolean; order?: number }
  | { type: 'RemoveProjectImage'; imageId: string }
  | ({ type: 'AddFloorPlan' } & FloorPlan)
  | { type: 'RemoveFloorPlan'; planId: string }
  | { type: 'CustomizeUnitFloorPlan'; unitId: string; basePlanId: string | null; name: string; fileRef: string }
  | { type: 'RemoveUnitFloorPlanCustomization'; unitId: string }
  | ({ type: 'PublishMonthlyPromotion' } & MonthlyPromotion)
  | { type: 'WithdrawMonthlyPromotion'; promotionId: string }
  | ({ type: 'SetPricingOptions' } & PricingOptions);

const DEFAULT_PRICING: PricingOptions = { bonusEnabled: false, bonusDescription: '' };

/** A path inside the files store: no parent segments, no absolute paths, no odd characters. */
const FILE_REF = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const existing = (state: ProjectState): ExistingProject => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'project');
  return state;
};

const refuse = (fieldErrors: FieldError[]): never => {
  throw new DomainError('VALIDATION_FAILED', fieldErrors.map((f) => f.field).join(','), fieldErrors);
};

/** Checks every field at once (so a form shows every mistake) and resolves the region and commune names. */
const validDetails = (input: ProjectDetailsInput, territory: ChileTerritory): ProjectDetails => {
  const { region, commune } = territory.locate(input.regionCode, input.communeCode);
  if (!(ASSET_TYPES as readonly string[]).includes(input.assetType))
    throw new DomainError('INVALID_PROPERTY_TYPE', input.assetType, [{ field: 'assetType', code: 'INVALID_PROPERTY_TYPE' }]);
  if (!Number.isInteger(input.reservationPrice) || input.reservationPrice < 0 || input.reservationPrice > 50_000_000)
    throw new DomainError('PRICE_OUT_OF_RANGE', 'reservation price', [{ field: 'reservationPrice', code: 'PRICE_OUT_OF_RANGE' }]);
  if (!parseChileanPhone(input.contactPhone))
    throw new DomainError('INVALID_CHILEAN_PHONE', 'contact phone', [{ field: 'contactPhone', code: 'INVALID_CHILEAN_PHONE' }]);
  const errors: FieldError[] = [];
  const check = (ok: boolean, field: string, code = 'INVALID_VALUE') => ok || errors.push({ field, code });
  check(input.name.trim().length >= 2 && input.name.length <= 120, 'name', input.name.trim() ? 'INVALID_VALUE' : 'REQUIRED');
  check(input.address.trim().length > 0, 'address', 'ADDRESS_REQUIRED');
  check(!!parseRut(input.realEstate.rut), 'realEstate.rut', 'INVALID_RUT');
  check(input.latitude >= -56 && input.latitude <= -17, 'latitude');
  check(input.longitude >= -110 && input.longitude <= -66, 'longitude');
  check(MONTH.test(input.deliveryDate), 'deliveryDate', 'INVALID_DATE');
  check(DAY.test(input.enteredDate), 'enteredDate', 'INVALID_DATE');
  check((BUILD_STATUSES as readonly string[]).includes(input.buildStatus), 'buildStatus');
  check((PROJECT_COMMERCIAL_STATUSES as readonly string[]).includes(input.commercialStatus), 'commercialStatus');
  check(!!parseEmail(input.contactEmail), 'contactEmail', 'INVALID_EMAIL');
  check(Number.isInteger(input.totalUnits) && input.totalUnits >= 0, 'totalUnits');
  check(Number.isInteger(input.quantityOfUnits) && input.quantityOfUnits >= 0, 'quantityOfUnits');
  if (errors.length) refuse(errors);
  return {
    ...input,
    name: input.name.trim(),
    regionName: region.name,
    communeName: commune.name,
    contactEmail: parseEmail(input.contactEmail)!,
    contactPhone: parseChileanPhone(input.contactPhone)!,
    realEstate: { ...input.realEstate, rut: parseRut(input.realEstate.rut)! },
  };
};

const validFile = (fileRef: string, field = 'fileRef') => FILE_REF.test(fileRef) || refuse([{ field, code: 'INVALID_VALUE' }]);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A category's images in display order. */
const imagesOf = (project: ExistingProject, category: ImageCategory): string[] =>
  project.imageIds.filter((id) => project.images.get(id)?.category === category);

/** Events taking the primary mark off the category's current primary images. */
const primaryOf = (project: ExistingProject, category: ImageCategory, at: string): Extract<ProjectEvent, { type: 'ProjectImageUpdated' }>[] =>
  imagesOf(project, category)
    .filter((id) => project.images.get(id)?.primary)
    .map((imageId) => ({ type: 'ProjectImageUpdated', data: { projectId: project.projectId, imageId, changes: { primary: false }, updatedAt: at } }));

/** The project decider needs Chile's territory to validate the region and commune of an address. */
export const projectDecider = (territory: ChileTerritory): Decider<ProjectCommand, ProjectState, ProjectEvent> => ({
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: (command: ProjectCommand, state: ProjectState, meta: CommandMetadata): ProjectEvent[] => {
    const at = meta.now.toISOString();
    switch (command.type) {
      case 'CreateProject': {
        if (state.status !== 'none') return []; // ids are generated per creation: an existing stream is this creation retried
        const details = validDetails(command.details, territory);
        return [{ type: 'ProjectCreated', data: { projectId: command.projectId, ...details, pricing: command.pricing ?? DEFAULT_PRICING, createdAt: at } }];
      }
      case 'UpdateProjectDetails': {
        const project = existing(state);
        const { regionName: _r, communeName: _c, ...current } = project.details;
        const next = validDetails({ ...current, ...command.changes }, territory);
        const changes = Object.fromEntries(
          Object.entries(next).filter(([key, value]) => !same(value, project.details[key as keyof ProjectDetails])),
        ) as Partial<ProjectDetails>;
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ProjectDetailsUpdated', data: { projectId: project.projectId, changes, updatedAt: at } }];
      }
      case 'EnableProject': {
        const project = existing(state);
        return project.status === 'enabled' ? [] : [{ type: 'ProjectEnabled', data: { projectId: project.projectId, enabledAt: at } }];
      }
      case 'DisableProject': {
        const project = existing(state);
        return project.status === 'disabled'
          ? []
          : [{ type: 'ProjectDisabled', data: { projectId: project.projectId, reason: command.reason, disabledAt: at } }];
      }
      case 'FeatureProject': {
        const project = existing(state);
        if (!Number.isInteger(command.order) || command.order < 1) refuse([{ field: 'order', code: 'INVALID_VALUE' }]);
        if (project.featuredOrder === command.order) return [];
        return [{ type: 'ProjectFeatured', data: { projectId: project.projectId, order: command.order, featuredAt: at } }];
      }
      case 'UnfeatureProject': {
        const project = existing(state);
        return project.featuredOrder === null ? [] : [{ type: 'ProjectUnfeatured', data: { projectId: project.projectId, unfeaturedAt: at } }];
      }
      case 'AddProjectImage': {
        const project = existing(state);
        if (project.images.has(command.imageId)) return [];
        if (!(IMAGE_CATEGORIES as readonly string[]).includes(command.category)) refuse([{ field: 'category', code: 'INVALID_VALUE' }]);
        validFile(command.fileRef);
        const { type: _t, ...image } = command;
        const order = imagesOf(project, command.category).length;
        // One primary per category: a new primary takes the mark from the one before.
        const demoted = image.primary ? primaryOf(project, command.category, at) : [];
        return [...demoted, { type: 'ProjectImageAdded', data: { projectId: project.projectId, ...image, order, addedAt: at } }];
      }
      case 'UpdateProjectImage': {
        const project = existing(state);
        const current = project.images.get(command.imageId);
        if (!current) throw new DomainError('NOT_FOUND', 'image');
        if (command.category !== undefined && !(IMAGE_CATEGORIES as readonly string[]).includes(command.category))
          refuse([{ field: 'category', code: 'INVALID_VALUE' }]);
        if (command.name !== undefined && (!command.name.trim() || command.name.length > 120)) refuse([{ field: 'name', code: 'INVALID_VALUE' }]);
        const category = command.category ?? current.category;
        const changes: Partial<{ category: ImageCategory; name: string; primary: boolean }> = {};
        if (command.category !== undefined && command.category !== current.category) changes.category = command.category;
        if (command.name !== undefined) changes.name = command.name.trim();
        if (command.primary !== undefined && (command.primary !== current.primary || changes.category)) changes.primary = command.primary;
        const events: ProjectEvent[] = [];
        if (changes.primary) events.push(...primaryOf(project, category, at).filter((e) => e.data.imageId !== command.imageId));
        if (Object.keys(changes).length)
          events.push({ type: 'ProjectImageUpdated', data: { projectId: project.projectId, imageId: command.imageId, changes, updatedAt: at } });
        if (command.order !== undefined) {
          if (!Number.isInteger(command.order) || command.order < 0) refuse([{ field: 'order', code: 'INVALID_VALUE' }]);
          const others = imagesOf(project, category).filter((id) => id !== command.imageId);
          const position = Math.min(command.order, others.length);
          const imageIds = [...others.slice(0, position), command.imageId, ...others.slice(position)];
          if (!same(imageIds, imagesOf(project, category)) || changes.category)
            events.push({ type: 'ProjectImagesReordered', data: { projectId: project.projectId, category, imageIds, reorderedAt: at } });
        }
        return events;
      }
      case 'RemoveProjectImage': {
        const project = existing(state);
        if (!project.imageIds.includes(command.imageId)) return [];
        return [{ type: 'ProjectImageRemoved', data: { projectId: project.projectId, imageId: command.imageId, removedAt: at } }];
      }
      case 'AddFloorPlan': {
        const project = existing(state);
        if (project.planIds.includes(command.planId)) return [];
        if (!command.typology.trim()) refuse([{ field: 'typology', code: 'REQUIRED' }]);
        validFile(command.fileRef);
        const { type: _t, ...plan } = command;
        return [{ type: 'FloorPlanAdded', data: { projectId: project.projectId, ...plan, addedAt: at } }];
      }
      case 'RemoveFloorPlan': {
        const project = existing(state);
        if (!project.planIds.includes(command.planId)) return [];
        return [{ type: 'FloorPlanRemoved', data: { projectId: project.projectId, planId: command.planId, removedAt: at } }];
      }
      case 'RemoveUnitFloorPlanCustomization': {
        const project = existing(state);
        if (!project.customizedUnits.has(command.unitId)) return [];
        return [{ type: 'UnitFloorPlanCustomizationRemoved', data: { projectId: project.projectId, unitId: command.unitId, removedAt: at } }];
      }
      case 'CustomizeUnitFloorPlan': {
        const project = existing(state);
        if (command.basePlanId !== null && !project.planIds.includes(command.basePlanId)) throw new DomainError('NOT_FOUND', 'floor plan');
        validFile(command.fileRef);
        if (project.customizedUnits.get(command.unitId) === command.fileRef) return [];
        const { type: _t, ...custom } = command;
        return [{ type: 'UnitFloorPlanCustomized', data: { projectId: project.projectId, ...custom, customizedAt: at } }];
      }
      case 'PublishMonthlyPromotion': {
        const project = existing(state);
        if (project.promotionIds.includes(command.promotionId)) return [];
        const errors: FieldError[] = [];
        if (!MONTH.test(command.month)) errors.push({ field: 'month', code: 'INVALID_DATE' });
        if (!command.title.trim()) errors.push({ field: 'title', code: 'REQUIRED' });
        if (command.discountPercent !== null && !(command.discountPercent > 0 && command.discountPercent <= 75))
          errors.push({ field: 'discountPercent', code: 'INVALID_VALUE', message: 'El descuento debe estar entre 0 y 75 %.' });
        if (errors.length) refuse(errors);
        const { type: _t, ...promotion } = command;
        return [{ type: 'MonthlyPromotionPublished', data: { projectId: project.projectId, ...promotion, publishedAt: at } }];
      }
      case 'WithdrawMonthlyPromotion': {
        const project = existing(state);
        if (!project.promotionIds.includes(command.promotionId)) return [];
        return [{ type: 'MonthlyPromotionWithdrawn', data: { projectId: project.projectId, promotionId: command.promotionId, withdrawnAt: at } }];
      }
      case 'SetPricingOptions': {
        const project = existing(state);
        const { type: _t, ...pricing } = command;
        if (same(pricing, project.pricing)) return [];
        return [{ type: 'ProjectPricingOptionsSet', data: { projectId: project.projectId, ...pricing, setAt: at } }];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
});
