import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { accessOf, roleView, sessionUser } from '../presenters';
import { route, type RouteDef } from '../route';
import { tokenSessionEndpoints } from '../../../contract/endpoints/token-session';
import { throttledSignIn, tokenPayload } from './sign-in';

/** Token mode (spec §7): sign-in answering a JWT and a rotating refresh token, refresh, sign-out, the token holder. */
export const tokenSessionRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts, sessions } = deps;
  const throttled = throttledSignIn(deps);

  return [
    route(tokenSessionEndpoints.postAuthJwtLogin, {
      summary: 'Sign in with email or RUT (token mode)',
      tag: 'auth',
      access: 'public',
      csrfExempt: true,
      responses: { 200: 'Tokens', 401: 'INVALID_CREDENTIALS', 429: 'RATE_LIMIT_EXCEEDED' },
      handler: async ({ req, body }) => {
        const principal = await throttled(req, body.login, () => accounts.authenticate(body.login, body.password));
        return tokenPayload(principal, await sessions.issueTokens(principal.user.userId, body.remember === true));
      },
    }),
    route(tokenSessionEndpoints.postAuthRefresh, {
      summary: 'Rotate a refresh token (token mode); a reused token revokes its family',
      tag: 'auth',
      access: 'public',
      csrfExempt: true,
      responses: { 200: 'New tokens', 401: 'TOKEN_INVALID' },
      handler: async ({ body }) => {
        const tokens = await sessions.rotate(body.refresh_token);
        const userId = tokens ? sessions.verifyAccessToken(tokens.accessToken)?.sub : undefined;
        const principal = userId ? await accounts.loadPrincipal(userId) : null;
        if (!tokens || !principal) throw new ApiError('TOKEN_INVALID', [], 401);
        return tokenPayload(principal, tokens);
      },
    }),
    route(tokenSessionEndpoints.postAuthJwtLogout, {
      summary: 'Sign out (token mode): revokes the refresh-token family',
      tag: 'auth',
      access: 'authenticated',
      handler: async ({ auth }) => {
        if (auth?.tokenFamily) await sessions.revokeFamily(auth.tokenFamily);
        return { success: true, message: 'Sesión cerrada exitosamente' };
      },
    }),
    route(tokenSessionEndpoints.getAuthJwtMe, {
      summary: 'The token holder with roles and permissions',
      tag: 'auth',
      access: 'authenticated',
      handler: async ({ auth }) => ({
        success: true,
        data: { user: sessionUser(auth!.principal), roles: auth!.principal.roles.map(roleView), ...accessOf(auth!.principal) },
      }),
    }),
    route(tokenSessionEndpoints.getAuthJwtValidate, {
      summary: '200 when the bearer token is valid',
      tag: 'auth',
      access: 'authenticated',
      handler: async () => ({ valid: true }),
    }),
  ];
};
