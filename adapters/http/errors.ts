import type { ZodError } from 'zod';
import { catalogueEntry, type ApiErrorBody, type ErrorCode } from '../../domain/shared/error-catalogue';
import type { FieldError } from '../../domain/shared/errors';

/** HTTP status of each error code of the catalogue: a code added there without its status here does not compile. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_RUT: 400,
  RUT_REQUIRED: 400,
  INVALID_CHILEAN_PHONE: 400,
  PHONE_REQUIRED: 400,
  INVALID_REGION: 400,
  INVALID_COMMUNE: 400,
  ADDRESS_REQUIRED: 400,
  INVALID_BUSINESS_TYPE: 400,
  INVALID_PROPERTY_TYPE: 400,
  PRICE_OUT_OF_RANGE: 400,
  INVALID_UF_VALUE: 400,
  INVALID_CURRENCY: 400,
  INSUFFICIENT_FUNDS: 402,
  TOKEN_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  FORBIDDEN: 403,
  INSUFFICIENT_PERMISSIONS: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  DATA_REQUEST_CLOSED: 409,
  LEAD_CLOSED: 409,
  LEAD_STATUS_NOT_ALLOWED: 409,
  IDENTITY_NOT_VERIFIED: 409,
  RUT_ALREADY_EXISTS: 409,
  EMAIL_ALREADY_EXISTS: 409,
  UNIT_ALREADY_RESERVED: 409,
  UNIT_HELD_BY_BUYER: 409,
  RESERVATION_LIMIT_REACHED: 409,
  PRECONDITION_REQUIRED: 428,
  PROPERTY_NOT_AVAILABLE: 409,
  REFUND_NOT_DUE: 409,
  RESERVATION_NOT_CANCELLABLE: 409,
  HOLD_NOT_EXTENDABLE: 409,
  REFUND_FAILED: 502,
  BUSINESS_RULE_VIOLATION: 422,
  CONCURRENT_MODIFICATION: 409,
  OPERATION_IN_PROGRESS: 409,
  SMTP_CONNECTION_FAILED: 422,
  TEST_EMAIL_FAILED: 422,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_HEADERS_TOO_LARGE: 431,
  CSRF_TOKEN_INVALID: 419,
  RATE_LIMIT_EXCEEDED: 429,
  PAYMENT_FAILED: 402,
  SERVER_ERROR: 500,
  SERVICE_STARTING: 503,
  STORAGE_UNAVAILABLE: 503,
};

// Own keys only: an inherited member ('toString', 'constructor') is not an error code.
export const statusOf = (code: string): number => (Object.hasOwn(STATUS, code) ? STATUS[code as ErrorCode] : 500);

/** An error the HTTP layer answers directly with the spec's error object. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors: readonly FieldError[] = [],
    readonly status: number = statusOf(code),
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** Spanish message per field-level code; catalogue codes (INVALID_RUT...) use the catalogue's message. */
const FIELD_MESSAGES: Record<string, string> = {
  REQUIRED: 'Este campo es obligatorio.',
  INVALID_TYPE: 'El tipo de dato no es válido.',
  INVALID_EMAIL: 'Ingrese un email válido.',
  INVALID_VALUE: 'El valor no es válido.',
  UNKNOWN_FIELD: 'Este campo no está permitido.',
  PASSWORD_MISMATCH: 'Las contraseñas no coinciden.',
  TERMS_REQUIRED: 'Debe aceptar los términos y condiciones.',
  INVALID_DATE: 'Ingrese una fecha válida.',
  INVALID_ROLE: 'Rol no válido.',
};

export const fieldMessage = (code: string, message?: string): string => {
  if (message) return message;
  if (Object.hasOwn(FIELD_MESSAGES, code)) return FIELD_MESSAGES[code];
  const entry = catalogueEntry(code);
  return entry.message;
};

export const errorBody = (code: string, fieldErrors: readonly FieldError[] = []): ApiErrorBody => {
  const entry = catalogueEntry(code);
  return {
    code: statusOf(code) === 500 && code !== 'SERVER_ERROR' ? 'UNKNOWN_ERROR' : code,
    message: entry.message,
    severity: entry.severity,
    fieldErrors: fieldErrors.map((f) => ({ field: f.field, code: f.code, message: fieldMessage(f.code, f.message) })),
    actions: [...entry.actions],
  };
};

/** A malformed path: the router could not percent-decode a parameter (`/units/%ZZ`). */
const BAD_PATH: FieldError = { field: 'path', code: 'INVALID_VALUE', message: 'La dirección solicitada contiene caracteres mal codificados.' };

/**
 * Errors raised below our handlers by Express and its parsers (router, body-parser): http-errors with a
 * 4xx status the caller caused. Null for anything else, which is our fault.
 */
export const clientMistake = (error: unknown): { code: ErrorCode; fieldErrors: FieldError[] } | null => {
  if (error instanceof URIError) return { code: 'VALIDATION_FAILED', fieldErrors: [BAD_PATH] };
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large' || status === 413) return { code: 'PAYLOAD_TOO_LARGE', fieldErrors: [] };
  if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported')
    return { code: 'VALIDATION_FAILED', fieldErrors: [{ field: '_', code: 'INVALID_JSON', message: 'El cuerpo de la solicitud no es JSON válido.' }] };
  if (status === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE', fieldErrors: [] };
  if (typeof status === 'number' && status >= 400 && status < 500) return { code: 'VALIDATION_FAILED', fieldErrors: [] };
  return null;
};

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: string[];
  format?: string;
  origin?: string;
  params?: { code?: string; message?: string };
}

/** zod issues -> field errors with stable codes and Spanish messages. */
export const fieldErrorsFromZod = (error: ZodError): FieldError[] =>
  (error.issues as unknown as ZodIssueLike[]).flatMap((issue): FieldError[] => {
    const field = issue.path.map(String).join('.') || '_';
    // Parsed with reportInput: an absent value is "required" whatever the rule it failed (an enum, a union, a type).
    const absent = 'input' in issue && issue.input === undefined;
    if (absent && (issue.code === 'invalid_value' || issue.code === 'invalid_union' || issue.code === 'invalid_type')) return [{ field, code: 'REQUIRED' }];
    switch (issue.code) {
      case 'unrecognized_keys':
        return (issue.keys ?? []).map((k) => ({ field: issue.path.length ? `${field}.${k}` : k, code: 'UNKNOWN_FIELD' }));
      case 'invalid_type':
        return [{ field, code: 'input' in issue && issue.input !== undefined ? 'INVALID_TYPE' : 'REQUIRED' }];
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return [{ field, code: 'REQUIRED' }];
        return [
          issue.origin === 'string'
            ? { field, code: 'MIN_LENGTH', message: `Debe tener al menos ${issue.minimum} caracteres.` }
            : { field, code: 'MIN_VALUE', message: `El valor mínimo es ${issue.minimum}.` },
        ];
      case 'too_big':
        return [
          issue.origin === 'string'
            ? { field, code: 'MAX_LENGTH', message: `Debe tener como máximo ${issue.maximum} caracteres.` }
            : { field, code: 'MAX_VALUE', message: `El valor máximo es ${issue.maximum}.` },
        ];
      case 'invalid_format':
        return [{ field, code: issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_VALUE' }];
      case 'custom':
        return [{ field, code: issue.params?.code ?? 'INVALID_VALUE', message: issue.params?.message }];
      default:
        return [{ field, code: 'INVALID_VALUE' }];
    }
  });
