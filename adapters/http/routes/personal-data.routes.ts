import { exportPersonalData } from '../../../application/personal-data/data-export';
import { listDataRequests } from '../../../read-models/data-requests/data-requests.queries';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { personalDataEndpoints } from '../../../contract/endpoints/personal-data';
import { listRequestsOf, dataRequestById } from '../../../read-models/data-requests/data-requests.queries';
import { MARKETING_CONSENT_TEXT } from '../../../application/personal-data/privacy-preferences';
import type { ProcessingRestrictions } from '../../../domain/personal-data/processing-restrictions';
import { renderDataExportPdf } from '../../pdf/data-export-pdf';
import { chileDay } from '../../../domain/shared/chile-day';
import { ApiError } from '../errors';
import type { AuthContext } from '../route';
import { eventPosition, pathId, sendPdf } from './route-helpers';

const privacyOf = (r: ProcessingRestrictions) => ({
  marketingConsent: r.marketingConsent,
  marketingOpposed: r.marketingOpposed,
  profilingOpposed: r.profilingOpposed,
  processingBlocked: r.processingBlocked,
  marketingConsentText: MARKETING_CONSENT_TEXT,
  history: [...r.history],
});

const signedIn = (auth: AuthContext | null): string => {
  if (!auth) throw new ApiError('SESSION_EXPIRED');
  return auth.principal.user.userId;
};

