import { z } from 'zod';
import { parseChileanPhone } from '../domain/shared/phone';
import { emailField, labelField, optionalPersonNameField, personNameField, rutField, webAddressField } from './common';

/** The company registration wizard (spec §2, §3 Company registration, §5) and its review queue. */
export const BUSINESS_TYPES = ['real_estate_agency', 'real_estate_company', 'developer', 'broker', 'other'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const LEGAL_DOCUMENT_KINDS = ['constitution', 'rut_certificate', 'legal_representative_id', 'bank_certificate', 'other'] as const;
export const REGISTRATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export const ACCOUNT_TYPES = ['corriente', 'vista', 'ahorro'] as const;
/** Spec §9: legal documents PDF, JPG or PNG, at most 10 MB each. */
export const REGISTRATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const text = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().trim().max(max);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** A Chilean phone (spec §5: +56 9 1234 5678 mobile, +56 2 1234 5678 landline), by the same rule as the server's value object. */
const chileanPhone = z
  .string()
  .max(30)
  .superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', params: { code: 'PHONE_REQUIRED' } });
    else if (!parseChileanPhone(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_CHILEAN_PHONE' } });
  });
const optionalPhone = z
  .string()
  .max(30)
  .refine((value) => value.trim() === '' || !!parseChileanPhone(value), { params: { code: 'INVALID_CHILEAN_PHONE' } });

export const registrationApplication = z.strictObject({
  company: z.strictObject({
    businessType: z.enum(BUSINESS_TYPES),
    name: labelField(1, 120),
    rut: rutField,
    foundingYear: z.number().int().min(1800).max(2100).nullable(),
    website: webAddressField,
    businessLicense: optional(60),
    description: optional(1000),
  }),
  address: z.strictObject({
    street: z
      .string()
      .trim()
      .max(120)
      .refine((v) => v.length > 0, { params: { code: 'ADDRESS_REQUIRED' } }),
    number: optional(20),
    regionCode: z.string().max(4),
    communeCode: z.string().max(8),
    city: optional(80),
  }),
  contact: z.strictObject({
    email: emailField,
    phone: chileanPhone,
    secondaryPhone: optionalPhone,
    businessHours: z.strictObject(
      Object.fromEntries(WEEKDAYS.map((d) => [d, z.strictObject({ open: time, close: time }).nullable()])) as Record<
        (typeof WEEKDAYS)[number],
        z.ZodNullable<z.ZodObject<{ open: typeof time; close: typeof time }>>
      >,
    ),
    socialMedia: z.strictObject({
      linkedin: webAddressField.optional(),
      instagram: webAddressField.optional(),
      facebook: webAddressField.optional(),
      x: webAddressField.optional(),
    }),
  }),
  legalRepresentative: z.strictObject({
    name: personNameField,
    firstLastName: personNameField,
    secondLastName: optionalPersonNameField,
    rut: rutField,
    email: emailField,
    phone: chileanPhone,
  }),
  banking: z.strictObject({
    bank: labelField(1, 80),
    accountType: z.enum(ACCOUNT_TYPES),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9-]{4,30}$/),
    holderName: labelField(1, 120),
    holderRut: rutField,
  }),
  acceptances: z.strictObject({ terms: z.boolean(), privacy: z.boolean(), dataProcessing: z.boolean() }),
});
export type RegistrationApplicationInput = z.infer<typeof registrationApplication>;

export const submitRegistrationBody = z.strictObject({ acceptances: registrationApplication.shape.acceptances.optional() });
export const documentKindBody = z.strictObject({ kind: z.enum(LEGAL_DOCUMENT_KINDS) });
export const rejectRegistrationBody = z.strictObject({ reason: text(500) });
export const registrationsQuery = z.strictObject({ status: z.enum(REGISTRATION_STATUSES).optional() });

const registrationDocument = z.object({
  documentId: z.string(),
  kind: z.enum(LEGAL_DOCUMENT_KINDS),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  addedAt: z.string(),
});

export const registrationItem = z.object({
  id: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  companyName: z.string(),
  companyRut: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  contactEmail: z.string(),
  representativeName: z.string(),
  regionName: z.string(),
  communeName: z.string(),
  documents: z.array(registrationDocument),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  companyId: z.string().nullable(),
});
export type RegistrationItem = z.infer<typeof registrationItem>;
export const registrationsResponse = z.object({ items: z.array(registrationItem) });

/** POST /company-registrations/:id/documents. */
export const documentAddedResponse = z.object({ documentId: z.string() });
/** POST /company-registrations/:id/approve: the company and the legal representative's account it created. */
export const registrationApprovedResponse = z.object({
  id: z.string(),
  status: z.literal('approved'),
  companyId: z.string().nullable(),
  userId: z.string().nullable(),
});
