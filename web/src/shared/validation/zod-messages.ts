import type { ZodError } from 'zod';
import { catalogueEntry } from '../../../../contract/errors';
import { MSG } from './rules';

/** What the Spanish message is read from: a zod issue, raw (as an error map sees it) or final. */
interface IssueFacts {
  readonly code?: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly origin?: string;
  readonly format?: string;
  readonly params?: { readonly code?: string; readonly message?: string };
}

/**
 * One contract refusal in Spanish, from the issue's kind (never zod's English text). Used as the per-parse error
 * map of the forms' resolver and by zodFieldMessages, so a form says the same before and after a round trip.
 */
export const spanishIssueMessage = (issue: IssueFacts): string => {
  // A contract refinement names its catalogue code (INVALID_RUT, INVALID_CHILEAN_PHONE...): the spec's message.
  if (issue.code === 'custom' && (issue.params?.message || issue.params?.code)) return issue.params.message ?? catalogueEntry(issue.params.code!).message;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? MSG.required : MSG.minLength(Number(issue.minimum));
      return issue.origin === 'array' ? `Agregue al menos ${issue.minimum}.` : `El valor mínimo es ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return MSG.maxLength(Number(issue.maximum));
      return issue.origin === 'array' ? `Como máximo ${issue.maximum}.` : `El valor máximo es ${issue.maximum}.`;
    case 'invalid_type':
      return MSG.required;
    case 'invalid_format':
      return issue.format === 'email' ? MSG.email : 'El valor no es válido.';
    default:
      return 'El valor no es válido.';
  }
};

/**
 * A contract schema's refusal as Spanish messages keyed by field path ("steps.0.title"), the paths the
 * server's fieldErrors use; the first message per field wins.
 */
export const zodFieldMessages = (error: ZodError): Record<string, string> => {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!messages[path]) messages[path] = spanishIssueMessage(issue as IssueFacts);
  }
  return messages;
};
