import { endpoint } from '../endpoint';
import { meResponse, messageResponse, refreshBody, tokenLoginBody, tokenLoginResponse, validResponse } from '../auth';

/** The endpoints served by adapters/http/routes/token-session.routes.ts. */
export const tokenSessionEndpoints = {
  postAuthJwtLogin: endpoint({ method: 'post', path: '/auth/jwt/login', body: tokenLoginBody, response: tokenLoginResponse }),
  postAuthRefresh: endpoint({ method: 'post', path: '/auth/refresh', body: refreshBody, response: tokenLoginResponse }),
  postAuthJwtLogout: endpoint({ method: 'post', path: '/auth/jwt/logout', response: messageResponse }),
  getAuthJwtMe: endpoint({ method: 'get', path: '/auth/jwt/me', response: meResponse }),
  getAuthJwtValidate: endpoint({ method: 'get', path: '/auth/jwt/validate', response: validResponse }),
};
