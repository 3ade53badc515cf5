import type { Request, Response } from 'express';
import { homePathFor } from '../../../domain/shared/roles';
import { DomainError } from '../../../domain/shared/errors';
import type { Principal } from '../../../application/accounts/account-service';
import type { SessionRecord } from '../../../application/ports/session-store';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { accessOf, profileView, roleView, sessionUser } from '../presenters';
import { route, type RouteDef } from '../route';
import {
  csrfTokenResponse,
  expiryResponse,
  loginResponse,
  meResponse,
  messageResponse,
  profileResponse,
  registeredResponse,
  sessionCheckResponse,
  tokenLoginResponse,
  validResponse,
  anyLoginBody, changePasswordBody, isTokenLogin, emailBody, profileBody, refreshBody, registerBody, resetPasswordBody, tokenBody, tokenLoginBody } from '../../../contract/auth';
import { parseChileanPhone } from '../../../domain/shared/phone';
import { sha256 } from '../../../application/accounts/one-time-token';
import { parseEmail } from '../../../domain/shared/email';
import { collaboratorOfUser } from '../../../read-models/collaborators/collaborators.queries';

export const SESSION_COOKIE = 'sid';

const sessionInfo = (s: SessionRecord) => ({ expiresAt: s.expiresAt, lastActivity: s.lastActivityAt, isRemembered: s.remember });

