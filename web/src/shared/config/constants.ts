import { PASSWORD_LIMITS, PERSON_NAME_MAX, PERSON_NAME_MIN } from '../../../../contract/limits';

/** Business constants and limits of spec §9 that the client enforces or relies on. */
export const API_PREFIX = '/api/v1';

export const TOAST_DURATION_MS = 4_000;
export const LOGIN_HINT_DELAY_MS = 2_000;

/** Cookie-mode session lifetime assumed when the server gives no expiry. */
export const DEFAULT_SESSION_TTL_MS = 900_000;
export const REFRESH_THRESHOLD_MS = 5 * 60_000;
export const MIN_REFRESH_DELAY_MS = 30_000;
export const MAX_REFRESHES_PER_WINDOW = 10;
export const REFRESH_WINDOW_MS = 60_000;
/** The spec leaves the inactivity timeout open; 30 minutes is the product default until decided. */
export const INACTIVITY_TIMEOUT_MS = 30 * 60_000;

export const SESSION_EXPIRY_THROTTLE_MS = 10_000;
export const SESSION_EXPIRY_REDIRECT_DELAY_MS = 1_000;

export const ROLE_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

export const CHUNK_RELOAD_DELAY_MS = 100;

export const NETWORK_TIMEOUT_MS = 30_000;

// Field limits come from the one contract (contract/limits.ts).
export const PASSWORD_MIN_LANDING = PASSWORD_LIMITS.landingMin;
export const PASSWORD_MIN_SIGN_IN = PASSWORD_LIMITS.signInMin;
export const PASSWORD_MIN_SIGN_UP = PASSWORD_LIMITS.signUpMin;
export const PASSWORD_MIN_RESET = PASSWORD_LIMITS.resetMin;
export const NAME_MIN = PERSON_NAME_MIN;
export const NAME_MAX = PERSON_NAME_MAX;
export const PHONE_MIN_DIGITS = 9;

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const MESSAGES = {
  loginSucceeded: '¡Inicio de sesión exitoso!',
  loginHintPrefix: 'Sugerencia: ',
  landingLoginFailed: 'Error al iniciar sesión. Verifica tus credenciales',
  logoutSucceeded: 'Sesión cerrada exitosamente',
  logoutLocal: 'Sesión cerrada localmente',
  sessionExpired: 'Su sesión ha expirado. Por favor ingrese nuevamente.',
  networkTimeout: 'Tiempo de espera de red agotado - intenta de nuevo',
  networkUnavailable: 'No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.',
  unrecognisedLoginResponse: 'Formato de respuesta de login no reconocido',
} as const;
