import { randomUUID } from 'node:crypto';
import { documentKindBody, LEGAL_DOCUMENT_KINDS, REGISTRATION_DOCUMENT_MAX_BYTES } from '../../../contract/company-registrations';
import type { LegalDocumentKind } from '../../../domain/companies/company-registration';
import { listRegistrations } from '../../../read-models/company-registrations/company-registrations.projection';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { companyRegistrationsEndpoints } from '../../../contract/endpoints/company-registrations';
import { readUpload } from '../uploads';
import { eventPosition, pathId } from './route-helpers';

const DOCUMENT_RULE = {
  accept: ['application/pdf', 'image/jpeg', 'image/png'],
  maxBytes: REGISTRATION_DOCUMENT_MAX_BYTES,
  acceptLabel: 'PDF, JPG o PNG',
} as const;

/**
 * The public company registration wizard (spec §2, §3, §5) and the back office's review. An application's id
 * is a random UUID that only the applicant's browser holds: it is what lets the wizard add documents and
 * submit without an account.
 */
export const companyRegistrationsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(companyRegistrationsEndpoints.postCompanyRegistrations, {
    summary: 'Start a company registration (public): company, address, contact, legal representative, banking; every field error at once',
    tag: 'company-registrations',
    access: 'public',
    responses: { 201: '{ id }', 400: 'VALIDATION_FAILED with every field error (RUT, Chilean phones, emails, region/commune pair...)' },
    handler: async ({ body, res, meta }) => {
      const result = await deps.registrations.start(body, meta);
      eventPosition(res, result.position);
      res.status(201);
      return { id: result.registrationId };
    },
  }),
  route(companyRegistrationsEndpoints.postCompanyRegistrationsByIdDocuments, {
    summary: 'Add a legal document to a draft application (multipart: file, kind): PDF, JPG or PNG up to 10 MB, checked by content',
    tag: 'company-registrations',
    access: 'public',
    responses: {
      201: '{ documentId }',
      413: 'PAYLOAD_TOO_LARGE: over 10 MB',
      415: 'UNSUPPORTED_MEDIA_TYPE: not a PDF, JPG or PNG by its content',
      404: 'NOT_FOUND',
      422: 'BUSINESS_RULE_VIOLATION: already submitted',
    },
    handler: async ({ params, req, res, meta }) => {
      const id = pathId(params);
      const upload = await readUpload(req, res, DOCUMENT_RULE);
      const kind = documentKindBody.safeParse({ kind: upload.fields.kind });
      if (!kind.success)
        throw new ApiError('VALIDATION_FAILED', [
          { field: 'kind', code: 'INVALID_VALUE', message: `Indique el tipo de documento: ${LEGAL_DOCUMENT_KINDS.join(', ')}.` },
        ]);
      // The file is stored (and fsync'd) before any event names it.
      const stored = await deps.files.put('registrations', upload.bytes, upload.contentType);
      const documentId = randomUUID();
      try {
        const result = await deps.registrations.addDocument(
          id,
          {
            documentId,
            kind: kind.data.kind as LegalDocumentKind,
            name: upload.originalName,
            fileRef: stored.fileRef,
            contentType: stored.contentType,
            size: stored.size,
          },
          meta,
        );
        eventPosition(res, result.position);
      } catch (error) {
        await deps.files.delete(stored.fileRef);
        throw error;
      }
      res.status(201);
      return { documentId };
    },
  }),
  route(companyRegistrationsEndpoints.postCompanyRegistrationsByIdSubmit, {
    summary:
      'Send the application for review: terms, privacy and data-processing accepted and at least one document; the applicant is mailed (2-3 business days)',
    tag: 'company-registrations',
    access: 'public',
    responses: { 200: '{ id, status }', 400: 'VALIDATION_FAILED: acceptances or documents missing', 429: 'RATE_LIMIT_EXCEEDED' },
    handler: async ({ params, body, req, res, meta }) => {
      const id = pathId(params);
      await deps.mailLimit.before(req.ip ?? req.socket.remoteAddress ?? 'unknown', `registration:${id}`);
      const result = await deps.registrations.submit(id, meta, body.acceptances);
      eventPosition(res, result.position);
      return { id, status: 'submitted' };
    },
  }),
  route(companyRegistrationsEndpoints.getCompanyRegistrations, {
    summary: 'The review queue: submitted applications (or ?status=), newest first, with their documents',
    tag: 'company-registrations',
    access: 'company-registrations:review',
    handler: async ({ query }) => listRegistrations(deps.readStore, query),
  }),
  route(companyRegistrationsEndpoints.getCompanyRegistrationsByIdDocumentsByDocumentId, {
    summary: 'Download one legal document of an application (as an attachment, never rendered by the browser)',
    tag: 'company-registrations',
    access: 'company-registrations:review',
    produces: 'application/octet-stream',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ params, res }) => {
      const document = await deps.registrations.document(pathId(params), pathId(params, 'documentId'));
      const file = document ? await deps.files.get(document.fileRef) : null;
      if (!document || !file) throw new ApiError('NOT_FOUND');
      res.setHeader('Content-Type', file.contentType);
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="documento-${document.kind}.${file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg'}"`,
      );
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(file.bytes);
    },
  }),
  route(companyRegistrationsEndpoints.postCompanyRegistrationsByIdApprove, {
    summary: 'Approve: the company is created, its legal representative gets a company account (invited by mail to choose a password) and membership',
    tag: 'company-registrations',
    access: 'company-registrations:review',
    responses: { 200: '{ id, status, companyId, userId }', 422: 'BUSINESS_RULE_VIOLATION: not submitted, or the representative already has an account' },
    handler: async ({ params, res, meta }) => {
      const result = await deps.registrations.approve(pathId(params), meta);
      eventPosition(res, result.position);
      const approved = result.events.find((e) => e.type === 'CompanyRegistrationApproved');
      return { id: pathId(params), status: 'approved', companyId: approved?.data.companyId ?? null, userId: approved?.data.userId ?? null };
    },
  }),
  route(companyRegistrationsEndpoints.postCompanyRegistrationsByIdReject, {
    summary: 'Reject with a reason, mailed to the applicant',
    tag: 'company-registrations',
    access: 'company-registrations:review',
    responses: { 422: 'BUSINESS_RULE_VIOLATION: not submitted' },
    handler: async ({ params, body, res, meta }) => {
      const result = await deps.registrations.reject(pathId(params), body.reason, meta);
      eventPosition(res, result.position);
      return { id: pathId(params), status: 'rejected' };
    },
  }),
];
