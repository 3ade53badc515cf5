import { z } from 'zod';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES } from '../domain/personal-data/data-request';
import { myDataRequest, privacyView } from './privacy';

export { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES };

/** Spanish names of the kinds of request (Ley 21.719): the person's "Mis datos" and the officer's desk. */
export const DATA_REQUEST_KIND_LABELS: Readonly<Record<(typeof DATA_REQUEST_KINDS)[number], string>> = {
  access: 'Acceso',
  rectification: 'Rectificación',
  erasure: 'Supresión',
  opposition: 'Oposición',
  portability: 'Portabilidad',
  blocking: 'Bloqueo',
};

export const submitDataRequestBody = z.strictObject({
  kind: z.enum(DATA_REQUEST_KINDS),
  details: z.string().trim().max(2000).default(''),
});

export const dataRequestsQuery = z.strictObject({ status: z.enum(DATA_REQUEST_STATUSES).optional() });

export const verifyIdentityBody = z.strictObject({ method: z.string().trim().min(3).max(500) });

export const completeDataRequestBody = z.strictObject({
  outcome: z.string().trim().min(3).max(2000),
  evidence: z.string().trim().max(4000).default(''),
});

export const rejectDataRequestBody = z.strictObject({ reason: z.string().trim().min(3).max(2000) });

// ---- answers ----

const DATA_REQUEST_STEPS = ['submitted', 'identity_verified', 'completed', 'rejected', 'reminded'] as const;

/** A request as the officer's desk sees it: the person's view plus its steps (who, when, why) and whom it is about. */
export const dataRequest = myDataRequest.extend({
  kind: z.enum(DATA_REQUEST_KINDS),
  status: z.enum(DATA_REQUEST_STATUSES),
  evidence: z.string().nullable(),
  remindedAt: z.string().nullable().optional(),
  history: z.array(z.object({ step: z.enum(DATA_REQUEST_STEPS), actorId: z.string(), at: z.string(), why: z.string() })),
  subject: z.object({ id: z.string(), name: z.string().nullable() }),
});
/** GET /data-requests: the queue, nearest due date first. */
export const dataRequestsResponse = z.object({ items: z.array(dataRequest), total: z.number().int() });
/** GET /data-requests/:id: the request and the person's consents and restrictions. */
export const dataRequestDetailResponse = dataRequest.extend({ privacy: privacyView });

/** GET /me/data-export: each kind of data the platform holds about the person, with its origin, purpose, recipients and retention. */
export const personalDataExportResponse = z.object({
  subjectId: z.string(),
  generatedAt: z.string(),
  controller: z.string(),
  sections: z.record(
    z.string(),
    z.object({
      title: z.string(),
      origin: z.string(),
      purpose: z.string(),
      recipients: z.string(),
      retention: z.string(),
      sources: z.array(z.string()),
      data: z.unknown(),
    }),
  ),
});

export type DataRequest = z.infer<typeof dataRequest>;
export type DataRequestDetail = z.infer<typeof dataRequestDetailResponse>;
