import { z } from 'zod';
import { parseRut } from '../domain/shared/rut';
import { isPersonName, PERSON_NAME_MAX, PERSON_NAME_MESSAGE, PERSON_NAME_MIN } from '../domain/shared/person-name';

/** Reusable field schemas. Messages are codes; adapters/http/errors.ts turns them into Spanish. */
export const emailField = z.email().max(254);
export const nameField = z.string().trim().min(2).max(50);
export const rutField = z
  .string()
  .max(20)
  .superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', params: { code: 'RUT_REQUIRED' } });
    else if (!parseRut(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_RUT' } });
  });
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
};
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** An aggregate's id in a path or a body. */
export const idParam = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** A command without parameters: no body, or an empty object. */
export const emptyBody = z.strictObject({}).optional();

/** Names and surnames: domain/shared/person-name.ts. */
export const personNameField = z
  .string()
  .trim()
  .min(PERSON_NAME_MIN)
  .max(PERSON_NAME_MAX)
  .superRefine((value, ctx) => {
    if (!isPersonName(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_NAME', message: PERSON_NAME_MESSAGE } });
  });

// ---- answers shared by many commands ----

/** A command that created something: its id (201). */
export const createdResponse = z.object({ id: z.string() });
/** A conditional edit: the aggregate's new revision (the next If-Match). */
export const revisionResponse = z.object({ id: z.string(), revision: z.number().int() });
/** A move of a workflow: the aggregate and the status it reached. */
export const statusChangedResponse = z.object({ id: z.string(), status: z.string() });
