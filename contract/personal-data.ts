import { z } from 'zod';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES } from '../domain/personal-data/data-request';

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
