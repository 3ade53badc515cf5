import { DomainError } from '../../../domain/shared/errors';
import { parseEmail } from '../../../domain/shared/email';
import type { CommandMetadata } from '../../../domain/shared/event';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { clientAddress as clientOf } from './route-helpers';

/** The account's life before sign-in: sign-up (spec §5), email verification, password reset. */
export const accountRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts, sessions, loginLimit, mailLimit } = deps;

  /**
   * A mail asked for by address: throttled per client and address, sent after the answer, and answered the same
   * whether or not an account has that address (no enumeration).
   */
  const mailByAddress = (mail: {
    endpoint: typeof accountEndpoints.postAuthResendVerification | typeof accountEndpoints.postAuthForgotPassword;
    summary: string;
    queued: string;
    send: (email: string, meta: CommandMetadata) => void;
    message: string;
  }) =>
    route(mail.endpoint, {
      summary: mail.summary,
      tag: 'auth',
      access: 'public',
      responses: { 200: mail.queued, 429: 'RATE_LIMIT_EXCEEDED' },
      handler: async ({ req, body, meta }) => {
        await mailLimit.before(clientOf(req), body.email);
        mail.send(body.email, meta);
        return { success: true, message: mail.message };
      },
    });

  return [
    route(accountEndpoints.postAuthRegister, {
      summary: 'Sign up (spec §5); sends the verification email',
      tag: 'auth',
      access: 'public',
      responses: { 201: 'Registered', 409: 'RUT_ALREADY_EXISTS / EMAIL_ALREADY_EXISTS', 429: 'RATE_LIMIT_EXCEEDED' },
      handler: async ({ req, res, body, meta }) => {
        // Throttled as sign-in is: an "already registered" answer is a failure of the client's address.
        const client = clientOf(req);
        await loginLimit.beforeAny(client);
        await mailLimit.before(client, body.workEmail);
        const { userId, position } = await accounts.register(body, meta).catch(async (error: unknown) => {
          if (error instanceof DomainError && (error.code === 'RUT_ALREADY_EXISTS' || error.code === 'EMAIL_ALREADY_EXISTS'))
            await loginLimit.addressFailed(client);
          throw error;
        });
        res.status(201).setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Cuenta creada. Revise su email para confirmarla.', data: { userId } };
      },
    }),
    route(accountEndpoints.postAuthVerifyEmail, {
      summary: 'Confirm the email with the token from the verification link',
      tag: 'auth',
      access: 'public',
      handler: async ({ res, body, meta }) => {
        const { position } = await accounts.verifyEmail(body.token, meta);
        res.setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Su email fue confirmado. Ya puede iniciar sesión.' };
      },
    }),
    mailByAddress({
      endpoint: accountEndpoints.postAuthResendVerification,
      summary: 'Send the verification email again (same answer whether or not the account exists)',
      queued: 'Queued (the same answer for every address)',
      send: (email, meta) => accounts.requestVerificationResend(email, meta),
      message: 'Si existe una cuenta pendiente con ese email, le enviamos un nuevo enlace de confirmación.',
    }),
    mailByAddress({
      endpoint: accountEndpoints.postAuthForgotPassword,
      summary: 'Email a password-reset link (same answer whether or not the account exists)',
      queued: 'Queued (the same answer, in the same time, for every address)',
      send: (email, meta) => accounts.requestPasswordReset(email, meta),
      message: 'Si existe una cuenta con ese email, le enviamos un enlace para restablecer su contraseña.',
    }),
    route(accountEndpoints.postAuthResetPassword, {
      summary: 'Set a new password with the token from the reset link; ends every session of the user',
      tag: 'auth',
      access: 'public',
      handler: async ({ res, body, meta }) => {
        if (body.email) {
          const owner = body.token.split('.')[0];
          const principal = await accounts.loadPrincipal(owner).catch(() => null);
          if (principal && principal.user.email !== parseEmail(body.email)) throw new ApiError('TOKEN_INVALID');
        }
        const { userId, position } = await accounts.resetPassword(body.token, body.password, meta);
        await sessions.destroyAllFor(userId);
        res.setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Su contraseña fue actualizada. Ya puede iniciar sesión.' };
      },
    }),
  ];
};
