import { z } from 'zod';
import { parseChileanPhone } from '../domain/shared/phone';
import { emailField, personNameField, rutField } from './common';

/** Password lengths of spec §5: sign-up and change ask 8, reset (and the landing's sign-in) 6, at most 128. */
import { PASSWORD_LIMITS } from './limits';
export const cookieLoginBody = z.strictObject({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  rememberMe: z.boolean().optional(),
});

export const tokenLoginBody = z.strictObject({
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  remember: z.boolean().optional(),
});

/** Token-mode sign-in sends `login` (spec §3 "Login input: login, password, remember"); cookie mode sends `email`. */
export const isTokenLogin = (body: unknown): boolean => typeof body === 'object' && body !== null && 'login' in body && !('email' in body);

/**
 * POST /auth/cookie/login takes either payload (spec §7 lists the path for both modes); the shape picks
 * the schema, so each keeps its own precise field errors.
 */
export const anyLoginBody = z
  .unknown()
  .transform((value, ctx): z.infer<typeof cookieLoginBody> | z.infer<typeof tokenLoginBody> => {
    const parsed = (isTokenLogin(value) ? tokenLoginBody : cookieLoginBody).safeParse(value, { reportInput: true });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  })
  .describe('Cookie mode: { email, password, rememberMe }. Token mode: { login, password, remember }.');

export const refreshBody = z.strictObject({ refresh_token: z.string().min(1).max(200) });

/** Roles offered at sign-up (spec §5). */
export const SIGNUP_ROLES = ['collaborator', 'manager', 'director'] as const;
export type SignUpRole = (typeof SIGNUP_ROLES)[number];

/** Spec §5 sign-up rules. */
export const registerBody = z
  .strictObject({
    workEmail: emailField,
    rut: rutField,
    name: personNameField,
    firstLastName: personNameField,
    secondLastName: personNameField,
    personalEmail: emailField,
    role: z.enum(SIGNUP_ROLES),
    countryCode: z.string().regex(/^\+\d{1,3}$/),
    phone: z.string().max(20),
    password: z.string().min(PASSWORD_LIMITS.signUpMin).max(PASSWORD_LIMITS.max),
    passwordConfirmation: z.string().min(1).max(PASSWORD_LIMITS.max),
    termsAccepted: z.boolean(),
    /** Optional, apart from the terms (Ley 21.719): consent to marketing email. */
    marketingConsent: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], params: { code: 'PASSWORD_MISMATCH' } });
    if (v.termsAccepted !== true) ctx.addIssue({ code: 'custom', path: ['termsAccepted'], params: { code: 'TERMS_REQUIRED' } });
    if (v.phone.trim() === '') ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'PHONE_REQUIRED' } });
    else if (!parseChileanPhone(v.phone, v.countryCode)) ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'INVALID_CHILEAN_PHONE' } });
  });

export type SignUp = z.infer<typeof registerBody>;

export const tokenBody = z.strictObject({ token: z.string().min(1).max(300) });
export const emailBody = z.strictObject({ email: emailField });

export const resetPasswordBody = z
  .strictObject({
    token: z.string().min(1).max(300),
    email: emailField.optional(),
    password: z.string().min(PASSWORD_LIMITS.resetMin).max(PASSWORD_LIMITS.max),
    passwordConfirmation: z.string().min(1).max(PASSWORD_LIMITS.max),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], params: { code: 'PASSWORD_MISMATCH' } });
  });

export const profileBody = z
  .strictObject({
    name: personNameField.optional(),
    firstLastName: personNameField.optional(),
    secondLastName: personNameField.optional(),
    personalEmail: emailField.optional(),
    countryCode: z
      .string()
      .regex(/^\+\d{1,3}$/)
      .optional(),
    phone: z.string().max(20).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.phone !== undefined && !parseChileanPhone(v.phone, v.countryCode ?? '+56'))
      ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'INVALID_CHILEAN_PHONE' } });
  });

