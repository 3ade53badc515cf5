/** The RUT rules the server validates with (check digit, shape), handed on for the web's forms. */
export { isValidRut, looksLikeRut } from '../domain/shared/rut';
