import type { ZodError } from 'zod';
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
    const i = issue as { code: string; minimum?: number | bigint; maximum?: number | bigint; origin?: string };
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
            : 'El valor no es válido.';
  }
  return messages;
};