export const changePasswordBody = z
  .strictObject({
    currentPassword: z.string().min(1).max(200),
    password: z.string().min(PASSWORD_LIMITS.signUpMin).max(PASSWORD_LIMITS.max),
    passwordConfirmation: z.string().min(1).max(PASSWORD_LIMITS.max),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], params: { code: 'PASSWORD_MISMATCH' } });
  });

// ---- answers ----

/** A role as the API sends it (spec §3). */
export const roleResponse = z.object({ id: z.union([z.number(), z.string()]), name: z.string(), display_name: z.string().optional() });

/** The session user of spec §3. */
export const sessionUserResponse = z.object({
  id: z.string(),
  email: z.string(),
  rut: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  first_last_name: z.string().nullable().optional(),
  second_last_name: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  verified: z.boolean().optional(),
  status: z.string().optional(),
  role: z.string().nullable().optional(),
  roles: z.array(roleResponse).optional(),
});

const access = { permissions: z.array(z.string()).optional(), abilities: z.array(z.string()).optional() };

/** POST /auth/cookie/login (cookie mode). */
export const cookieLoginResponse = z.object({
  success: z.boolean().optional(),
  message: z.string().optional(),
  data: z
    .object({
      user: sessionUserResponse,
      roles: z.array(roleResponse).optional(),
      ...access,
      expires_at: z.union([z.string(), z.number()]).nullable().optional(),
      redirect_to: z.string().optional(),
    })
    .optional(),
});

/** POST /auth/jwt/login, /auth/refresh (and /auth/cookie/login in token mode). */
export const tokenLoginResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  user: sessionUserResponse,
});

/** The sign-in answer, either mode. */
export const loginResponse = z.union([tokenLoginResponse, cookieLoginResponse]);

const sessionInfoResponse = z.object({
  expiresAt: z.union([z.string(), z.number()]).nullable().optional(),
  lastActivity: z.string().nullable().optional(),
  isRemembered: z.boolean().optional(),
});

/** GET /auth/session: always 200. */
export const sessionCheckResponse = sessionInfoResponse.extend({ valid: z.boolean() });

/** Profile of spec §7 (id, email, rut, role, userInfo); collaborators also see their company. */
export const profileResponse = z.object({
  id: z.string(),
  email: z.string(),
  rut: z.string().nullable().optional(),
  role: z.string().nullable().optional(),
  roles: z.array(roleResponse).optional(),
  ...access,
  userInfo: z
    .object({
      name: z.string().nullable().optional(),
      first_last_name: z.string().nullable().optional(),
      second_last_name: z.string().nullable().optional(),
      personal_email: z.string().nullable().optional(),
      phone: z.string().nullable().optional(),
      post: z.string().nullable().optional(),
      verified: z.boolean().optional(),
      status: z.string().optional(),
      joined_at: z.string().nullable().optional(),
      company: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
      company_contribution_uf: z.number().nullable().optional(),
      plan: z.string().nullable().optional(),
    })
    .optional(),
  session: sessionInfoResponse.nullable().optional(),
});

/** GET /auth/jwt/me. */
export const meResponse = z.object({ success: z.literal(true), data: z.object({ user: sessionUserResponse, roles: z.array(roleResponse), ...access }) });

/** A command's plain answer: success and the Spanish message to show. */
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export const registeredResponse = messageResponse.extend({ data: z.object({ userId: z.string() }) });
export const expiryResponse = z.object({ success: z.literal(true), data: z.object({ expires_at: z.string() }) });
export const csrfTokenResponse = z.object({ csrfToken: z.string() });
export const validResponse = z.object({ valid: z.boolean() });

export type Role = z.infer<typeof roleResponse>;
export type SessionUserAnswer = z.infer<typeof sessionUserResponse>;
export type CookieLoginAnswer = z.infer<typeof cookieLoginResponse>;
export type ProfileAnswer = z.infer<typeof profileResponse>;
export type SessionCheckAnswer = z.infer<typeof sessionCheckResponse>;
