import { z } from 'zod';
import { ASSET_TYPES, BUILD_STATUSES, IMAGE_CATEGORIES, PROJECT_COMMERCIAL_STATUSES, UNIT_COMMERCIAL_STATUSES } from '../domain/catalog/catalog-values';
import { booleanQuery, calendarDate, calendarMonth, idParam, labelField, pageQuery } from './common';

/**
 * Catalogue operations (back office and the real-estate portal's listings): the write shapes use the
 * field names the public reads already serve (GET /projects/{id}, GET /units/{id}).
 */

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0).max(100_000);
const uf = z.number().min(0).max(1_000_000);

const pricingOptions = z.strictObject({ bonusEnabled: z.boolean(), bonusDescription: text(500) });

/** Every editable field of a project (spec §3), named as GET /projects/{id} answers them. */
export const projectFields = z.strictObject({
  name: labelField(2, 120),
  /** The real-estate company by id; its name and RUT are taken from its registry entry (what is sent of them is ignored). */
  realEstate: z.object({ companyId: idParam, name: labelField(0, 200).optional(), rut: z.string().max(20).optional() }),
  address: z.string().trim().min(1).max(200),
  regionCode: z.string().regex(/^\d{2}$/),
  communeCode: z.string().regex(/^\d{5}$/),
  city: text(80),
  latitude: z.number().min(-56).max(-17),
  longitude: z.number().min(-110).max(-66),
  deliveryDate: calendarMonth,
  buildStatus: z.enum(BUILD_STATUSES),
  assetType: z.enum(ASSET_TYPES),
  description: text(5000),
  features: z.array(z.string().trim().min(1).max(60)).max(40),
  relevantFeatures: z.array(z.string().trim().min(1).max(120)).max(20),
  reservationPrice: z.number().int().min(0).max(50_000_000),
  reservationToDownPayment: z.boolean(),
  webpayToken: z.string().max(200).nullable(),
  contactEmail: z.string().max(254),
  contactPhone: z.string().max(30),
  operator: labelField(0, 120),
  secondaryOperator: z.string().max(120).nullable(),
  totalUnits: count,
  addedValue: text(1000),
  capitalGain: z.number().min(-100).max(100),
  commercialStatus: z.enum(PROJECT_COMMERCIAL_STATUSES),
  directSale: z.boolean(),
  enteredDate: calendarDate,
  reservationPaid: z.boolean(),
  comments: text(2000),
  quantityOfUnits: count,
  pricing: pricingOptions.optional(),
});
export type ProjectFields = z.infer<typeof projectFields>;

export const createProjectBody = projectFields;
export const updateProjectBody = projectFields.partial();
export { createdResponse, revisionResponse } from './common';

export const disableBody = z.strictObject({ reason: z.string().trim().max(500).optional() }).optional();

/** Every editable field of a unit (spec §3): prices in UF, surfaces in m², rents in CLP. */
export const unitFields = z.strictObject({
  unitNumber: z.string().trim().min(1).max(20),
  typology: z.string().trim().min(1).max(20),
  model: z.string().trim().max(20),
  bedrooms: z.number().int().min(0).max(20),
  bathrooms: z.number().int().min(0).max(20),
  orientation: text(40),
  floor: z.number().int().min(-10).max(200),
  parkingLot: z.number().int().min(0).max(20),
  store: z.number().int().min(0).max(20),
  regularPrice: uf,
  discountPrice: uf.nullable(),
  footVoucherPrice: uf.nullable(),
  realEstateContribution: uf,
  innerSurface: z.number().min(0).max(100_000),
  outerSurface: z.number().min(0).max(100_000),
  constructionFoot: uf,
  constructionPaymentFees: z.number().int().min(0).max(120),
  deedPercentage: z.number().min(0).max(100),
  deedFees: z.number().int().min(0).max(120),
  downPaymentPercentage: z.number().min(0).max(100),
  creditPostSaleMaxPercentage: z.number().min(0).max(100),
  creditPostSaleRate: z.number().min(0).max(100),
  creditPostSaleMaxFees: z.number().int().min(0).max(600),
  estimatedRents: z.array(z.number().int().min(0).max(100_000_000)).max(2),
  minimumPledgePercentage: z.number().min(0).max(100),
  minimumPledgeFees: z.number().int().min(0).max(120),
  minimumFoot: uf,
  minimumCredit: uf,
  creditInterestRate: z.number().min(0).max(100),
  maximumCreditInstallments: z.number().int().min(0).max(600),
  minimumPromise: uf,
  minimumPromiseQuota: z.number().int().min(0).max(120),
});
export type UnitFields = z.infer<typeof unitFields>;
export const updateUnitBody = unitFields.partial();

export const featuredBody = z.strictObject({ projectIds: z.array(idParam).max(50) });

export const BACKOFFICE_PROJECT_SORTS = ['name', '-name', 'updatedAt', '-updatedAt', 'deliveryDate', '-deliveryDate'] as const;
export const backofficeProjectsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  enabled: booleanQuery.optional(),
  featured: booleanQuery.optional(),
  realEstateCompanyId: idParam.optional(),
  regionCode: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  communeCode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  buildStatus: z.enum(BUILD_STATUSES).optional(),
  assetType: z.enum(ASSET_TYPES).optional(),
  /** By name unless told otherwise; a leading '-' sorts descending. */
  sort: z.enum(BACKOFFICE_PROJECT_SORTS).optional(),
  ...pageQuery,
});

