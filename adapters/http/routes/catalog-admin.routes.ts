import type { CatalogActor } from '../../../application/catalog/catalog-administration';
import type { ImageSize } from '../../../kernel/ports/image-processor';
import { UnsafeImageError } from '../../../kernel/ports/image-processor';
import { bulkImageFields, floorPlanFields, imageFields, TEMPLATE_MEDIA_TYPES } from '../../../contract/catalog-admin';
import { IMPORT_MAX_BYTES } from '../../../contract/companies';
import { IMPORT_EXAMPLE_ROWS, IMPORT_HEADERS } from '../../../application/catalog/project-import-rows';
import { UnreadableSpreadsheetError } from '../../../application/catalog/project-import-runner';
import { listProjectImports } from '../../../read-models/project-imports/project-imports.projection';
import { writeTemplate } from '../../imports/spreadsheet';
import { hasPermission } from '../../../domain/access/permissions';
import { featuredProjectIds, getBackofficeProject, listBackofficeProjects } from '../../../read-models/project-detail/backoffice-projects.queries';
import type { HttpDeps } from '../deps';
import { ApiError, fieldErrorsFromZod } from '../errors';
import { route, type AuthContext, type RouteDef } from '../route';
import { catalogAdminEndpoints } from '../../../contract/endpoints/catalog-admin';
import { readUploads, type UploadRule } from '../uploads';
import { etag, eventPosition, pathId, requireIfMatch } from './route-helpers';
import type { Response } from 'express';
import type { z } from 'zod';

const MB = 1024 * 1024;
/** Spec §9: pictures up to 15 MB (JPEG, PNG, GIF, SVG, WEBP); floor plans up to 15 MB each (JPG, PNG, GIF, WEBP, PDF). */
const IMAGE_RULE: UploadRule = {
  accept: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'],
  svg: true,
  maxBytes: 15 * MB,
  acceptLabel: 'JPG, PNG, GIF, SVG o WEBP',
};
/** Spec §9: bulk project images, JPG or PNG up to 10 MB each. */
const BULK_IMAGE_RULE: UploadRule = { accept: ['image/jpeg', 'image/png'], maxBytes: 10 * MB, acceptLabel: 'JPG o PNG' };
const MAX_BULK_IMAGES = 30;
const FLOOR_PLAN_RULE: UploadRule = {
  accept: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'],
  maxBytes: 15 * MB,
  acceptLabel: 'JPG, PNG, GIF, WEBP o PDF',
};
const MAX_FLOOR_PLANS_PER_UPLOAD = 20;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Spec §9: the bulk project upload, CSV or Excel up to 10 MB. */
const PROJECT_IMPORT_RULE: UploadRule = { accept: [XLSX], textAs: 'text/csv', maxBytes: IMPORT_MAX_BYTES, acceptLabel: 'CSV o Excel (.xlsx)' };

/** Multipart fields are strings: parsed with the contract's schema, every mistake reported at once. */
const parseFields = <S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> => {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ApiError('VALIDATION_FAILED', fieldErrorsFromZod(parsed.error));
  return parsed.data;
};

/** A write answered with the contract's revisionResponse: its event position and the aggregate's new revision (also as ETag when asked). */
const revised = (res: Response, id: string, result: { position: number; revision: number }, options: { etag?: boolean } = {}) => {
  eventPosition(res, result.position);
  if (options.etag) res.setHeader('ETag', etag(result.revision));
  return { id, revision: result.revision };
};

/** A creation answered 201 { id }, with its event position and its first revision as ETag. */
const created = (res: Response, result: { id: string; position: number; revision: number }) => {
  eventPosition(res, result.position);
  res.setHeader('ETag', etag(result.revision));
  res.status(201);
  return { id: result.id };
};

/**
 * Where a stored picture and its card and thumbnail copies are served (a picture without copies, an SVG, serves
 * itself), and the picture's size.
 */
