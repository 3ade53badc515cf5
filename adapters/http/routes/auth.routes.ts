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
  sessionCheckResponse,
  tokenLoginResponse,
  validResponse,
  anyLoginBody,
  isTokenLogin,
  refreshBody,
  tokenLoginBody,
} from '../../../contract/auth';
import { sha256 } from '../../../application/accounts/one-time-token';
import { collaboratorOfUser } from '../../../read-models/collaborators/collaborators.queries';
import { accountRoutes } from './account.routes';
import { profileRoutes } from './profile.routes';
import { clientAddress } from './route-helpers';

export const SESSION_COOKIE = 'sid';

/**
 * Sign-in and sessions (cookie and token modes, CSRF); sign-up, verification and password reset live in
 * account.routes.ts, the signed-in user's profile in profile.routes.ts.
 */

const sessionInfo = (s: SessionRecord) => ({ expiresAt: s.expiresAt, lastActivity: s.lastActivityAt, isRemembered: s.remember });

export const authRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts, sessions, csrf, loginLimit, config } = deps;

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

  const clientOf = clientAddress;

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
      responses: {
        200: 'Signed in (cookie) or tokens (token mode)',
        401: 'INVALID_CREDENTIALS',
        403: 'EMAIL_NOT_VERIFIED / ACCOUNT_DISABLED',
        429: 'RATE_LIMIT_EXCEEDED',
      },
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
      handler: async ({ auth }) => ({
        success: true,
        data: { user: sessionUser(auth!.principal), roles: auth!.principal.roles.map(roleView), ...accessOf(auth!.principal) },
      }),
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
    ...accountRoutes(deps),
    ...profileRoutes(deps),
  ];
};
