import { z } from 'zod';
import { parseRut } from '../domain/shared/rut';

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
