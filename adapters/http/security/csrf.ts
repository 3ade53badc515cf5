import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

const CSRF_COOKIE = 'csrf_secret';
const CSRF_HEADER = 'x-csrf-token';

/**
 * Synchronizer tokens bound to a per-browser secret (httpOnly cookie) and to the current session, so
 * a token minted before login goes stale at login (419, and the client fetches a new one).
 */
export class Csrf {
  constructor(
    private readonly key: string,
    private readonly secureCookies: boolean,
  ) {}

  /** The browser's secret, created (and set as a cookie) when it has none yet. */
  secretFor(req: Request, res: Response): string {
    const existing = req.cookies?.[CSRF_COOKIE];
    if (typeof existing === 'string' && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const secret = randomBytes(32).toString('base64url');
    res.cookie(CSRF_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: this.secureCookies, path: '/' });
    req.cookies = { ...(req.cookies ?? {}), [CSRF_COOKIE]: secret };
    return secret;
  }

  issue(secret: string, sessionBinding: string): string {
    const nonce = randomBytes(12).toString('base64url');
    return `${nonce}.${this.mac(secret, sessionBinding, nonce)}`;
  }

  verify(req: Request, sessionBinding: string): boolean {
    const secret = req.cookies?.[CSRF_COOKIE];
    const token = req.get(CSRF_HEADER);
    if (typeof secret !== 'string' || !token) return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = this.mac(secret, sessionBinding, nonce);
    return mac.length === expected.length && timingSafeEqual(Buffer.from(mac), Buffer.from(expected));
  }

  private mac(secret: string, binding: string, nonce: string): string {
    return createHmac('sha256', `${this.key}:csrf`).update(`${secret}|${binding}|${nonce}`).digest('base64url');
  }
}
