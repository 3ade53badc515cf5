import { z } from 'zod';

/** Ley 21.719: the officer lifts a processing block set by a completed blocking request. */
export const liftProcessingBlockBody = z.strictObject({ reason: z.string().trim().min(3).max(2000) });
export type LiftProcessingBlockBody = z.infer<typeof liftProcessingBlockBody>;

export const liftProcessingBlockResponse = z.object({ id: z.string(), processingBlocked: z.literal(false) });
export type LiftProcessingBlockResponse = z.infer<typeof liftProcessingBlockResponse>;

/** The person's own privacy choices from "Mis datos" (Ley 21.719): each one optional, at least one. */
export const privacyChoicesBody = z
  .strictObject({
    marketingEmails: z.boolean().optional(),
    opposeMarketing: z.boolean().optional(),
    opposeProfiling: z.boolean().optional(),
  })
  .refine((v) => v.marketingEmails !== undefined || v.opposeMarketing !== undefined || v.opposeProfiling !== undefined, {
    path: ['marketingEmails'],
    params: { code: 'REQUIRED' },
  });
export type PrivacyChoicesBody = z.infer<typeof privacyChoicesBody>;

const restrictionStep = z.object({
  type: z.string(),
  requestId: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});

/** GET/PUT /me/privacy and the desk's view of a person: consents and restrictions with their history. */
export const privacyView = z.object({
  marketingConsent: z.boolean(),
  marketingOpposed: z.boolean(),
  profilingOpposed: z.boolean(),
  processingBlocked: z.boolean(),
  /** The text a person agrees to when they accept marketing email. */
  marketingConsentText: z.string(),
  history: z.array(restrictionStep),
});
export type PrivacyView = z.infer<typeof privacyView>;

/** GET /me/data-requests: the person's own requests, newest first. */
export const myDataRequest = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  details: z.string(),
  submittedAt: z.string(),
  dueAt: z.string(),
  outcome: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type MyDataRequest = z.infer<typeof myDataRequest>;
export const myDataRequestsResponse = z.object({ items: z.array(myDataRequest) });

/**
 * What an erasure cannot remove, as the privacy policy names it (adapters/seed/legal-documents.ts) and
 * "Mis datos" explains it: one text, so both say the same.
 */
export const LEGAL_RETENTION_PERIOD = 'seis años, el plazo de conservación tributaria y contable (Código Tributario, artículos 17 y 200)';
export const ERASURE_KEEPS = `Las reservas confirmadas y los pagos se conservan seudonimizados (sin su nombre, RUT ni correo, solo un identificador) durante ${LEGAL_RETENTION_PERIOD}; también los registros de auditoría de cambios de roles y de esta solicitud.`;

/** The acceptance a contact or advisor form shows; the lead keeps it, with the versions then in force. */
export const CONTACT_CONSENT_TEXT = 'Acepto los términos y condiciones y la política de privacidad';
