import { ApiError, fieldErrorMap, toApiErrorBody } from '../api/errors';

/** What a failed submit tells the form: the server's message above it, and its field errors by field. */
export interface SubmitFailure {
  readonly message: string;
  readonly fieldErrors: Readonly<Record<string, string>>;
}

/**
 * Any error a submit threw as what the form shows: the error object's fieldErrors (spec §8) keyed by field, the
 * first message per field, ready for react-hook-form's setError; anything but an ApiError has none.
 */
export const submitFailure = (error: unknown): SubmitFailure => {
  const body = toApiErrorBody(error);
  return { message: body.message, fieldErrors: error instanceof ApiError ? fieldErrorMap(body) : {} };
};

/** A 412: someone else changed the record since the form read it. */
export const isStaleRevision = (error: unknown): boolean => error instanceof ApiError && error.status === 412;
