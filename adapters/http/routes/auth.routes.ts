import type { RouteDef } from '../route';
import type { HttpDeps } from '../deps';
import { accountRoutes } from './account.routes';
import { cookieSessionRoutes } from './cookie-session.routes';
import { profileRoutes } from './profile.routes';
import { tokenSessionRoutes } from './token-session.routes';

/**
 * Everything under /auth, by purpose: cookie sessions and CSRF (cookie-session.routes.ts), token sessions
 * (token-session.routes.ts), sign-up, verification and password reset (account.routes.ts), the signed-in
 * user's profile (profile.routes.ts). The shared sign-in steps are in sign-in.ts.
 */
export const authRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  ...cookieSessionRoutes(deps),
  ...tokenSessionRoutes(deps),
  ...accountRoutes(deps),
  ...profileRoutes(deps),
];
