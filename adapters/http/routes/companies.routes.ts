import { COLLABORATOR_IMPORT_COLUMNS, IMPORT_MAX_BYTES } from '../../../contract/companies';
import { hasPermission } from '../../../domain/access/permissions';
import { getCollaborator, listCollaborators } from '../../../read-models/collaborators/collaborators.queries';
import { getCompany } from '../../../read-models/companies/companies.queries';
import { statusOf } from '../../../read-models/users/user-doc';
import { writeTemplate } from '../../imports/spreadsheet';
import { UnreadableSpreadsheetError } from '../../../application/catalog/project-import-runner';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type AuthContext, type RouteDef } from '../route';
import { companiesEndpoints } from '../../../contract/endpoints/companies';
import { readUpload } from '../uploads';
import { etag, eventPosition, parseIfMatch, pathId, requireIfMatch } from './route-helpers';
import { TEMPLATE_MEDIA_TYPES } from '../../../contract/catalog-admin';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_RULE = { accept: [XLSX], textAs: 'text/csv', maxBytes: IMPORT_MAX_BYTES, acceptLabel: 'CSV o Excel (.xlsx)' };

/**
 * Companies' profiles and collaborators (spec §3). Staff (companies:manage) act on every company; a company
 * user only on the company it is a member of: anything else is 403 for writes and 404 for reads, decided here.
 */
