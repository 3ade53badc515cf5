/**
 * The spec's error object and catalogue (§3, §8) as the web reads them: codes, Spanish messages, severities and
 * actions, kept in domain/shared and handed on here so the web takes them from the contract.
 */
export { catalogueEntry, UNKNOWN_ERROR } from '../domain/shared/error-catalogue';
export type { ApiErrorBody, Severity } from '../domain/shared/error-catalogue';
