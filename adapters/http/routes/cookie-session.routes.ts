import type { Request, Response } from 'express';
import { homePathFor } from '../../../domain/shared/roles';
import type { Principal } from '../../../application/accounts/account-service';
import { sha256 } from '../../../application/accounts/one-time-token';
import type { SessionRecord } from '../../../kernel/ports/session-store';
import { collaboratorOfUser } from '../../../read-models/collaborators/collaborators.queries';
import { isTokenLogin } from '../../../contract/auth';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { accessOf, profileView, roleView, sessionUser } from '../presenters';
import { route, type RouteDef } from '../route';
import { cookieSessionEndpoints } from '../../../contract/endpoints/cookie-session';
import { SESSION_COOKIE, throttledSignIn, tokenPayload } from './sign-in';

const sessionInfo = (s: SessionRecord) => ({ expiresAt: s.expiresAt, lastActivity: s.lastActivityAt, isRemembered: s.remember });

/**
 * Cookie mode (spec §7): the CSRF token, sign-in (which also answers token mode's payload), sign-out, the
 * session's expiry and the signed-in user's profile, and the session check.
 */
export const cookieSessionRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts, sessions, csrf, config } = deps;
  const throttled = throttledSignIn(deps);

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

  const loginPayload = (p: Principal, expiresAt: string) => ({
    success: true,
    message: '¡Inicio de sesión exitoso!',
    data: { user: sessionUser(p), roles: p.roles.map(roleView), ...accessOf(p), expires_at: expiresAt, redirect_to: homePathFor(p.roles) },
  });

  const requireCookieSession = (session: SessionRecord | undefined): SessionRecord => {
    if (!session) throw new ApiError('SESSION_EXPIRED');
    return session;
  };

  return [
    route(cookieSessionEndpoints.getCsrfToken, {
      summary: 'CSRF token for state-changing cookie-mode requests (header X-CSRF-Token)',
      tag: 'auth',
      access: 'public',
      keepsSessionIdle: true,
      handler: async ({ req, res }) => {
        const sid = req.cookies?.[SESSION_COOKIE];
        return { csrfToken: csrf.issue(csrf.secretFor(req, res), sid ? sha256(sid) : 'anon') };
      },
    }),
    route(cookieSessionEndpoints.postAuthCookieLogin, {
      summary: 'Sign in with email or RUT: cookie session for { email, password, rememberMe }, tokens for { login, password, remember } (token mode, spec §7)',
      tag: 'auth',
      access: 'public',
      unprefixed: true,
      // Token mode sets no cookie and hands the tokens only to the caller, so it needs no CSRF token.
      csrfExempt: (req) => isTokenLogin(req.body),
      responses: {
        200: 'Signed in (cookie) or tokens (token mode)',
        401: 'INVALID_CREDENTIALS',
        403: 'EMAIL_NOT_VERIFIED / ACCOUNT_DISABLED',
        429: 'RATE_LIMIT_EXCEEDED',
      },
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
    route(cookieSessionEndpoints.postAuthCookieLogout, {
      summary: 'Sign out (cookie session); also at /auth/cookie/logout without the prefix (spec §7)',
      tag: 'auth',
      access: 'public',
      unprefixed: true,
      handler: async ({ req, res, auth }) => {
        if (auth?.session) await sessions.destroy(auth.session);
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        rotateCsrf(req, res, 'anon');
        return { success: true, message: 'Sesión cerrada exitosamente' };
      },
    }),
    route(cookieSessionEndpoints.postAuthCookieRefresh, {
      summary: 'Refresh the cookie session expiry',
      tag: 'auth',
      access: 'authenticated',
      handler: async ({ auth }) => ({ success: true, data: { expires_at: requireCookieSession(auth?.session).expiresAt } }),
    }),
    route(cookieSessionEndpoints.postAuthCookieExtend, {
      summary: 'Extend the cookie session (user is active)',
      tag: 'auth',
      access: 'authenticated',
      handler: async ({ auth }) => ({ success: true, data: { expires_at: requireCookieSession(auth?.session).expiresAt } }),
    }),
    route(cookieSessionEndpoints.getAuthCookieProfile, {
      summary: 'Profile of the signed-in user',
      tag: 'auth',
      access: 'authenticated',
      handler: async ({ auth }) => ({
        ...profileView(auth!.principal, await collaboratorOfUser(deps.readStore, auth!.principal.user.userId)),
        session: auth?.session ? sessionInfo(auth.session) : null,
      }),
    }),
    route(cookieSessionEndpoints.getAuthSession, {
      summary: 'Is there a valid session? Always 200 with { valid }',
      tag: 'auth',
      access: 'public',
      keepsSessionIdle: true,
      handler: async ({ auth }) => (auth?.session ? { valid: true, ...sessionInfo(auth.session) } : { valid: auth !== null }),
    }),
  ];
};
