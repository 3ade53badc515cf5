import { PASSWORD_MIN_LANDING, PASSWORD_MIN_RESET, PASSWORD_MIN_SIGN_IN } from '../../shared/config/constants';
import { passwordPolicyMessage } from './password-advice';
import { email, emailOrRut, password, passwordConfirmation, validate } from '../../shared/validation/rules';

/** Login, email-only and reset forms and their rules (spec §5); sign-up lives in sign-up-form.ts. */

export type LoginValues = { login: string; password: string; rememberMe: boolean };

export const validateLandingLogin = (v: LoginValues) => validate(v, { login: emailOrRut, password: password(PASSWORD_MIN_LANDING) });

export const validateSignIn = (v: LoginValues) => validate(v, { login: emailOrRut, password: password(PASSWORD_MIN_SIGN_IN) });

export type EmailValues = { email: string };

export const validateEmailForm = (v: EmailValues) => validate(v, { email });

export type ResetValues = { email: string; password: string; passwordConfirmation: string };

export const validateReset = (v: ResetValues) =>
  validate(v, {
    email,
    password: (value) => password(PASSWORD_MIN_RESET)(value) ?? passwordPolicyMessage(value, { email: v.email }),
    passwordConfirmation: passwordConfirmation(v.password),
  });

export type SetPasswordValues = { password: string; passwordConfirmation: string };

/** An invitee's first password, from the invitation link: the reset's rules without the email (the token names the account). */
export const validateSetPassword = (v: SetPasswordValues) =>
  validate(v, {
    password: (value) => password(PASSWORD_MIN_RESET)(value) ?? passwordPolicyMessage(value, {}),
    passwordConfirmation: passwordConfirmation(v.password),
  });

/** Server field names that differ from the form's. */
export const LOGIN_FIELD_ALIASES: Readonly<Record<string, keyof LoginValues>> = { email: 'login' };