/** Ley 21.719: the person's access to their data and their requests; the data-protection officer's queue. */
export const personalDataRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(personalDataEndpoints.getMeDataExport, {
    summary: 'Everything the platform holds about me (JSON), each kind with its origin, purpose, recipients and retention',
    tag: 'personal-data',
    access: 'profile:read',
    handler: async ({ auth, res, meta }) => {
      res.setHeader('Cache-Control', 'no-store');
      const { requests, sessions } = deps.personalData;
      return exportPersonalData({ readStore: deps.readStore, sessions, restrictionsOf: (id) => requests.restrictionsOf(id) }, signedIn(auth), meta.now);
    },
  }),
  route(personalDataEndpoints.getMeDataExportPdf, {
    summary: 'The same export as a readable PDF (each kind of data with its origin, purpose, recipients and retention)',
    tag: 'personal-data',
    access: 'profile:read',
    produces: 'application/pdf',
    responses: { 200: 'application/pdf' },
    handler: async ({ auth, res, meta }) => {
      res.setHeader('Cache-Control', 'no-store');
      const { requests, sessions } = deps.personalData;
      const data = await exportPersonalData(
        { readStore: deps.readStore, sessions, restrictionsOf: (id) => requests.restrictionsOf(id) },
        signedIn(auth),
        meta.now,
      );
      sendPdf(res, `mis-datos-${chileDay(meta.now)}.pdf`, await renderDataExportPdf(data));
    },
  }),
  route(personalDataEndpoints.getMePrivacy, {
    summary: 'My consents and oppositions (marketing email, marketing, profiling) and whether processing is blocked, with their history',
    tag: 'personal-data',
    access: 'profile:read',
    handler: async ({ auth, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return privacyOf(await deps.personalData.preferences.of(signedIn(auth)));
    },
  }),
  route(personalDataEndpoints.putMePrivacy, {
    summary: 'Change my consent to marketing email, my opposition to marketing or to profiling (lead scoring); each change is recorded',
    tag: 'personal-data',
    access: 'profile:read',
    handler: async ({ auth, body, res, meta }) => {
      const userId = signedIn(auth);
      eventPosition(res, (await deps.personalData.preferences.set(userId, body, meta)).position);
      return privacyOf(await deps.personalData.preferences.of(userId));
    },
  }),
  route(personalDataEndpoints.getMeDataRequests, {
    summary: 'My data requests, newest first, with status and due date',
    tag: 'personal-data',
    access: 'profile:read',
    handler: async ({ auth }) => {
      const items = (await listRequestsOf(deps.readStore, signedIn(auth))).map(
        ({ id, kind, status, details, submittedAt, dueAt, outcome, rejectionReason, closedAt }) => ({
          id,
          kind,
          status,
          details,
          submittedAt,
          dueAt,
          outcome,
          rejectionReason,
          closedAt,
        }),
      );
      return { items };
    },
  }),
  route(personalDataEndpoints.postMeDataRequests, {
    summary: 'Submit a request about my personal data (access, rectification, erasure, opposition, portability, blocking); due in 30 calendar days',
    tag: 'personal-data',
    access: 'profile:read',
    responses: { 201: '{ id }' },
    handler: async ({ body, auth, res, meta }) => {
      const { requestId, position } = await deps.personalData.requests.submit(signedIn(auth), body.kind, body.details, meta);
      eventPosition(res, position);
      res.status(201);
      return { id: requestId };
    },
  }),
  route(personalDataEndpoints.getDataRequests, {
    summary: "The data-protection officer's queue: nearest due date first, filter by status",
    tag: 'personal-data',
    access: 'data-requests:manage',
    handler: async ({ query }) => listDataRequests(deps.readStore, query),
  }),
  route(personalDataEndpoints.getDataRequestsById, {
    summary: "One request with its history, and the person's consents and restrictions (the desk's detail)",
    tag: 'personal-data',
    access: 'data-requests:manage',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ params }) => {
      const request = await dataRequestById(deps.readStore, pathId(params));
      if (!request) throw new ApiError('NOT_FOUND');
      return { ...request, privacy: privacyOf(await deps.personalData.preferences.of(request.subjectId)) };
    },
  }),
  route(personalDataEndpoints.postDataRequestsByIdVerifyIdentity, {
    summary: "Record how the requester's identity was verified (requests made from the person's session are verified already)",
    tag: 'personal-data',
    access: 'data-requests:manage',
    responses: { 404: 'NOT_FOUND', 409: 'DATA_REQUEST_CLOSED' },
    handler: async ({ params, body, res, meta }) => {
      eventPosition(res, (await deps.personalData.requests.verifyIdentity(pathId(params), body.method, meta)).position);
      return { id: pathId(params), status: 'verified' };
    },
  }),
  route(personalDataEndpoints.postDataRequestsByIdComplete, {
    summary: 'Answer a request; completing an erasure erases the person (key shredded, account closed, sessions and read-model copies gone)',
    tag: 'personal-data',
    access: 'data-requests:manage',
    responses: { 403: 'INSUFFICIENT_PERMISSIONS (erasing an account above the officer)', 404: 'NOT_FOUND', 409: 'DATA_REQUEST_CLOSED, IDENTITY_NOT_VERIFIED' },
    handler: async ({ params, body, res, meta }) => {
      eventPosition(res, (await deps.personalData.requests.complete(pathId(params), body, meta)).position);
      return { id: pathId(params), status: 'completed' };
    },
  }),
  route(personalDataEndpoints.postDataRequestsByIdReject, {
    summary: 'Reject a request, with the reason the person will be given',
    tag: 'personal-data',
    access: 'data-requests:manage',
    responses: { 404: 'NOT_FOUND', 409: 'DATA_REQUEST_CLOSED' },
    handler: async ({ params, body, res, meta }) => {
      eventPosition(res, (await deps.personalData.requests.reject(pathId(params), body.reason, meta)).position);
      return { id: pathId(params), status: 'rejected' };
    },
  }),
  route(personalDataEndpoints.postDataRequestsByIdLiftBlock, {
    summary: 'Lift the processing block a completed blocking request put in place, saying why',
    tag: 'personal-data',
    access: 'data-requests:manage',
    responses: { 404: 'NOT_FOUND', 422: 'BUSINESS_RULE_VIOLATION (not a completed blocking request, or nothing blocked)' },
    handler: async ({ params, body, res, meta }) => {
      eventPosition(res, (await deps.personalData.requests.liftBlock(pathId(params), body.reason, meta)).position);
      return { id: pathId(params), processingBlocked: false as const };
    },
  }),
];
