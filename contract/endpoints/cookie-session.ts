import { endpoint } from '../endpoint';
import { anyLoginBody, csrfTokenResponse, expiryResponse, loginResponse, messageResponse, profileResponse, sessionCheckResponse } from '../auth';

/** The endpoints served by adapters/http/routes/cookie-session.routes.ts. */
export const cookieSessionEndpoints = {
  getCsrfToken: endpoint({ method: 'get', path: '/csrf/token', response: csrfTokenResponse }),
  postAuthCookieLogin: endpoint({ method: 'post', path: '/auth/cookie/login', body: anyLoginBody, response: loginResponse }),
  postAuthCookieLogout: endpoint({ method: 'post', path: '/auth/cookie/logout', response: messageResponse }),
  postAuthCookieRefresh: endpoint({ method: 'post', path: '/auth/cookie/refresh', response: expiryResponse }),
  postAuthCookieExtend: endpoint({ method: 'post', path: '/auth/cookie/extend', response: expiryResponse }),
  getAuthCookieProfile: endpoint({ method: 'get', path: '/auth/cookie/profile', response: profileResponse }),
  getAuthSession: endpoint({ method: 'get', path: '/auth/session', response: sessionCheckResponse }),
};
