import { z } from 'zod';
import { parseRut } from '../domain/shared/rut';
import { CALENDAR_DATE_MESSAGE, isCalendarDate, isCalendarMonth } from '../domain/shared/calendar-date';
import { isPersonName, PERSON_NAME_MAX, PERSON_NAME_MESSAGE, PERSON_NAME_MIN } from '../domain/shared/person-name';
import { isLabel, LABEL_MESSAGE } from '../domain/shared/text-input';
import { isWebAddress, WEB_ADDRESS_MESSAGE } from '../domain/shared/web-address';

/** Reusable field schemas. Messages are codes; adapters/http/errors.ts turns them into Spanish. */
export const emailField = z.email().max(254);
export const rutField = z
  .string()
  .max(20)
  .superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', params: { code: 'RUT_REQUIRED' } });
    else if (!parseRut(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_RUT' } });
  });
/**
 * One rule per kind of field, used by every schema (tests/contract/field-rules.test.ts): a day
 * (domain/shared/calendar-date.ts), a person's name (person-name.ts), the name of a thing (text-input.ts), a
 * web address (web-address.ts).
 */
/** A day yyyy-mm-dd that exists, 1900 to 2100 (2026-02-31, 0000-01-01 and 1800-01-01 are refused). */
export const calendarDate = z
  .string()
  .max(10)
  .superRefine((value, ctx) => {
    if (!isCalendarDate(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_DATE', message: CALENDAR_DATE_MESSAGE } });
  });
/** A month yyyy-mm, 1900 to 2100. */
export const calendarMonth = z
  .string()
  .max(7)
  .superRefine((value, ctx) => {
    if (!isCalendarMonth(value))
      ctx.addIssue({ code: 'custom', params: { code: 'INVALID_DATE', message: 'Ingrese un mes válido (mes y año entre 1900 y 2100).' } });
  });
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
};
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** An aggregate's id in a path or a body. */
export const idParam = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** A command without parameters: no body, or an empty object. */
export const emptyBody = z.strictObject({}).optional();

const personName = (max: number) =>
  z
    .string()
    .trim()
    .min(PERSON_NAME_MIN)
    .max(max)
    .superRefine((value, ctx) => {
      if (!isPersonName(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_NAME', message: PERSON_NAME_MESSAGE } });
    });

/** A name or a surname (spec §5: 2 to 50): domain/shared/person-name.ts. */
export const personNameField = personName(PERSON_NAME_MAX);
/** A second surname, which not everyone has: empty, or a surname. */
export const optionalPersonNameField = z.union([z.literal(''), personNameField]);
/** A person's full name in one field (a contact request's "Nombre"): the same characters, up to 100. */
export const fullNameField = personName(100);

/** The name of a thing (a company, a campaign, a project, a bank, a file): domain/shared/text-input.ts. */
export const labelField = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .superRefine((value, ctx) => {
      if (value !== '' && !isLabel(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_TEXT', message: LABEL_MESSAGE } });
    });

/** A company's website or social link: empty, or http(s) to a named host (never `javascript:`). */
export const webAddressField = z
  .string()
  .trim()
  .max(300)
  .superRefine((value, ctx) => {
    if (value !== '' && !isWebAddress(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_URL', message: WEB_ADDRESS_MESSAGE } });
  });

// ---- answers shared by many commands ----

/** A command that created something: its id (201). */
export const createdResponse = z.object({ id: z.string() });
/** A conditional edit: the aggregate's new revision (the next If-Match). */
export const revisionResponse = z.object({ id: z.string(), revision: z.number().int() });
/** A move of a workflow: the aggregate and the status it reached. */
export const statusChangedResponse = z.object({ id: z.string(), status: z.string() });