export const authRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts, sessions, csrf, loginLimit, mailLimit, config } = deps;

  const setSessionCookie = (res: Response, value: string, record: SessionRecord) =>
    res.cookie(SESSION_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secureCookies,
      path: '/',
      // Remember-me keeps the cookie across browser restarts; otherwise it is a browser-session cookie.
      ...(record.remember ? { expires: new Date(record.expiresAt) } : {}),
    });

  /** A fresh CSRF token for the new session, so the client need not wait for a 419. */
  const rotateCsrf = (req: Request, res: Response, binding: string) => res.setHeader('X-CSRF-Token', csrf.issue(csrf.secretFor(req, res), binding));

  /** The client's address: the socket's, or X-Forwarded-For's only behind a proxy named in TRUST_PROXY. */
  const clientOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

  /** Sign-in behind the throttle (security/login-rate-limit.ts): only a wrong password counts. */
  const throttled = async <T>(req: Request, login: string, attempt: () => Promise<T>): Promise<T> => {
    const client = clientOf(req);
    await loginLimit.before(client, login);
    try {
      const result = await attempt();
      await loginLimit.succeeded(login);
      return result;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_CREDENTIALS') await loginLimit.failed(client, login);
      throw error;
    }
  };

  const loginPayload = (p: Principal, expiresAt: string) => ({
    success: true,
    message: '¡Inicio de sesión exitoso!',
    data: { user: sessionUser(p), roles: p.roles.map(roleView), ...accessOf(p), expires_at: expiresAt, redirect_to: homePathFor(p.roles) },
  });

  const tokenPayload = (p: Principal, t: { accessToken: string; refreshToken: string; expiresIn: number }) => ({
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    token_type: 'Bearer',
    expires_in: t.expiresIn,
    user: sessionUser(p),
  });

  const requireCookieSession = (session: SessionRecord | undefined): SessionRecord => {
    if (!session) throw new ApiError('SESSION_EXPIRED');
    return session;
  };

  return [
    route({
      method: 'get',
      path: '/csrf/token',
      summary: 'CSRF token for state-changing cookie-mode requests (header X-CSRF-Token)',
      tag: 'auth',
      access: 'public',
      keepsSessionIdle: true,
      response: csrfTokenResponse,
      handler: async ({ req, res }) => {
        const sid = req.cookies?.[SESSION_COOKIE];
        return { csrfToken: csrf.issue(csrf.secretFor(req, res), sid ? sha256(sid) : 'anon') };
      },
    }),
    route({
      method: 'post',
      path: '/auth/cookie/login',
      summary: 'Sign in with email or RUT: cookie session for { email, password, rememberMe }, tokens for { login, password, remember } (token mode, spec §7)',
      tag: 'auth',
      access: 'public',
      unprefixed: true,
      // Token mode sets no cookie and hands the tokens only to the caller, so it needs no CSRF token.
      csrfExempt: (req) => isTokenLogin(req.body),
      body: anyLoginBody,
      responses: { 200: 'Signed in (cookie) or tokens (token mode)', 401: 'INVALID_CREDENTIALS', 403: 'EMAIL_NOT_VERIFIED / ACCOUNT_DISABLED', 429: 'RATE_LIMIT_EXCEEDED' },
      response: loginResponse,
      handler: async ({ req, res, body }) => {
        if ('login' in body) {
          const principal = await throttled(req, body.login, () => accounts.authenticate(body.login, body.password));
          return tokenPayload(principal, await sessions.issueTokens(principal.user.userId, body.remember === true));
        }
        const principal = await throttled(req, body.email, () => accounts.authenticate(body.email, body.password));
        const old = req.cookies?.[SESSION_COOKIE];
        if (old) {
          const previous = await sessions.findCookieSession(old);
          if (previous) await sessions.destroy(previous); // no session fixation: always a new id
        }
        const { cookieValue, record } = await sessions.createCookieSession(principal.user.userId, body.rememberMe === true);
        setSessionCookie(res, cookieValue, record);
        rotateCsrf(req, res, record.id);
        return loginPayload(principal, record.expiresAt);
      },
    }),
    route({
      method: 'post',
      path: '/auth/cookie/logout',
      summary: 'Sign out (cookie session); also at /auth/cookie/logout without the prefix (spec §7)',
      tag: 'auth',
      access: 'public',
      unprefixed: true,
      response: messageResponse,
      handler: async ({ req, res, auth }) => {
        if (auth?.session) await sessions.destroy(auth.session);
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        rotateCsrf(req, res, 'anon');
        return { success: true, message: 'Sesión cerrada exitosamente' };
      },
    }),
    route({
      method: 'post',
      path: '/auth/cookie/refresh',
      summary: 'Refresh the cookie session expiry',
      tag: 'auth',
      access: 'authenticated',
      response: expiryResponse,
      handler: async ({ auth }) => ({ success: true, data: { expires_at: requireCookieSession(auth?.session).expiresAt } }),
    }),
    route({
      method: 'post',
      path: '/auth/cookie/extend',
      summary: 'Extend the cookie session (user is active)',
      tag: 'auth',
      access: 'authenticated',
      response: expiryResponse,
      handler: async ({ auth }) => ({ success: true, data: { expires_at: requireCookieSession(auth?.session).expiresAt } }),
    }),
    route({
      method: 'get',
      path: '/auth/cookie/profile',
      summary: 'Profile of the signed-in user',
      tag: 'auth',
      access: 'authenticated',
      response: profileResponse,
      handler: async ({ auth }) => ({
        ...profileView(auth!.principal, await collaboratorOfUser(deps.readStore, auth!.principal.user.userId)),
        session: auth?.session ? sessionInfo(auth.session) : null,
      }),
    }),
    route({
      method: 'get',
      path: '/auth/session',
      summary: 'Is there a valid session? Always 200 with { valid }',
      tag: 'auth',
      access: 'public',
      keepsSessionIdle: true,
      response: sessionCheckResponse,
      handler: async ({ auth }) => (auth?.session ? { valid: true, ...sessionInfo(auth.session) } : { valid: auth !== null }),
    }),
    route({
      method: 'post',
      path: '/auth/jwt/login',
      summary: 'Sign in with email or RUT (token mode)',
      tag: 'auth',
      access: 'public',
      csrfExempt: true,
      body: tokenLoginBody,
      responses: { 200: 'Tokens', 401: 'INVALID_CREDENTIALS', 429: 'RATE_LIMIT_EXCEEDED' },
      response: tokenLoginResponse,
      handler: async ({ req, body }) => {
        const principal = await throttled(req, body.login, () => accounts.authenticate(body.login, body.password));
        return tokenPayload(principal, await sessions.issueTokens(principal.user.userId, body.remember === true));
      },
    }),
    route({
      method: 'post',
      path: '/auth/refresh',
      summary: 'Rotate a refresh token (token mode); a reused token revokes its family',
      tag: 'auth',
      access: 'public',
      csrfExempt: true,
      body: refreshBody,
      responses: { 200: 'New tokens', 401: 'TOKEN_INVALID' },
      response: tokenLoginResponse,
      handler: async ({ body }) => {
        const tokens = await sessions.rotate(body.refresh_token);
        const userId = tokens ? sessions.verifyAccessToken(tokens.accessToken)?.sub : undefined;
        const principal = userId ? await accounts.loadPrincipal(userId) : null;
        if (!tokens || !principal) throw new ApiError('TOKEN_INVALID', [], 401);
        return tokenPayload(principal, tokens);
      },
    }),
    route({
      method: 'post',
      path: '/auth/jwt/logout',
      summary: 'Sign out (token mode): revokes the refresh-token family',
      tag: 'auth',
      access: 'authenticated',
      response: messageResponse,
      handler: async ({ auth }) => {
        if (auth?.tokenFamily) await sessions.revokeFamily(auth.tokenFamily);
        return { success: true, message: 'Sesión cerrada exitosamente' };
      },
    }),
    route({
      method: 'get',
      path: '/auth/jwt/me',
      summary: 'The token holder with roles and permissions',
      tag: 'auth',
      access: 'authenticated',
      response: meResponse,
      handler: async ({ auth }) => ({ success: true, data: { user: sessionUser(auth!.principal), roles: auth!.principal.roles.map(roleView), ...accessOf(auth!.principal) } }),
    }),
    route({
      method: 'get',
      path: '/auth/jwt/validate',
      summary: '200 when the bearer token is valid',
      tag: 'auth',
      access: 'authenticated',
      response: validResponse,
      handler: async () => ({ valid: true }),
    }),
    route({
      method: 'post',
      path: '/auth/register',
      summary: 'Sign up (spec §5); sends the verification email',
      tag: 'auth',
      access: 'public',
      body: registerBody,
      responses: { 201: 'Registered', 409: 'RUT_ALREADY_EXISTS / EMAIL_ALREADY_EXISTS', 429: 'RATE_LIMIT_EXCEEDED' },
      response: registeredResponse,
      handler: async ({ req, res, body, meta }) => {
        // Throttled as sign-in is: an "already registered" answer is a failure of the client's address.
        const client = clientOf(req);
        await loginLimit.beforeAny(client);
        await mailLimit.before(client, body.workEmail);
        const { userId, position } = await accounts.register(body, meta).catch(async (error: unknown) => {
          if (error instanceof DomainError && (error.code === 'RUT_ALREADY_EXISTS' || error.code === 'EMAIL_ALREADY_EXISTS')) await loginLimit.addressFailed(client);
          throw error;
        });
        res.status(201).setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Cuenta creada. Revise su email para confirmarla.', data: { userId } };
      },
    }),
    route({
      method: 'post',
      path: '/auth/verify-email',
      summary: 'Confirm the email with the token from the verification link',
      tag: 'auth',
      access: 'public',
      body: tokenBody,
      response: messageResponse,
      handler: async ({ res, body, meta }) => {
        const { position } = await accounts.verifyEmail(body.token, meta);
        res.setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Su email fue confirmado. Ya puede iniciar sesión.' };
      },
    }),
    route({
      method: 'post',
      path: '/auth/resend-verification',
      summary: 'Send the verification email again (same answer whether or not the account exists)',
      tag: 'auth',
      access: 'public',
      body: emailBody,
      responses: { 200: 'Queued (the same answer for every address)', 429: 'RATE_LIMIT_EXCEEDED' },
      response: messageResponse,
      handler: async ({ req, body, meta }) => {
        await mailLimit.before(clientOf(req), body.email);
        accounts.requestVerificationResend(body.email, meta);
        return { success: true, message: 'Si existe una cuenta pendiente con ese email, le enviamos un nuevo enlace de confirmación.' };
      },
    }),
    route({
      method: 'post',
      path: '/auth/forgot-password',
      summary: 'Email a password-reset link (same answer whether or not the account exists)',
      tag: 'auth',
      access: 'public',
      body: emailBody,
      responses: { 200: 'Queued (the same answer, in the same time, for every address)', 429: 'RATE_LIMIT_EXCEEDED' },
      response: messageResponse,
      handler: async ({ req, body, meta }) => {
        await mailLimit.before(clientOf(req), body.email);
        accounts.requestPasswordReset(body.email, meta);
        return { success: true, message: 'Si existe una cuenta con ese email, le enviamos un enlace para restablecer su contraseña.' };
      },
    }),
    route({
      method: 'post',
      path: '/auth/reset-password',
      summary: 'Set a new password with the token from the reset link; ends every session of the user',
      tag: 'auth',
      access: 'public',
      body: resetPasswordBody,
      response: messageResponse,
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
    route({
      method: 'patch',
      path: '/me/profile',
      summary: 'Update my profile',
      tag: 'profile',
      access: 'profile:update',
      body: profileBody,
      response: profileResponse,
      handler: async ({ res, body, auth, meta }) => {
        const { countryCode, phone, ...rest } = body;
        const changes = { ...rest, ...(phone !== undefined ? { phone: parseChileanPhone(phone, countryCode ?? '+56')! } : {}) };
        const { position } = await accounts.updateProfile(auth!.principal.user.userId, changes, meta);
        res.setHeader('X-Event-Position', String(position));
        const principal = await accounts.loadPrincipal(auth!.principal.user.userId);
        return profileView(principal!, await collaboratorOfUser(deps.readStore, principal!.user.userId));
      },
    }),
    route({
      method: 'post',
      path: '/me/password',
      summary: 'Change my password',
      tag: 'profile',
      access: 'profile:update',
      body: changePasswordBody,
      response: messageResponse,
      handler: async ({ res, body, auth, meta }) => {
        const { position } = await accounts.changePassword(auth!.principal.user.userId, body.currentPassword, body.password, meta);
        res.setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Contraseña actualizada.' };
      },
    }),
  ];
};