export const companiesRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const mayManage = async (auth: AuthContext | null, companyId: string): Promise<boolean> => {
    const roles = auth!.principal.roles;
    if (hasPermission(roles, 'companies:manage')) return true;
    return hasPermission(roles, 'company-portal:access') && (await deps.memberships.companyOf(auth!.principal.user.userId)) === companyId;
  };
  const company = async (auth: AuthContext | null, params: Record<string, string>, writing: boolean) => {
    const found = await getCompany(deps.readStore, pathId(params));
    if (!found) throw new ApiError('NOT_FOUND');
    if (!(await mayManage(auth, found.id))) throw new ApiError(writing ? 'INSUFFICIENT_PERMISSIONS' : 'NOT_FOUND');
    return found;
  };
  const collaborator = async (auth: AuthContext | null, params: Record<string, string>) => {
    const found = await getCollaborator(deps.readStore, pathId(params));
    if (!found) throw new ApiError('NOT_FOUND');
    if (!(await mayManage(auth, found.companyId))) throw new ApiError('INSUFFICIENT_PERMISSIONS');
    return found;
  };
  const unreadable = () =>
    new ApiError('UNSUPPORTED_MEDIA_TYPE', [
      { field: 'file', code: 'FILE_TYPE_NOT_ALLOWED', message: 'No pudimos leer el archivo: use la plantilla en CSV o Excel.' },
    ]);

  return [
    route(companiesEndpoints.postCompanies, {
      summary: 'Register a company from the back office (a partner employer, or a real-estate company outside the wizard)',
      tag: 'companies',
      access: 'companies:manage',
      responses: { 201: '{ id }' },
      handler: async ({ body, res, meta }) => {
        const result = await deps.companies.createCompany(body, meta);
        eventPosition(res, result.position);
        res.status(201);
        return { id: result.companyId };
      },
    }),
    route(companiesEndpoints.getCompaniesById, {
      summary: "A company's profile; ETag for If-Match (a company user: its own company only)",
      tag: 'companies',
      access: 'authenticated',
      handler: async ({ params, auth, res }) => {
        const found = await company(auth, params, false);
        res.setHeader('ETag', etag(found.revision));
        return found;
      },
    }),
    route(companiesEndpoints.patchCompaniesById, {
      summary: "Change a company's profile (name, description, contact email and phone); If-Match required",
      tag: 'companies',
      access: 'authenticated',
      responses: { 403: 'INSUFFICIENT_PERMISSIONS: another company', 412: 'PRECONDITION_FAILED', 428: 'PRECONDITION_REQUIRED' },
      handler: async ({ params, body, auth, req, res, meta }) => {
        const found = await company(auth, params, true);
        const result = await deps.companies.updateProfile(found.id, body, requireIfMatch(req.header('If-Match')), meta);
        eventPosition(res, result.position);
        res.setHeader('ETag', etag(result.revision));
        return { ...found, ...body, revision: result.revision };
      },
    }),
    route(companiesEndpoints.getCompaniesByIdMembers, {
      summary: "A company's team: its company users (staff: any company; a company user: its own)",
      tag: 'companies',
      access: 'authenticated',
      handler: async ({ params, auth }) => {
        const found = await company(auth, params, false);
        const members = await deps.team.members(found.id);
        return {
          items: members.map((u) => ({
            userId: u._id,
            name: [u.name, u.firstLastName, u.secondLastName].filter(Boolean).join(' '),
            email: u.email,
            rut: u.rut,
            post: u.post ?? '',
            status: statusOf(u),
          })),
        };
      },
    }),
    route(companiesEndpoints.postCompaniesByIdMembers, {
      summary: 'Invite a person to the team: a company account (email and RUT unique) with a mailed link to choose the password, member of this company',
      tag: 'companies',
      access: 'authenticated',
      responses: { 201: '{ userId }', 409: 'EMAIL_ALREADY_EXISTS / RUT_ALREADY_EXISTS' },
      handler: async ({ params, body, auth, res, meta }) => {
        const found = await company(auth, params, true);
        const invited = await deps.team.invite(found.id, body, meta);
        eventPosition(res, invited.position);
        res.status(201);
        return { userId: invited.userId };
      },
    }),
    route(companiesEndpoints.deleteCompaniesByIdMembersByUserId, {
      summary: 'Remove a person from the team: the membership is revoked at once (not oneself: 422)',
      tag: 'companies',
      access: 'authenticated',
      responses: { 404: 'NOT_FOUND (not a member)', 422: 'BUSINESS_RULE_VIOLATION (oneself)' },
      handler: async ({ params, auth, res, meta }) => {
        const found = await company(auth, params, true);
        const userId = String(params.userId ?? '');
        if (!/^[A-Za-z0-9-]{1,64}$/.test(userId)) throw new ApiError('NOT_FOUND');
        const result = await deps.team.remove(found.id, userId, meta);
        eventPosition(res, result.position);
        return { userId, removed: true };
      },
    }),
    route(companiesEndpoints.getCompaniesByIdCollaborators, {
      summary: "A company's collaborators by surname (?search= name, RUT or email; ?active=)",
      tag: 'companies',
      access: 'authenticated',
      handler: async ({ params, query, auth }) => {
        const found = await company(auth, params, false);
        return listCollaborators(deps.readStore, found.id, { search: query.search, active: query.active === undefined ? undefined : query.active === 'true' });
      },
    }),
    route(companiesEndpoints.postCompaniesByIdCollaborators, {
      summary: 'Add a collaborator (linked to the platform account with the same RUT, if any)',
      tag: 'companies',
      access: 'authenticated',
      responses: { 201: '{ id }', 409: 'RUT_ALREADY_EXISTS: already a collaborator of this company' },
      handler: async ({ params, body, auth, res, meta }) => {
        const found = await company(auth, params, true);
        const result = await deps.companies.addCollaborator(found.id, body, meta);
        eventPosition(res, result.position);
        res.status(201);
        return { id: result.collaboratorId };
      },
    }),
    route(companiesEndpoints.patchCollaboratorsById, {
      summary: 'Change a collaborator (names, emails, phone, post, company contribution in UF, plan); If-Match optional',
      tag: 'companies',
      access: 'authenticated',
      responses: { 412: 'PRECONDITION_FAILED' },
      handler: async ({ params, body, auth, req, res, meta }) => {
        const found = await collaborator(auth, params);
        const result = await deps.companies.updateCollaborator(found.id, body, parseIfMatch(req.header('If-Match')), meta);
        eventPosition(res, result.position);
        res.setHeader('ETag', etag(result.revision));
        return { id: found.id, revision: result.revision };
      },
    }),
    route(companiesEndpoints.postCollaboratorsByIdDeactivate, {
      summary: 'Deactivate a collaborator (left the company): the contribution no longer applies',
      tag: 'companies',
      access: 'authenticated',
      handler: async ({ params, body, auth, res, meta }) => {
        const found = await collaborator(auth, params);
        const result = await deps.companies.deactivateCollaborator(found.id, body.reason, meta);
        eventPosition(res, result.position);
        return { id: found.id, active: false };
      },
    }),
    route(companiesEndpoints.getCompaniesByIdCollaboratorsImportTemplate, {
      summary: "The collaborators' import template (?format=csv|xlsx): header row and one example",
      tag: 'companies',
      access: 'authenticated',
      produces: TEMPLATE_MEDIA_TYPES,
      handler: async ({ params, query, auth, res }) => {
        await company(auth, params, false);
        const file = await writeTemplate(
          query.format,
          COLLABORATOR_IMPORT_COLUMNS.map((c) => c.header),
          [['12.345.678-5', 'María', 'Rojas', 'Vidal', 'maria.rojas@empresa.cl', 'maria@gmail.com', '+56 9 1234 5678', 'Analista', 150, 'Plan vivienda']],
        );
        res.setHeader('Content-Type', query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX);
        res.setHeader('Content-Disposition', `attachment; filename="plantilla-colaboradores.${query.format}"`);
        res.end(file);
      },
    }),
    route(companiesEndpoints.postCompaniesByIdCollaboratorsImport, {
      summary:
        'Import collaborators from CSV or Excel (multipart file, 10 MB, at most 10,000 rows): 202 { id }, processed in the background (valid rows created or updated by RUT, invalid rows reported with row, field and message); poll GET /companies/{id}/collaborators/imports/{importId}',
      tag: 'companies',
      access: 'authenticated',
      responses: {
        202: '{ id }',
        400: 'VALIDATION_FAILED: more rows than allowed',
        413: 'PAYLOAD_TOO_LARGE',
        415: 'UNSUPPORTED_MEDIA_TYPE: not CSV or Excel by content',
      },
      handler: async ({ params, auth, req, res, meta }) => {
        const found = await company(auth, params, true);
        const upload = await readUpload(req, res, IMPORT_RULE);
        const format = upload.contentType === XLSX ? 'xlsx' : 'csv';
        const stored = await deps.files.put('imports', upload.bytes, format === 'xlsx' ? 'application/octet-stream' : 'text/plain');
        const id = deps.ids.newId();
        let result;
        try {
          result = await deps.collaboratorImports.start(
            id,
            { fileRef: stored.fileRef, fileName: upload.originalName, format, bytes: upload.bytes },
            found.id,
            meta,
          );
        } catch (error) {
          await deps.files.delete(stored.fileRef).catch(() => undefined);
          if (error instanceof UnreadableSpreadsheetError) throw unreadable();
          throw error;
        }
        eventPosition(res, result.position);
        res.status(202);
        return { id };
      },
    }),
    route(companiesEndpoints.getCompaniesByIdCollaboratorsImportsByImportId, {
      summary: "A collaborators' import: status, total, processed, created and updated (counts and row numbers), rejected rows { row, field, message }",
      tag: 'companies',
      access: 'authenticated',
      responses: { 404: 'NOT_FOUND (also another company’s import)' },
      handler: async ({ params, auth }) => {
        const found = await company(auth, params, false);
        const importId = pathId(params, 'importId');
        const state = await deps.collaboratorImports.state(importId);
        if (state.status === 'idle' || state.companyId !== found.id) throw new ApiError('NOT_FOUND');
        const { status, fileName, total, processed, createdRows, updatedRows, rejected, startedAt, finishedAt, error } = state;
        return {
          id: importId,
          status,
          fileName,
          total,
          processed,
          created: createdRows.length,
          updated: updatedRows.length,
          createdRows,
          updatedRows,
          rejected,
          startedAt,
          finishedAt,
          error,
        };
      },
    }),
  ];
};
