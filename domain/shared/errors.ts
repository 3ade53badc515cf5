/**
 * Business-rule refusals carry a stable code from the spec's error catalogue (§8). Adapters turn the
 * code into an HTTP status and the Spanish message; the domain only says what went wrong.
 */
export type DomainErrorCode =
  | 'INVALID_RUT'
  | 'RUT_REQUIRED'
  | 'RUT_ALREADY_EXISTS'
  | 'EMAIL_ALREADY_EXISTS'
  | 'INVALID_CHILEAN_PHONE'
  | 'PHONE_REQUIRED'
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_NOT_VERIFIED'
  | 'ACCOUNT_DISABLED'
  | 'TOKEN_INVALID'
  | 'SESSION_EXPIRED'
  | 'INSUFFICIENT_PERMISSIONS'
  | 'FORBIDDEN'
  | 'BUSINESS_RULE_VIOLATION'
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'PROPERTY_NOT_AVAILABLE'
  | 'UNIT_ALREADY_RESERVED'
  | 'PAYMENT_FAILED';

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
