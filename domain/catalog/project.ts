import { eventTypesOf, type DomainEvent } from '../shared/event';
import type { AssetType, BuildStatus, ImageCategory, ProjectCommercialStatus } from './catalog-values';

/**
 * Project aggregate (stream `project-<id>`): a real-estate development offered in the catalogue, with
 * the fields of spec §3, its visibility (enabled/disabled), its place in the featured list, images by
 * category, floor plans per typology/model with per-unit customisations, monthly promotions and the
 * pricing options (normal, and bonus pricing with the real-estate company's "bono pie").
 */
export type ProjectDetails = {
  name: string;
  realEstate: { companyId: string; name: string; rut: string };
  address: string;
  regionCode: string;
  regionName: string;
  communeCode: string;
  communeName: string;
  city: string;
  latitude: number;
  longitude: number;
  /** Expected delivery month, yyyy-mm. */
  deliveryDate: string;
  buildStatus: BuildStatus;
  assetType: AssetType;
  description: string;
  /** Amenities (piscina, gimnasio, quincho...): the catalogue's amenity filter. */
  features: string[];
  relevantFeatures: string[];
  /** Reservation amount in CLP, paid online through Webpay. */
  reservationPrice: number;
  /** The reservation amount is credited to the down payment. */
  reservationToDownPayment: boolean;
  /** Project-specific Webpay commerce token, when the project collects through its own commerce code. */
  webpayToken: string | null;
  contactEmail: string;
  contactPhone: string;
  operator: string;
  secondaryOperator: string | null;
  totalUnits: number;
  /** Plusvalía argument shown to buyers. */
  addedValue: string;
  /** Expected yearly capital gain, percent. */
  capitalGain: number;
  commercialStatus: ProjectCommercialStatus;
  directSale: boolean;
  /** Day the project entered the catalogue, yyyy-mm-dd ("newest" sorts by it). */
  enteredDate: string;
  /** Whether the reservation is paid online (otherwise arranged with the sales office). */
  reservationPaid: boolean;
  comments: string;
  quantityOfUnits: number;
};

/** What a caller gives: the names of region and commune are looked up from their codes. */
export type ProjectDetailsInput = Omit<ProjectDetails, 'regionName' | 'communeName'>;

export type PricingOptions = {
  /** Bonus pricing: the unit's foot-voucher price, where the real-estate company funds part of the pie. */
  bonusEnabled: boolean;
  bonusDescription: string;
};

export type ProjectImage = {
  imageId: string;
  category: ImageCategory;
  name: string;
  /** Path under the files store (DATA_DIR/files), e.g. projects/<id>/cover.svg. */
  fileRef: string;
  primary: boolean;
  /** Resized copies for cards and galleries (webp), when the upload was a raster image. */
  variants?: { card: string; thumb: string } | null;
  /** The original's size in pixels, read at upload (absent from images added before it was read). */
  size?: { width: number; height: number } | null;
};

/** What the decider keeps of an image: enough to keep one primary per category and the order. */
export type ImageFacts = { category: ImageCategory; primary: boolean; files: readonly string[] };

export type FloorPlan = {
  planId: string;
  typology: string;
  model: string;
  name: string;
  fileRef: string;
  primary: boolean;
};

export type MonthlyPromotion = {
  promotionId: string;
  /** yyyy-mm */
  month: string;
  title: string;
  description: string;
  discountPercent: number | null;
};

type At = { projectId: string };

export type ProjectEvent =
  | DomainEvent<'ProjectCreated', At & ProjectDetails & { pricing: PricingOptions; createdAt: string }>
  | DomainEvent<'ProjectDetailsUpdated', At & { changes: Partial<ProjectDetails>; updatedAt: string }>
  | DomainEvent<'ProjectEnabled', At & { enabledAt: string }>
  | DomainEvent<'ProjectDisabled', At & { reason: string; disabledAt: string }>
  | DomainEvent<'ProjectFeatured', At & { order: number; featuredAt: string }>
  | DomainEvent<'ProjectUnfeatured', At & { unfeaturedAt: string }>
  | DomainEvent<'ProjectImageAdded', At & ProjectImage & { order?: number; addedAt: string }>
  | DomainEvent<'ProjectImageUpdated', At & { imageId: string; changes: Partial<Pick<ProjectImage, 'category' | 'name' | 'primary'>>; updatedAt: string }>
  | DomainEvent<'ProjectImagesReordered', At & { category: ImageCategory; imageIds: string[]; reorderedAt: string }>
  | DomainEvent<'ProjectImageRemoved', At & { imageId: string; removedAt: string }>
  | DomainEvent<'FloorPlanAdded', At & FloorPlan & { addedAt: string }>
  | DomainEvent<'FloorPlanRemoved', At & { planId: string; removedAt: string }>
  | DomainEvent<'UnitFloorPlanCustomizationRemoved', At & { unitId: string; removedAt: string }>
  | DomainEvent<'UnitFloorPlanCustomized', At & { unitId: string; basePlanId: string | null; name: string; fileRef: string; customizedAt: string }>
  | DomainEvent<'MonthlyPromotionPublished', At & MonthlyPromotion & { publishedAt: string }>
  | DomainEvent<'MonthlyPromotionWithdrawn', At & { promotionId: string; withdrawnAt: string }>
  | DomainEvent<'ProjectPricingOptionsSet', At & PricingOptions & { setAt: string }>;

