import type { ErrorCode } from './error-catalogue';

/**
 * Business-rule refusals carry a stable code from the spec's error catalogue (§8). Adapters turn the
 * code into an HTTP status and the Spanish message; the domain only says what went wrong.
 */
/** Every refusal code is an entry of the catalogue, so each has its Spanish message. */
export type DomainErrorCode = ErrorCode;

export interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly message?: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly detail?: string,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(detail ?? code);
    this.name = 'DomainError';
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
