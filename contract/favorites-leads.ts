import { z } from 'zod';
import { CONTACT_METHODS, PREFERRED_TIMES } from '../domain/leads/lead';
import { parseChileanPhone } from '../domain/shared/phone';
import { emailField, fullNameField, idParam, labelField, rutField } from './common';

export const addFavoriteBody = z.strictObject({ projectId: idParam });

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
const CONTACT_KINDS = ['contact', 'advisor'] as const;
export const contactRequestBody = z.strictObject({
  kind: z.enum(CONTACT_KINDS).default('contact'),
  name: fullNameField,
  email: emailField,
  phone: contactPhone,
  preferredContactMethod: z.enum(CONTACT_METHODS),
  preferredTime: z.enum(PREFERRED_TIMES),
  termsAccepted: mustAccept,
  message: z.string().trim().max(2000).optional(),
  projectId: idParam.optional(),
  unitId: idParam.optional(),
  rut: rutField.optional(),
  company: labelField(0, 100).optional(),
  monthlyIncome: z.number().int().min(0).max(1_000_000_000).optional(),
});

// ---- answers ----

/** POST /favorites and DELETE /favorites/:id: the project's favourite flag now. */
export const favoriteToggledResponse = z.object({ projectId: z.string(), favorite: z.boolean() });
/** POST /contact-requests. */
export const contactRequestedResponse = z.object({ success: z.literal(true), message: z.string() });

export type ContactRequest = z.input<typeof contactRequestBody>;
export type ContactRequested = z.infer<typeof contactRequestedResponse>;
