import { z } from 'zod';
import { parseChileanPhone } from '../../../domain/shared/phone';
import { emailField, nameField, rutField } from './common';

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

export const refreshBody = z.strictObject({ refresh_token: z.string().min(1).max(200) });

export const SIGNUP_ROLES = ['collaborator', 'manager', 'director'] as const;

/** Spec §5 sign-up rules. */
export const registerBody = z
  .strictObject({
    workEmail: emailField,
    rut: rutField,
    name: nameField,
    firstLastName: nameField,
    secondLastName: nameField,
    personalEmail: emailField,
    role: z.enum(SIGNUP_ROLES),
    countryCode: z.string().regex(/^\+\d{1,3}$/),
    phone: z.string().max(20),
    password: z.string().min(8).max(128),
    passwordConfirmation: z.string().min(1).max(128),
    termsAccepted: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], params: { code: 'PASSWORD_MISMATCH' } });
    if (v.termsAccepted !== true) ctx.addIssue({ code: 'custom', path: ['termsAccepted'], params: { code: 'TERMS_REQUIRED' } });
    if (v.phone.trim() === '') ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'PHONE_REQUIRED' } });
    else if (!parseChileanPhone(v.phone, v.countryCode)) ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'INVALID_CHILEAN_PHONE' } });
  });

export const tokenBody = z.strictObject({ token: z.string().min(1).max(300) });
export const emailBody = z.strictObject({ email: emailField });

export const resetPasswordBody = z
  .strictObject({
    token: z.string().min(1).max(300),
    email: emailField.optional(),
    password: z.string().min(6).max(128),
    passwordConfirmation: z.string().min(1).max(128),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], params: { code: 'PASSWORD_MISMATCH' } });
  });

export const profileBody = z
  .strictObject({
    name: nameField.optional(),
    firstLastName: nameField.optional(),
    secondLastName: nameField.optional(),
    personalEmail: emailField.optional(),
    countryCode: z.string().regex(/^\+\d{1,3}$/).optional(),
    phone: z.string().max(20).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.phone !== undefined && !parseChileanPhone(v.phone, v.countryCode ?? '+56'))
      ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'INVALID_CHILEAN_PHONE' } });
  });

export const changePasswordBody = z
  .strictObject({
    currentPassword: z.string().min(1).max(200),
    password: z.string().min(8).max(128),
    passwordConfirmation: z.string().min(1).max(128),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], params: { code: 'PASSWORD_MISMATCH' } });
  });
