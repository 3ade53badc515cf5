import type { Request, Response } from 'express';
import type { HttpDeps } from './deps';
import type { AuthContext } from './route';
import { SESSION_COOKIE } from './routes/sign-in';

export interface Authentication {
  readonly auth: AuthContext | null;
  /** Why there is no identity although credentials were sent: answered when the route needs one. */
  readonly failure?: 'SESSION_EXPIRED' | 'TOKEN_INVALID';
}

/**
 * Resolves the caller from a Bearer access token or the session cookie. Roles are read from the event
 * streams on every request, so a role removed a moment ago no longer opens anything.
 */
export const authenticate = async (deps: HttpDeps, req: Request, res: Response, slide: boolean): Promise<Authentication> => {
  const header = req.get('authorization');
  if (header?.startsWith('Bearer ')) {
    const claims = await deps.sessions.acceptAccessToken(header.slice(7).trim());
    const principal = claims ? await deps.accounts.loadPrincipal(claims.sub) : null;
    if (!claims || !principal) return { auth: null, failure: 'TOKEN_INVALID' };
    return { auth: { principal, via: 'bearer', tokenFamily: claims.sid } };
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (!cookie) return { auth: null };
  const session = await deps.sessions.findCookieSession(cookie);
  const principal = session ? await deps.accounts.loadPrincipal(session.userId) : null;
  if (!session || !principal) {
    if (session) await deps.sessions.destroy(session);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { auth: null, failure: 'SESSION_EXPIRED' };
  }
  const current = slide ? ((await deps.sessions.slide(session)) ?? session) : session;
  return { auth: { principal, via: 'cookie', session: current } };
};
