import { catalogueEntry, UNKNOWN_ERROR, type ApiErrorBody, type Severity } from '../../../../contract/errors';
import { MESSAGES } from '../config/constants';

export type FieldErrorItem = ApiErrorBody['fieldErrors'][number];

/** An API failure as the UI consumes it: the spec's error object plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly severity: Severity;
  readonly fieldErrors: readonly FieldErrorItem[];
  readonly actions: readonly string[];

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.severity = body.severity;
    this.fieldErrors = body.fieldErrors;
    this.actions = body.actions;
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, severity: this.severity, fieldErrors: this.fieldErrors, actions: this.actions };
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'SESSION_EXPIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  419: 'CSRF_TOKEN_INVALID',
  429: 'RATE_LIMIT_EXCEEDED',
};

const codeForStatus = (status: number): string => CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN_ERROR');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Reads whatever the server sent into the error object. Messages and actions come from the server when
 * present, else from the shared catalogue (so a bare 502 from a proxy still reads in Spanish).
 */
export const toErrorBody = (status: number, payload: unknown): ApiErrorBody => {
  const raw = isRecord(payload) && isRecord(payload.error) ? payload.error : payload;
  const body = isRecord(raw) ? raw : {};
  const code = typeof body.code === 'string' && body.code ? body.code : codeForStatus(status);
  const entry = catalogueEntry(code);
  const message = typeof body.message === 'string' && body.message ? body.message : entry.message;
  const severity = body.severity === 'warning' || body.severity === 'info' || body.severity === 'error' ? body.severity : entry.severity;
  const actions = Array.isArray(body.actions) && body.actions.length > 0 ? body.actions.filter((a): a is string => typeof a === 'string') : [...entry.actions];
  const fieldErrors = Array.isArray(body.fieldErrors)
    ? body.fieldErrors.filter(isRecord).map((fe) => {
        const feCode = typeof fe.code === 'string' ? fe.code : 'INVALID';
        const feMessage = typeof fe.message === 'string' && fe.message ? fe.message : fieldMessageFor(feCode);
        return { field: String(fe.field ?? ''), code: feCode, message: feMessage };
      })
    : [];
  return { code, message, severity, actions, fieldErrors };
};

const fieldMessageFor = (code: string): string => {
  const entry = catalogueEntry(code);
  return entry === UNKNOWN_ERROR ? 'El valor ingresado no es válido.' : entry.message;
};

export const networkTimeoutError = (): ApiError =>
  new ApiError(0, { code: 'NETWORK_TIMEOUT', message: MESSAGES.networkTimeout, severity: 'error', fieldErrors: [], actions: [] });

export const networkUnavailableError = (): ApiError =>
  new ApiError(0, { code: 'NETWORK_ERROR', message: MESSAGES.networkUnavailable, severity: 'error', fieldErrors: [], actions: [] });

/** A failed RTK Query call (platform-api.ts keeps the error object as plain data); what `unwrap()` throws. */
const isQueryError = (error: unknown): error is ApiErrorBody & { status: number } =>
  isRecord(error) &&
  typeof error.code === 'string' &&
  typeof error.message === 'string' &&
  typeof error.status === 'number' &&
  Array.isArray(error.fieldErrors);

/** Any thrown value as an error object, for slices and toasts. Anything but an ApiError is a bug: logged. */
export const toApiErrorBody = (error: unknown): ApiErrorBody => {
  if (error instanceof ApiError) return error.toBody();
  if (isQueryError(error))
    return { code: error.code, message: error.message, severity: error.severity, fieldErrors: error.fieldErrors, actions: error.actions };
  console.error('Error inesperado en el cliente', error);
  return toErrorBody(0, { code: 'UNKNOWN_ERROR' });
};

/** Field errors keyed by field name (first message wins), ready for a form. */
export const fieldErrorMap = (body: Pick<ApiErrorBody, 'fieldErrors'> | null | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const fe of body?.fieldErrors ?? []) if (fe.field && !(fe.field in out)) out[fe.field] = fe.message;
  return out;
};
