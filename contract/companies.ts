import { z } from 'zod';
import { COMPANY_KINDS } from '../domain/companies/company';
import { parseChileanPhone } from '../domain/shared/phone';
import { emailField, labelField, optionalPersonNameField, personNameField, rutField } from './common';

/** Companies and their collaborators (spec §3 Company, Collaborator): profile, single edits and the import. */
const chileanPhone = z
  .string()
  .max(30)
  .refine((v) => !!parseChileanPhone(v), { params: { code: 'INVALID_CHILEAN_PHONE' } });
const optionalPhone = z
  .string()
  .max(30)
  .refine((v) => v.trim() === '' || !!parseChileanPhone(v), { params: { code: 'INVALID_CHILEAN_PHONE' } });

export const companyProfileBody = z
  .strictObject({
    name: labelField(2, 120),
    description: z.string().trim().max(1000),
    contactEmail: emailField,
    contactPhone: chileanPhone,
  })
  .partial();
export type CompanyProfileChange = z.infer<typeof companyProfileBody>;

/** A company the back office registers itself (a partner employer; real-estate companies come through the wizard too). */
export const createCompanyBody = z.strictObject({
  name: labelField(2, 120),
  rut: rutField,
  kind: z.enum(COMPANY_KINDS),
  description: z.string().trim().max(1000),
  contactEmail: emailField,
  contactPhone: chileanPhone,
});
export type CreateCompany = z.infer<typeof createCompanyBody>;

export const companyDetail = z.object({
  id: z.string(),
  name: z.string(),
  rut: z.string(),
  kind: z.enum(COMPANY_KINDS),
  description: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  registeredAt: z.string(),
  revision: z.number().int(),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

export const collaboratorFields = z.strictObject({
  name: personNameField,
  firstSurname: personNameField,
  secondSurname: optionalPersonNameField,
  workEmail: emailField,
  personalEmail: z.union([z.literal(''), emailField]),
  phone: optionalPhone,
  post: z.string().trim().max(80),
  /** The company's contribution to the down payment, in UF (spec §3 "company contribution"). */
  companyContributionUF: z.number().min(0).max(10_000),
  plan: z.string().trim().max(80),
});
export const createCollaboratorBody = collaboratorFields.extend({ rut: rutField });
export type CreateCollaborator = z.infer<typeof createCollaboratorBody>;
export const changeCollaboratorBody = collaboratorFields.partial();
export type ChangeCollaborator = z.infer<typeof changeCollaboratorBody>;
export const deactivateCollaboratorBody = z.strictObject({ reason: z.string().trim().min(1).max(400) });

export const collaboratorRow = z.object({
  id: z.string(),
  companyId: z.string(),
  rut: z.string(),
  name: z.string(),
  firstSurname: z.string(),
  secondSurname: z.string(),
  workEmail: z.string(),
  personalEmail: z.string(),
  phone: z.string(),
  post: z.string(),
  companyContributionUF: z.number(),
  plan: z.string(),
  active: z.boolean(),
  hasAccount: z.boolean(),
  revision: z.number().int(),
});
export type CollaboratorRow = z.infer<typeof collaboratorRow>;
export const collaboratorsResponse = z.object({ items: z.array(collaboratorRow) });
export const collaboratorsQuery = z.strictObject({ search: z.string().max(80).optional(), active: z.enum(['true', 'false']).optional() });

/** The import's columns, in the template's order (Spanish headers, the spec's fields). */
export const COLLABORATOR_IMPORT_COLUMNS = [
  { key: 'rut', header: 'RUT' },
  { key: 'name', header: 'Nombre' },
  { key: 'firstSurname', header: 'Primer apellido' },
  { key: 'secondSurname', header: 'Segundo apellido' },
  { key: 'workEmail', header: 'Email laboral' },
  { key: 'personalEmail', header: 'Email personal' },
  { key: 'phone', header: 'Teléfono' },
  { key: 'post', header: 'Cargo' },
  { key: 'companyContributionUF', header: 'Aporte empresa (UF)' },
  { key: 'plan', header: 'Plan' },
] as const;
/** Spec §9: an import file is CSV or Excel, at most 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A collaborators' import, processed in the background (POST answers 202 { id }): its progress, and exactly
 * which rows created a collaborator, updated one or were refused (row numbers as in the file, header = 1).
 */
export const importResult = z.object({
  id: z.string(),
  status: z.enum(['processing', 'completed', 'failed']),
  fileName: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  createdRows: z.array(z.number().int()),
  updatedRows: z.array(z.number().int()),
  rejected: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResult>;

/** Invite a person to the company's team (a company account with a link to choose the password). */
export const teamInvitationBody = z.strictObject({
  email: emailField,
  rut: rutField,
  name: personNameField,
  firstLastName: personNameField,
  secondLastName: optionalPersonNameField,
  phone: chileanPhone,
  post: z.string().trim().max(80),
});
export type TeamInvitationBody = z.infer<typeof teamInvitationBody>;

export const teamMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  rut: z.string(),
  post: z.string(),
  status: z.enum(['pending_verification', 'active', 'disabled']),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamResponse = z.object({ items: z.array(teamMember) });

/** POST /companies/:id/members (201): the invited person's account. */
export const memberInvitedResponse = z.object({ userId: z.string() });
/** DELETE /companies/:id/members/:userId. */
export const memberRemovedResponse = z.object({ userId: z.string(), removed: z.literal(true) });
/** POST /collaborators/:id/deactivate. */
export const collaboratorDeactivatedResponse = z.object({ id: z.string(), active: z.literal(false) });
