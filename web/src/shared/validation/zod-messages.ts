import type { ZodError } from 'zod';
import { catalogueEntry } from '../../../../domain/shared/error-catalogue';
import { MSG } from './rules';

/**
 * A contract schema's refusal as Spanish messages keyed by field path ("steps.0.title"), the paths the
 * server's fieldErrors use, so a form shows the same message before and after a round trip.
 */
export const zodFieldMessages = (error: ZodError): Record<string, string> => {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (messages[path]) continue;
    const i = issue as { code: string; minimum?: number | bigint; maximum?: number | bigint; origin?: string; params?: { code?: string; message?: string } };
    // A contract refinement names its catalogue code (INVALID_RUT, INVALID_CHILEAN_PHONE...): the spec's message.
    if (i.code === 'custom' && (i.params?.message || i.params?.code)) {
      messages[path] = i.params.message ?? catalogueEntry(i.params.code!).message;
      continue;
    }
    messages[path] =
      i.code === 'too_small'
        ? i.origin === 'string'
          ? Number(i.minimum) <= 1
            ? MSG.required
            : MSG.minLength(Number(i.minimum))
          : i.origin === 'array'
            ? `Agregue al menos ${i.minimum}.`
            : `El valor mínimo es ${i.minimum}.`
        : i.code === 'too_big'
          ? i.origin === 'string'
            ? MSG.maxLength(Number(i.maximum))
            : i.origin === 'array'
              ? `Como máximo ${i.maximum}.`
              : `El valor máximo es ${i.maximum}.`
          : i.code === 'invalid_type'
            ? MSG.required
            : i.code === 'invalid_format' && (issue as { format?: string }).format === 'email'
              ? MSG.email
              : 'El valor no es válido.';
  }
  return messages;
};
