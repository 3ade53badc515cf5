import { endpoint } from '../endpoint';
import { changePasswordBody, messageResponse, profileBody, profileResponse } from '../auth';

/** The endpoints served by adapters/http/routes/profile.routes.ts. */
export const profileEndpoints = {
  patchMeProfile: endpoint({ method: 'patch', path: '/me/profile', body: profileBody, response: profileResponse }),
  postMePassword: endpoint({ method: 'post', path: '/me/password', body: changePasswordBody, response: messageResponse }),
};
