import { currentPromotions } from '../../domain/catalog/promotions';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS, type AssetType, type BuildStatus } from '../../domain/catalog/catalog-values';
import { unitPrice } from '../../domain/catalog/unit';
import { fileUrl } from '../catalog/catalog.queries';
import { PROJECT_DETAILS, PROJECT_UNITS, type ProjectDetailDoc, type ProjectUnitDoc } from './project-detail-docs';

/** Omit that keeps the named fields of a type with an index signature. */
type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };

const stripVersions = <T extends Record<string, unknown>>(doc: T): Without<T, '_v' | '_id'> => {
  const { _v: _version, _id: _ignored, ...rest } = doc;
  return rest as unknown as Without<T, '_v' | '_id'>;
};

/** The floor plan a unit shows: its own customisation, else its typology and model's, else its typology's. */
const floorPlanOf = (project: ProjectDetailDoc, unit: ProjectUnitDoc) => {
  const custom = project.unitPlans?.[unit._id];
  if (custom) return { name: custom.name, url: fileUrl(custom.fileRef), customized: true };
  const plans = Object.values(project.floorPlans ?? {});
  const plan =
    plans.find((p) => p.typology === unit.typology && p.model === unit.model) ??
    plans.find((p) => p.typology === unit.typology && p.primary) ??
    plans.find((p) => p.typology === unit.typology);
  return plan ? { name: plan.name, url: fileUrl(plan.fileRef), customized: false, planId: plan.planId } : null;
};

const unitRow = (project: ProjectDetailDoc, u: ProjectUnitDoc) => {
  const { projectId: _p, updatedAt: _u, ...fields } = stripVersions(u);
  const prices = { regularPrice: u.regularPrice ?? 0, discountPrice: u.discountPrice ?? null, footVoucherPrice: u.footVoucherPrice ?? null };
  return {
    id: u._id,
    ...fields,
    reserved: u.commercialStatus === 'reserved' || u.commercialStatus === 'sold',
    available: u.enabled && u.commercialStatus === 'not_reserved',
    normalPriceUF: unitPrice(prices, 'normal'),
    bonusPriceUF: project.pricing?.bonusEnabled && prices.footVoucherPrice !== null ? prices.footVoucherPrice : null,
    floorPlan: floorPlanOf(project, u),
  };
};

type ImageView = {
  id: string;
  name: string;
  url: string | null;
  primary: boolean;
  cardUrl: string | null;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
};

/** Images in their back-office order (drag and drop), the category's primary first among equals. */
export const sortedImages = (images: ProjectDetailDoc['images']) =>
  Object.values(images ?? {}).sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.imageId.localeCompare(b.imageId));

export const imageView = (image: NonNullable<ProjectDetailDoc['images']>[string]): ImageView => ({
  id: image.imageId,
  name: image.name,
  url: fileUrl(image.fileRef),
  primary: image.primary,
  // Cards and gallery thumbnails load the resized copies; SVGs scale as they are.
  cardUrl: fileUrl(image.variants?.card ?? image.fileRef),
  thumbUrl: fileUrl(image.variants?.thumb ?? image.fileRef),
  // The original's size (its copies keep its proportions): pages give <img> its width and height, so nothing moves.
  width: image.size?.width ?? null,
  height: image.size?.height ?? null,
});

export interface UnitsQuery {
  bedrooms?: number[];
  bathrooms?: number[];
  availableOnly?: boolean;
}

const visibleProject = async (store: ReadStore, projectId: string, includeDisabled = false): Promise<ProjectDetailDoc | null> => {
  const doc = await store.collection<ProjectDetailDoc>(PROJECT_DETAILS).findOne({ _id: projectId, name: { $exists: true } });
  return doc && (doc.enabled || includeDisabled) ? doc : null;
};

/** The unit table with the bedroom/bathroom filters, ordered by floor and number. Disabled units are not offered. */
export const listProjectUnits = async (store: ReadStore, projectId: string, q: UnitsQuery = {}, includeDisabled = false) => {
  const project = await visibleProject(store, projectId, includeDisabled);
  if (!project) return null;
  const filter: Filter = { projectId, ...(includeDisabled ? {} : { enabled: true }) };
  if (q.bedrooms?.length) filter.bedrooms = { $in: q.bedrooms };
  if (q.bathrooms?.length) filter.bathrooms = { $in: q.bathrooms };
  if (q.availableOnly) filter.commercialStatus = 'not_reserved';
  const docs = await store.collection<ProjectUnitDoc>(PROJECT_UNITS).find(filter, { sort: { floor: 1, unitNumber: 1 } });
  return { items: docs.map((u) => unitRow(project, u)), total: docs.length };
};

