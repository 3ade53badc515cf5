import { z } from 'zod';
import { RATE_CONVENTIONS } from '../../../domain/financing/mortgage';
import { CONTACT_METHODS, LEAD_ACTIVITIES, LEAD_STATUSES, PREFERRED_TIMES } from '../../../domain/leads/lead';
import { parseChileanPhone } from '../../../domain/shared/phone';
import { emailField, isoDate, pageQuery, rutField } from '../../../contract/common';
import { idParam } from './users.schemas';

export const createQuoteBody = z.strictObject({
  unitId: idParam,
  pricing: z.enum(['normal', 'bonus']).optional(),
  downPaymentPercent: z.number().min(0).max(100).optional(),
  annualRatePercent: z.number().min(0).max(50).optional(),
  termYears: z.number().int().min(1).max(40).optional(),
  convention: z.enum(RATE_CONVENTIONS).optional(),
  maxDebtRatioPercent: z.number().gt(0).max(100).optional(),
});

export const myQuotesQuery = z.strictObject({ from: isoDate.optional(), to: isoDate.optional(), ...pageQuery });

/** A command without parameters: no body, or an empty object. */
export const emptyBody = z.strictObject({}).optional();

export const addFavoriteBody = z.strictObject({ projectId: idParam });

export const setAlertBody = z.strictObject({ projectId: idParam, unitId: idParam.optional() });

/** Spec §5 phone: at least 9 digits, and a Chilean number (+56 unless another code is written). */
const contactPhone = z
  .string()
  .max(20)
  .superRefine((phone, ctx) => {
    const digits = phone.replace(/\D/g, '');
    if (phone.trim() === '') ctx.addIssue({ code: 'custom', params: { code: 'PHONE_REQUIRED' } });
    else if (digits.length < 9) ctx.addIssue({ code: 'custom', params: { code: 'MIN_LENGTH', message: 'El teléfono debe tener al menos 9 dígitos.' } });
    else if (!parseChileanPhone(phone)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_CHILEAN_PHONE' } });
  });

const mustAccept = z.boolean().superRefine((accepted, ctx) => {
  if (accepted !== true) ctx.addIssue({ code: 'custom', params: { code: 'TERMS_REQUIRED' } });
});

/** Spec §5, contact/advisor modal: every rule is checked per field, so the form shows every mistake at once. */
export const contactRequestBody = z.strictObject({
  kind: z.enum(['contact', 'advisor']).default('contact'),
  name: z.string().trim().min(2).max(100),
  email: emailField,
  phone: contactPhone,
  preferredContactMethod: z.enum(CONTACT_METHODS),
  preferredTime: z.enum(PREFERRED_TIMES),
  termsAccepted: mustAccept,
  message: z.string().trim().max(2000).optional(),
  projectId: idParam.optional(),
  unitId: idParam.optional(),
  rut: rutField.optional(),
  company: z.string().trim().max(100).optional(),
  monthlyIncome: z.number().int().min(0).max(1_000_000_000).optional(),
});

export const leadsQuery = z.strictObject({
  status: z.enum(LEAD_STATUSES).optional(),
  source: z.enum(LEAD_ACTIVITIES).optional(),
  projectId: idParam.optional(),
  search: z.string().max(100).optional(),
  ...pageQuery,
});

export const reserveBody = z.strictObject({ unitId: idParam });

/** What Webpay sends back: token_ws, or TBK_TOKEN with order and session (aborted), or only order and session (timeout). */
export const gatewayReturn = z.strictObject({
  token_ws: z.string().min(1).max(100).optional(),
  TBK_TOKEN: z.string().min(1).max(100).optional(),
  TBK_ORDEN_COMPRA: z.string().min(1).max(26).optional(),
  TBK_ID_SESION: z.string().min(1).max(61).optional(),
});

export const sandboxPayBody = z.strictObject({ token_ws: z.string().min(1).max(100) });
export const sandboxDecideBody = z.strictObject({ token_ws: z.string().min(1).max(100), decision: z.enum(['approve', 'reject', 'abort']) });
