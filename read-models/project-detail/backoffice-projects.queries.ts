import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { fileUrl } from '../catalog/catalog-card';
import { PROJECT_DETAILS, PROJECT_UNITS, type ProjectDetailDoc, type ProjectUnitDoc } from './project-detail-docs';
import { imageView, sortedImages } from './project-detail.queries';

/** The revision of a stream as the guarded writes recorded it in a document (the form's ETag). */
const revisionOf = (doc: Record<string, unknown>, streamId: string): number =>
  ((doc._v as Record<string, number> | undefined) ?? {})[streamId.replace(/[^A-Za-z0-9]/g, '_')] ?? -1;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface BackofficeProjectsQuery {
  search?: string;
  enabled?: boolean;
  featured?: boolean;
  /** A company user's own company (the server sets it), or the staff's filter. */
  companyId?: string;
  regionCode?: string;
  communeCode?: string;
  buildStatus?: string;
  assetType?: string;
  /** A field name, '-' first for descending; by name when absent. */
  sort?: string;
  page: number;
  perPage: number;
}

/** The back office's projects, disabled ones included, by name. */
export const listBackofficeProjects = async (store: ReadStore, q: BackofficeProjectsQuery) => {
  const filter: Filter = { name: { $exists: true } };
  if (q.search) filter.name = { $regex: escapeRegex(q.search), $options: 'i' };
  if (q.enabled !== undefined) filter.enabled = q.enabled;
  if (q.featured !== undefined) filter.featuredOrder = q.featured ? { $ne: null } : null;
  if (q.companyId) filter['realEstate.companyId'] = q.companyId;
  if (q.regionCode) filter.regionCode = q.regionCode;
  if (q.communeCode) filter.communeCode = q.communeCode;
  if (q.buildStatus) filter.buildStatus = q.buildStatus;
  if (q.assetType) filter.assetType = q.assetType;
  const sortField = q.sort?.replace(/^-/, '') ?? 'name';
  const direction = q.sort?.startsWith('-') ? -1 : 1;
  const projects = store.collection<ProjectDetailDoc>(PROJECT_DETAILS);
  const [total, docs] = await Promise.all([
    projects.countDocuments(filter),
    projects.find(filter, {
      sort: sortField === 'name' ? { name: direction, _id: 1 } : { [sortField]: direction, name: 1, _id: 1 },
      skip: (q.page - 1) * q.perPage,
      limit: q.perPage,
      projection: { images: 0, floorPlans: 0, unitPlans: 0, promotions: 0 },
    }),
  ]);
  const units = docs.length
    ? await store
        .collection<ProjectUnitDoc>(PROJECT_UNITS)
        .find({ projectId: { $in: docs.map((d) => d._id) } }, { projection: { projectId: 1, enabled: 1, commercialStatus: 1 } })
    : [];
  const items = docs.map((d) => {
    const own = units.filter((u) => u.projectId === d._id);
    return {
      id: d._id,
      name: d.name ?? '',
      realEstate: { companyId: d.realEstate?.companyId ?? '', name: d.realEstate?.name ?? '' },
      communeName: d.communeName ?? '',
      regionName: d.regionName ?? '',
      assetType: d.assetType!,
      buildStatus: d.buildStatus!,
      commercialStatus: d.commercialStatus!,
      enabled: d.enabled ?? false,
      featuredOrder: d.featuredOrder ?? null,
      units: { total: own.length, available: own.filter((u) => u.enabled && u.commercialStatus === 'not_reserved').length },
      updatedAt: d.updatedAt ?? '',
    };
  });
  return { items, total, page: q.page, perPage: q.perPage };
};

/** Every field of one project as the back-office form edits it, disabled or not, with its units. */
export const getBackofficeProject = async (store: ReadStore, projectId: string) => {
  const doc = await store.collection<ProjectDetailDoc>(PROJECT_DETAILS).findOne({ _id: projectId, name: { $exists: true } });
  if (!doc) return null;
  const unitDocs = await store.collection<ProjectUnitDoc>(PROJECT_UNITS).find({ projectId }, { sort: { floor: 1, unitNumber: 1 } });
  const { _id, _v, _w, images, floorPlans, unitPlans, promotions: _p, createdAt: _c, updatedAt: _u, featuredOrder, enabled, pricing, ...fields } = doc;
  return {
    ...(fields as Record<string, unknown>),
    realEstate: fields.realEstate!,
    id: _id,
    pricing: pricing ?? { bonusEnabled: false, bonusDescription: '' },
    enabled: enabled ?? false,
    featuredOrder: featuredOrder ?? null,
    revision: revisionOf(doc, `project-${projectId}`),
    images: sortedImages(images).map((image) => ({ ...imageView(image), category: image.category, order: image.order ?? 0 })),
    floorPlans: Object.values(floorPlans ?? {}).map((p) => ({
      id: p.planId,
      typology: p.typology,
      model: p.model,
      name: p.name,
      url: fileUrl(p.fileRef),
      primary: p.primary,
    })),
    unitPlans: Object.entries(unitPlans ?? {}).map(([unitId, p]) => ({ unitId, basePlanId: p.basePlanId, name: p.name, url: fileUrl(p.fileRef) })),
    units: unitDocs.map((u) => {
      const { _id: id, _v: _uv, _w: _uw, projectId: _pid, updatedAt: _uu, ...spec } = u;
      return { ...spec, id, revision: revisionOf(u, `unit-${id}`) };
    }),
  };
};

/** The featured list in its order (every project, enabled or not: the back office orders them all). */
export const featuredProjectIds = async (store: ReadStore): Promise<string[]> =>
  (
    await store
      .collection<ProjectDetailDoc>(PROJECT_DETAILS)
      .find({ featuredOrder: { $ne: null }, name: { $exists: true } }, { sort: { featuredOrder: 1, _id: 1 }, projection: { _id: 1 } })
  ).map((d) => d._id);