export const getProjectUnit = async (store: ReadStore, unitId: string) => {
  const unit = await store.collection<ProjectUnitDoc>(PROJECT_UNITS).findOne({ _id: unitId });
  if (!unit) return null;
  const project = await visibleProject(store, unit.projectId);
  return project && unit.enabled ? unitRow(project, unit) : null;
};

/** Everything the project page shows, with the unit statistics, directions and share links. */
/** `now`: the promotions shown are those of Chile's month then (domain/catalog/promotions.ts). */
export const getProjectDetail = async (store: ReadStore, projectId: string, publicUrl: string, now: Date, includeDisabled = false) => {
  const project = await visibleProject(store, projectId, includeDisabled);
  if (!project) return null;
  const units = await store.collection<ProjectUnitDoc>(PROJECT_UNITS).find({ projectId, enabled: true });
  const available = units.filter((u) => u.commercialStatus === 'not_reserved');
  const prices = available.map((u) =>
    unitPrice({ regularPrice: u.regularPrice ?? 0, discountPrice: u.discountPrice ?? null, footVoucherPrice: null }, 'normal'),
  );
  // The public page leaves out what is the back office's: the commerce's Webpay token (a credential), the
  // operators' names (people) and internal comments.
  const {
    images,
    floorPlans,
    unitPlans: _plans,
    promotions,
    webpayToken: _token,
    operator: _operator,
    secondaryOperator: _secondary,
    comments: _comments,
    ...fields
  } = stripVersions(project);
  const byCategory: Record<string, ImageView[]> = {};
  for (const image of sortedImages(images)) (byCategory[image.category] ??= []).push(imageView(image));
  const { latitude, longitude } = project;
  return {
    id: project._id,
    ...fields,
    assetTypeLabel: ASSET_TYPE_LABELS[project.assetType as AssetType] ?? project.assetType,
    buildStatusLabel: BUILD_STATUS_LABELS[project.buildStatus as BuildStatus] ?? project.buildStatus,
    images: byCategory,
    floorPlans: Object.values(floorPlans ?? {}).map((p) => ({
      id: p.planId,
      typology: p.typology,
      model: p.model,
      name: p.name,
      url: fileUrl(p.fileRef),
      primary: p.primary,
    })),
    promotions: currentPromotions(Object.values(promotions ?? {}), now).sort((a, b) => a.month.localeCompare(b.month)),
    units: {
      total: units.length,
      available: available.length,
      priceFromUF: prices.length ? Math.min(...prices) : null,
      priceToUF: prices.length ? Math.max(...prices) : null,
      bedrooms: [...new Set(available.map((u) => u.bedrooms ?? 0))].sort((a, b) => a - b),
      bathrooms: [...new Set(available.map((u) => u.bathrooms ?? 0))].sort((a, b) => a - b),
    },
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`,
    shareUrl: `${publicUrl}/projects/${project._id}`,
  };
};

/**
 * Every catalogue file a project references today (pictures with their resized copies, plan templates,
 * units' own plans): what the sweep of unreferenced files must keep.
 */
export const referencedCatalogFiles = async (store: ReadStore): Promise<Set<string>> => {
  const docs = await store.collection<ProjectDetailDoc>(PROJECT_DETAILS).find({}, { projection: { images: 1, floorPlans: 1, unitPlans: 1 } });
  const refs = new Set<string>();
  for (const doc of docs) {
    for (const image of Object.values(doc.images ?? {})) {
      refs.add(image.fileRef);
      if (image.variants) refs.add(image.variants.card).add(image.variants.thumb);
    }
    for (const plan of Object.values(doc.floorPlans ?? {})) refs.add(plan.fileRef);
    for (const plan of Object.values(doc.unitPlans ?? {})) refs.add(plan.fileRef);
  }
  return refs;
};