const imageUrls = (fileRef: string, variants: { card: string; thumb: string } | null | undefined, size: ImageSize | null) => {
  const url = `/files/${fileRef}`;
  return {
    url,
    cardUrl: variants ? `/files/${variants.card}` : url,
    thumbUrl: variants ? `/files/${variants.thumb}` : url,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
};

/** A picture the image library cannot read is the client's file, refused with `message`; any other error stays. */
const unsafeImage =
  (message: string) =>
  (error: unknown): never => {
    if (error instanceof UnsafeImageError) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', [{ field: 'file', code: 'FILE_REJECTED', message }]);
    throw error;
  };

/**
 * Catalogue operations (issue 10): the back office runs every project; a company user of a real-estate
 * company only its own company's (403 otherwise), decided by the application from the project's stream.
 */
export const catalogAdminRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const actor = async (auth: AuthContext | null): Promise<CatalogActor> =>
    hasPermission(auth!.principal.roles, 'companies:all')
      ? { all: true }
      : { all: false, companyId: await deps.memberships.companyOf(auth!.principal.user.userId) };
  const admin = deps.catalogAdmin;
  /** A bulk upload the caller may see: any for the back office, its own company's for a company user; NOT_FOUND otherwise. */
  const importOf = async (auth: AuthContext | null, id: string) => {
    const state = await deps.projectImports.state(id);
    const who = await actor(auth);
    if (state.status === 'idle' || (!who.all && state.companyId !== who.companyId)) throw new ApiError('NOT_FOUND');
    return state;
  };
  return [
    route(catalogAdminEndpoints.getBackofficeProjects, {
      summary:
        "The back office's projects, disabled ones included: search by name, filters enabled, featured and real-estate company; a company user's own only",
      tag: 'catalog-admin',
      access: 'catalog:manage',
      handler: async ({ query, auth }) => {
        const who = await actor(auth);
        if (!who.all && !who.companyId) return { items: [], total: 0, page: query.page, perPage: query.perPage };
        return listBackofficeProjects(deps.readStore, { ...query, companyId: who.all ? query.realEstateCompanyId : who.companyId! });
      },
    }),
    route(catalogAdminEndpoints.getBackofficeProjectsById, {
      summary: 'One project as its form edits it (every field, images, floor plans, units with their revisions); the ETag is its revision, for If-Match',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 404: 'NOT_FOUND (also another company’s project)' },
      handler: async ({ params, auth, res }) => {
        const id = pathId(params);
        const project = await getBackofficeProject(deps.readStore, id);
        const who = await actor(auth);
        if (!project || (!who.all && project.realEstate.companyId !== who.companyId)) throw new ApiError('NOT_FOUND');
        res.setHeader('ETag', etag(project.revision));
        const { gateway, webpay } = deps.config.payments;
        return {
          ...project,
          onlinePayment: {
            gateway: gateway === 'webpay' ? webpay.environment : gateway,
            commerceCode: (project as { webpayToken?: string | null }).webpayToken ? 'project' : 'missing',
          },
        };
      },
    }),
    route(catalogAdminEndpoints.postProjects, {
      summary: 'Create a project (disabled until enabled) with the editable fields of GET /projects/{id}; the real-estate company by id',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 201: '{ id }', 403: 'INSUFFICIENT_PERMISSIONS: another company' },
      handler: async ({ body, auth, res, meta }) => {
        const result = await admin.createProject(await actor(auth), body, meta);
        return created(res, result);
      },
    }),
    route(catalogAdminEndpoints.patchProjectsById, {
      summary: "Change a project's fields; If-Match required (412 when stale, 428 when missing)",
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 403: 'INSUFFICIENT_PERMISSIONS', 404: 'NOT_FOUND', 412: 'PRECONDITION_FAILED', 428: 'PRECONDITION_REQUIRED' },
      handler: async ({ params, body, auth, req, res, meta }) => {
        const id = pathId(params);
        const result = await admin.updateProject(await actor(auth), id, body, meta, requireIfMatch(req.header('If-Match')));
        return revised(res, id, result, { etag: true });
      },
    }),
    ...(['enable', 'disable'] as const).map((move) =>
      route(move === 'enable' ? catalogAdminEndpoints.postProjectsByIdEnable : catalogAdminEndpoints.postProjectsByIdDisable, {
        summary: move === 'enable' ? 'Make a project visible to buyers' : 'Hide a project from buyers (optional reason, kept in its history)',
        tag: 'catalog-admin',
        access: 'catalog:manage',
        responses: { 403: 'INSUFFICIENT_PERMISSIONS', 404: 'NOT_FOUND' },
        handler: async ({ params, body, auth, res, meta }) => {
          const id = pathId(params);
          const result = await admin.setProjectEnabled(await actor(auth), id, move === 'enable', body?.reason ?? '', meta);
          return revised(res, id, result);
        },
      }),
    ),
    route(catalogAdminEndpoints.putProjectsFeatured, {
      summary: 'Set the featured projects and their order (the home page shows the enabled ones in this order)',
      tag: 'catalog-admin',
      access: 'catalog:feature',
      responses: { 200: '{ projectIds }', 422: 'VALIDATION_FAILED: an unknown or repeated project' },
      handler: async ({ body, res, meta }) => {
        const result = await admin.setFeatured(body.projectIds, await featuredProjectIds(deps.readStore), meta);
        eventPosition(res, result.position);
        return { projectIds: body.projectIds };
      },
    }),
    route(catalogAdminEndpoints.postProjectsByIdUnits, {
      summary: 'Add a unit with the editable fields of GET /units/{id}',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 201: '{ id }', 403: 'INSUFFICIENT_PERMISSIONS', 404: 'NOT_FOUND' },
      handler: async ({ params, body, auth, res, meta }) => {
        const result = await admin.addUnit(await actor(auth), pathId(params), body, meta);
        return created(res, result);
      },
    }),
    route(catalogAdminEndpoints.patchUnitsById, {
      summary: "Change a unit's fields; If-Match required. Not its price while a buyer holds or reserved it (409)",
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 409: 'UNIT_HELD_BY_BUYER', 412: 'PRECONDITION_FAILED', 428: 'PRECONDITION_REQUIRED' },
      handler: async ({ params, body, auth, req, res, meta }) => {
        const id = pathId(params);
        const result = await admin.updateUnit(await actor(auth), id, body, meta, requireIfMatch(req.header('If-Match')));
        return revised(res, id, result, { etag: true });
      },
    }),
    ...(['enable', 'disable'] as const).map((move) =>
      route(move === 'enable' ? catalogAdminEndpoints.postUnitsByIdEnable : catalogAdminEndpoints.postUnitsByIdDisable, {
        summary: move === 'enable' ? 'Offer a unit again' : 'Take a unit off the offer (not while a buyer holds or reserved it: 409)',
        tag: 'catalog-admin',
        access: 'catalog:manage',
        responses: { 409: 'UNIT_HELD_BY_BUYER' },
        handler: async ({ params, body, auth, res, meta }) => {
          const id = pathId(params);
          const result = await admin.setUnitEnabled(await actor(auth), id, move === 'enable', body?.reason ?? '', meta);
          return revised(res, id, result);
        },
      }),
    ),
    route(catalogAdminEndpoints.postProjectsByIdImages, {
      summary:
        'Upload a picture (multipart: file, category, optional unitId, name, primary): JPG, PNG, GIF, SVG or WEBP up to 15 MB, checked by content; SVG sanitised; card and thumbnail copies made',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 201: '{ id, url, cardUrl, thumbUrl }', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' },
      handler: async ({ params, auth, req, res, meta }) => {
        const id = pathId(params);
        const who = await actor(auth);
        await admin.projectFor(who, id);
        const { files, fields } = await readUploads(req, res, IMAGE_RULE, 1);
        const parsed = parseFields(imageFields, fields);
        const result = await admin
          .addImage(who, id, files[0], parsed, meta)
          .catch(unsafeImage('La imagen está dañada o no se puede leer. Exporte el archivo nuevamente.'));
        eventPosition(res, result.position);
        res.status(201);
        return { id: result.id, ...imageUrls(result.fileRef, result.variants, result.size) };
      },
    }),
    route(catalogAdminEndpoints.postProjectsByIdImagesBulk, {
      summary:
        'Bulk picture upload (multipart: file repeated up to 30, category, optional unitId): JPG or PNG up to 10 MB each, checked by content; a damaged file refuses the whole batch',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 201: '{ items: [{ id, name, url, cardUrl, thumbUrl }] }', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' },
      handler: async ({ params, auth, req, res, meta }) => {
        const id = pathId(params);
        const who = await actor(auth);
        await admin.projectFor(who, id);
        const { files, fields } = await readUploads(req, res, BULK_IMAGE_RULE, MAX_BULK_IMAGES);
        const parsed = parseFields(bulkImageFields, fields);
        const added = await admin
          .addImages(who, id, files, parsed, meta)
          .catch(unsafeImage('Una de las imágenes está dañada o no se puede leer: no se subió ninguna.'));
        eventPosition(res, Math.max(0, ...added.map((a) => a.position)));
        res.status(201);
        return { items: added.map((a) => ({ id: a.id, name: a.name, ...imageUrls(a.fileRef, a.variants, a.size) })) };
      },
    }),
    route(catalogAdminEndpoints.patchProjectsByIdImagesByImageId, {
      summary: "Change a picture's category, name, primary mark (one per category) or place in its category (order, from 0)",
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, body, auth, res, meta }) => {
        const id = pathId(params);
        const result = await admin.updateImage(await actor(auth), id, pathId(params, 'imageId'), body, meta);
        return revised(res, id, result);
      },
    }),
    route(catalogAdminEndpoints.deleteProjectsByIdImagesByImageId, {
      summary: 'Remove a picture (its files are deleted once the removal is recorded)',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, auth, res, meta }) => {
        const id = pathId(params);
        const result = await admin.removeImage(await actor(auth), id, pathId(params, 'imageId'), meta);
        return revised(res, id, result);
      },
    }),
    route(catalogAdminEndpoints.postProjectsByIdFloorPlans, {
      summary:
        'Upload floor plans (multipart: file repeatable, typology, model, optional unitId repeatable, name, primary): templates per typology/model, or one file as the named units’ own plan',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 201: '{ items }', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' },
      handler: async ({ params, auth, req, res, meta }) => {
        const id = pathId(params);
        const who = await actor(auth);
        const project = await admin.projectFor(who, id);
        const { files, fields } = await readUploads(req, res, FLOOR_PLAN_RULE, MAX_FLOOR_PLANS_PER_UPLOAD);
        const parsed = parseFields(floorPlanFields, fields);
        const unitIds = parsed.unitId === undefined ? [] : Array.isArray(parsed.unitId) ? parsed.unitId : [parsed.unitId];
        const template = await getBackofficeProject(deps.readStore, id);
        const basePlanId =
          template?.floorPlans.find((p) => p.typology === parsed.typology && p.model === parsed.model && project.planIds.includes(p.id))?.id ?? null;
        const result = await admin.addFloorPlans(
          who,
          id,
          files,
          { typology: parsed.typology, model: parsed.model, unitIds, name: parsed.name, primary: parsed.primary, basePlanId },
          meta,
        );
        eventPosition(res, result.position);
        res.status(201);
        return { items: result.items.map((item) => ({ id: item.id, url: `/files/${item.fileRef}`, unitIds: item.unitIds })) };
      },
    }),
    route(catalogAdminEndpoints.deleteProjectsByIdFloorPlansByPlanId, {
      summary: 'Remove a floor-plan template',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params, auth, res, meta }) => {
        const id = pathId(params);
        const result = await admin.removeFloorPlan(await actor(auth), id, pathId(params, 'planId'), meta);
        return revised(res, id, result);
      },
    }),
    route(catalogAdminEndpoints.deleteProjectsByIdUnitFloorPlansByUnitId, {
      summary: "Remove a unit's own floor plan (it shows its typology/model template again)",
      tag: 'catalog-admin',
      access: 'catalog:manage',
      handler: async ({ params, auth, res, meta }) => {
        const id = pathId(params);
        const result = await admin.removeUnitFloorPlan(await actor(auth), id, pathId(params, 'unitId'), meta);
        return revised(res, id, result);
      },
    }),
    route(catalogAdminEndpoints.getProjectImportsTemplate, {
      summary: 'The bulk project upload template (?format=csv|xlsx): its header row and one example project with two units',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      produces: TEMPLATE_MEDIA_TYPES,
      handler: async ({ query, res }) => {
        const file = await writeTemplate(query.format, IMPORT_HEADERS, IMPORT_EXAMPLE_ROWS);
        res.setHeader('Content-Type', query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX);
        res.setHeader('Content-Disposition', `attachment; filename="plantilla-proyectos.${query.format}"`);
        res.end(file);
      },
    }),
    route(catalogAdminEndpoints.getProjectImports, {
      summary: 'The latest bulk uploads, newest first (a company user’s own company’s)',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      handler: async ({ auth }) => {
        const who = await actor(auth);
        if (!who.all && !who.companyId) return { items: [] };
        return listProjectImports(deps.readStore, who.all ? null : who.companyId);
      },
    }),
    route(catalogAdminEndpoints.postProjectImports, {
      summary:
        'Upload projects in bulk (multipart file: CSV or Excel up to 10 MB, checked by content): 202 { id }, processed in the background; poll GET /project-imports/{id}',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 202: '{ id }', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE: not CSV or Excel by content' },
      handler: async ({ auth, req, res, meta }) => {
        const who = await actor(auth);
        if (!who.all && !who.companyId) throw new ApiError('INSUFFICIENT_PERMISSIONS');
        const { files } = await readUploads(req, res, PROJECT_IMPORT_RULE, 1);
        const [file] = files;
        const stored = await deps.files.put('imports', file.bytes, file.contentType === XLSX ? 'application/octet-stream' : 'text/plain');
        const id = deps.ids.newId();
        let result;
        try {
          result = await deps.projectImports.start(
            id,
            { fileRef: stored.fileRef, fileName: file.originalName, format: file.contentType === XLSX ? 'xlsx' : 'csv', bytes: file.bytes },
            who.all ? null : who.companyId,
            meta,
          );
        } catch (error) {
          await deps.files.delete(stored.fileRef).catch(() => undefined);
          if (!(error instanceof UnreadableSpreadsheetError)) throw error;
          throw new ApiError('VALIDATION_FAILED', [
            { field: 'file', code: 'FILE_REJECTED', message: 'No se pudo leer el archivo: use la plantilla en CSV o Excel (.xlsx).' },
          ]);
        }
        eventPosition(res, result.position);
        res.status(202);
        return { id };
      },
    }),
    route(catalogAdminEndpoints.getProjectImportsById, {
      summary: "A bulk upload's progress: status, total, processed, created (units), projectsCreated, rejected rows { row, field, message }",
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 404: 'NOT_FOUND (also another company’s upload)' },
      handler: async ({ params, auth }) => {
        const id = pathId(params);
        const state = await importOf(auth, id);
        const { status, fileName, total, processed, created, projectsCreated, rejected, startedAt, finishedAt, error } = state;
        return { id, status, fileName, total, processed, created, projectsCreated, rejected, startedAt, finishedAt, error };
      },
    }),
    route(catalogAdminEndpoints.postProjectImportsByIdCancel, {
      summary: 'Cancel a bulk upload: it stops between projects (what landed stays, each project whole)',
      tag: 'catalog-admin',
      access: 'catalog:manage',
      responses: { 404: 'NOT_FOUND', 422: 'BUSINESS_RULE_VIOLATION: already finished' },
      handler: async ({ params, auth, res, meta }) => {
        const id = pathId(params);
        await importOf(auth, id);
        const result = await deps.projectImports.cancel(id, meta);
        eventPosition(res, result.position);
        return { id, cancelRequested: true };
      },
    }),
  ];
};