/** Every event type of a project's stream. */
export const PROJECT_EVENT_TYPES = eventTypesOf<ProjectEvent>({
  ProjectCreated: true,
  ProjectDetailsUpdated: true,
  ProjectEnabled: true,
  ProjectDisabled: true,
  ProjectFeatured: true,
  ProjectUnfeatured: true,
  ProjectImageAdded: true,
  ProjectImageUpdated: true,
  ProjectImagesReordered: true,
  ProjectImageRemoved: true,
  FloorPlanAdded: true,
  FloorPlanRemoved: true,
  UnitFloorPlanCustomizationRemoved: true,
  UnitFloorPlanCustomized: true,
  MonthlyPromotionPublished: true,
  MonthlyPromotionWithdrawn: true,
  ProjectPricingOptionsSet: true,
});

export type ProjectState =
  | { status: 'none' }
  | {
      status: 'enabled' | 'disabled';
      projectId: string;
      details: ProjectDetails;
      pricing: PricingOptions;
      featuredOrder: number | null;
      /** Images in their display order (each category's order is the order of its ids here). */
      imageIds: readonly string[];
      images: ReadonlyMap<string, ImageFacts>;
      planIds: readonly string[];
      /** planId -> its file (removed with it). */
      planFiles: ReadonlyMap<string, string>;
      promotionIds: readonly string[];
      /** unitId -> floor plan file; a Map so a unit id is never taken for a prototype member. */
      customizedUnits: ReadonlyMap<string, string>;
    };

export type ExistingProject = Exclude<ProjectState, { status: 'none' }>;

export const initialProjectState = (): ProjectState => ({ status: 'none' });

export const evolveProject = (state: ProjectState, event: ProjectEvent): ProjectState => {
  if (event.type === 'ProjectCreated') {
    const { projectId, pricing, createdAt: _at, ...details } = event.data;
    return {
      status: 'disabled',
      projectId,
      details,
      pricing,
      featuredOrder: null,
      imageIds: [],
      images: new Map(),
      planIds: [],
      planFiles: new Map(),
      promotionIds: [],
      customizedUnits: new Map(),
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ProjectDetailsUpdated':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'ProjectEnabled':
      return { ...state, status: 'enabled' };
    case 'ProjectDisabled':
      return { ...state, status: 'disabled' };
    case 'ProjectFeatured':
      return { ...state, featuredOrder: event.data.order };
    case 'ProjectUnfeatured':
      return { ...state, featuredOrder: null };
    case 'ProjectImageAdded': {
      const { imageId, category, primary, fileRef, variants } = event.data;
      const files = [fileRef, ...(variants ? [variants.card, variants.thumb] : [])];
      return { ...state, imageIds: [...state.imageIds, imageId], images: new Map(state.images).set(imageId, { category, primary, files }) };
    }
    case 'ProjectImageUpdated': {
      const current = state.images.get(event.data.imageId);
      if (!current) return state;
      const { category = current.category, primary = current.primary } = event.data.changes;
      return { ...state, images: new Map(state.images).set(event.data.imageId, { ...current, category, primary }) };
    }
    case 'ProjectImagesReordered': {
      const moved = new Set(event.data.imageIds);
      return { ...state, imageIds: [...state.imageIds.filter((id) => !moved.has(id)), ...event.data.imageIds.filter((id) => state.images.has(id))] };
    }
    case 'ProjectImageRemoved': {
      const images = new Map(state.images);
      images.delete(event.data.imageId);
      return { ...state, imageIds: state.imageIds.filter((id) => id !== event.data.imageId), images };
    }
    case 'FloorPlanAdded':
      return { ...state, planIds: [...state.planIds, event.data.planId], planFiles: new Map(state.planFiles).set(event.data.planId, event.data.fileRef) };
    case 'FloorPlanRemoved': {
      const planFiles = new Map(state.planFiles);
      planFiles.delete(event.data.planId);
      return { ...state, planIds: state.planIds.filter((id) => id !== event.data.planId), planFiles };
    }
    case 'UnitFloorPlanCustomized':
      return { ...state, customizedUnits: new Map(state.customizedUnits).set(event.data.unitId, event.data.fileRef) };
    case 'UnitFloorPlanCustomizationRemoved': {
      const customizedUnits = new Map(state.customizedUnits);
      customizedUnits.delete(event.data.unitId);
      return { ...state, customizedUnits };
    }
    case 'MonthlyPromotionPublished':
      return { ...state, promotionIds: [...state.promotionIds, event.data.promotionId] };
    case 'MonthlyPromotionWithdrawn':
      return { ...state, promotionIds: state.promotionIds.filter((id) => id !== event.data.promotionId) };
    case 'ProjectPricingOptionsSet': {
      const { bonusEnabled, bonusDescription } = event.data;
      return { ...state, pricing: { bonusEnabled, bonusDescription } };
    }
  }
};

export const projectStream = (projectId: string): string => `project-${projectId}`;
