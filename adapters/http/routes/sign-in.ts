import type { Request } from 'express';
import { DomainError } from '../../../domain/shared/errors';
import type { Principal } from '../../../application/accounts/account-service';
import type { HttpDeps } from '../deps';
import { sessionUser } from '../presenters';
import { clientAddress } from './route-helpers';

/** The cookie that carries a cookie-mode session's id. */
export const SESSION_COOKIE = 'sid';

/** Sign-in behind the throttle (security/login-rate-limit.ts): only a wrong password counts. */
export const throttledSignIn =
  ({ loginLimit }: Pick<HttpDeps, 'loginLimit'>) =>
  async <T>(req: Request, login: string, attempt: () => Promise<T>): Promise<T> => {
    const client = clientAddress(req);
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

/** The token-mode answer of a sign-in or a refresh. */
export const tokenPayload = (p: Principal, t: { accessToken: string; refreshToken: string; expiresIn: number }) => ({
  access_token: t.accessToken,
  refresh_token: t.refreshToken,
  token_type: 'Bearer',
  expires_in: t.expiresIn,
  user: sessionUser(p),
});