export const backofficeProjectRow = z.object({
  id: z.string(),
  name: z.string(),
  realEstate: z.object({ companyId: z.string(), name: z.string() }),
  communeName: z.string(),
  regionName: z.string(),
  assetType: z.enum(ASSET_TYPES),
  buildStatus: z.enum(BUILD_STATUSES),
  commercialStatus: z.enum(PROJECT_COMMERCIAL_STATUSES),
  enabled: z.boolean(),
  featuredOrder: z.number().int().nullable(),
  units: z.object({ total: z.number().int(), available: z.number().int() }),
  updatedAt: z.string(),
});
export const backofficeProjectsResponse = z.object({
  items: z.array(backofficeProjectRow),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

/** The original picture's size in pixels (its copies keep its proportions); null for pictures stored before sizes were read. */
const pictureSize = { width: z.number().int().positive().nullable(), height: z.number().int().positive().nullable() };

const imageView = z.object({
  id: z.string(),
  category: z.enum(IMAGE_CATEGORIES),
  name: z.string(),
  url: z.string().nullable(),
  cardUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  ...pictureSize,
  primary: z.boolean(),
  order: z.number().int(),
});
const floorPlanView = z.object({ id: z.string(), typology: z.string(), model: z.string(), name: z.string(), url: z.string().nullable(), primary: z.boolean() });
const unitPlanView = z.object({ unitId: z.string(), basePlanId: z.string().nullable(), name: z.string(), url: z.string().nullable() });

export const backofficeUnitRow = unitFields.extend({
  id: z.string(),
  enabled: z.boolean(),
  commercialStatus: z.enum(UNIT_COMMERCIAL_STATUSES),
  revision: z.number().int(),
});
export type BackofficeUnitRow = z.infer<typeof backofficeUnitRow>;

/** What the back-office project screen edits: every field, with the stream revision as the ETag. */
export const backofficeProject = projectFields.omit({ pricing: true }).extend({
  id: z.string(),
  realEstate: z.object({ companyId: z.string(), name: z.string(), rut: z.string() }),
  regionName: z.string(),
  communeName: z.string(),
  pricing: pricingOptions,
  enabled: z.boolean(),
  featuredOrder: z.number().int().nullable(),
  revision: z.number().int(),
  images: z.array(imageView),
  floorPlans: z.array(floorPlanView),
  unitPlans: z.array(unitPlanView),
  units: z.array(backofficeUnitRow),
  /**
   * How buyers pay this project's reservations: the platform's gateway (`sandbox`: local test pages, no
   * commerce code needed; Webpay's `integration` or `production` environment) and whether the project has
   * its own Webpay commerce code. The screen says when a real one is missing.
   */
  onlinePayment: z.object({ gateway: z.enum(['sandbox', 'integration', 'production']), commerceCode: z.enum(['project', 'missing']) }),
});
export type BackofficeProject = z.infer<typeof backofficeProject>;

export const imageFields = z.strictObject({
  category: z.enum(IMAGE_CATEGORIES),
  unitId: idParam.optional(),
  name: labelField(1, 120).optional(),
  primary: booleanQuery.optional(),
});
/** Bulk pictures (spec §9): every file of the batch in one category (and, optionally, one unit). */
export const bulkImageFields = z.strictObject({ category: z.enum(IMAGE_CATEGORIES), unitId: idParam.optional() });
export const bulkImagesResponse = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), url: z.string(), cardUrl: z.string(), thumbUrl: z.string(), ...pictureSize })),
});
export type BulkImagesResult = z.infer<typeof bulkImagesResponse>;

export const updateImageBody = z.strictObject({
  category: z.enum(IMAGE_CATEGORIES).optional(),
  name: labelField(1, 120).optional(),
  primary: z.boolean().optional(),
  order: z.number().int().min(0).max(1000).optional(),
});
export const imageResponse = z.object({ id: z.string(), url: z.string(), cardUrl: z.string(), thumbUrl: z.string(), ...pictureSize });

export const floorPlanFields = z.strictObject({
  typology: z.string().trim().min(1).max(20),
  model: z.string().trim().max(20).default(''),
  /** A floor plan for these units only (a customisation overriding the typology/model template). */
  unitId: z.union([idParam, z.array(idParam).max(500)]).optional(),
  name: labelField(1, 120).optional(),
  primary: booleanQuery.optional(),
});
export const floorPlansResponse = z.object({ items: z.array(z.object({ id: z.string(), url: z.string(), unitIds: z.array(z.string()) })) });

const IMPORT_STATUSES = ['idle', 'uploading', 'processing', 'completed', 'failed', 'cancelled'] as const;
export const importTemplateQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export const importStatus = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  projectsCreated: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatus>;

/** PUT /projects/featured: the featured projects in their new order. */
export const featuredSetResponse = z.object({ projectIds: z.array(z.string()) });
/** GET /project-imports: the latest bulk uploads, newest first. */
export const projectImportsResponse = z.object({
  items: z.array(importStatus.omit({ rejected: true, error: true }).extend({ companyId: z.string().nullable(), rejectedRows: z.number().int() })),
});
/** POST /project-imports/:id/cancel. */
export const importCancelResponse = z.object({ id: z.string(), cancelRequested: z.literal(true) });
/** The import templates' media type (?format=xlsx; text/csv with ?format=csv). */
const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What an import template answers in, by its `?format=csv|xlsx`. */
export const TEMPLATE_MEDIA_TYPES = ['text/csv', XLSX_MEDIA_TYPE] as const;
