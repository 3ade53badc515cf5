import { changePasswordBody, messageResponse, profileBody, profileResponse } from '../../../contract/auth';
import { parseChileanPhone } from '../../../domain/shared/phone';
import { collaboratorOfUser } from '../../../read-models/collaborators/collaborators.queries';
import type { HttpDeps } from '../deps';
import { profileView } from '../presenters';
import { route, type RouteDef } from '../route';

/** The signed-in user's own profile and password. */
export const profileRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts } = deps;
  return [
    route({
      method: 'patch',
      path: '/me/profile',
      summary: 'Update my profile',
      tag: 'profile',
      access: 'profile:update',
      body: profileBody,
      response: profileResponse,
      handler: async ({ res, body, auth, meta }) => {
        const { countryCode, phone, ...rest } = body;
        const changes = { ...rest, ...(phone !== undefined ? { phone: parseChileanPhone(phone, countryCode ?? '+56')! } : {}) };
        const { position } = await accounts.updateProfile(auth!.principal.user.userId, changes, meta);
        res.setHeader('X-Event-Position', String(position));
        const principal = await accounts.loadPrincipal(auth!.principal.user.userId);
        return profileView(principal!, await collaboratorOfUser(deps.readStore, principal!.user.userId));
      },
    }),
    route({
      method: 'post',
      path: '/me/password',
      summary: 'Change my password',
      tag: 'profile',
      access: 'profile:update',
      body: changePasswordBody,
      response: messageResponse,
      handler: async ({ res, body, auth, meta }) => {
        const { position } = await accounts.changePassword(auth!.principal.user.userId, body.currentPassword, body.password, meta);
        res.setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Contraseña actualizada.' };
      },
    }),
  ];
};
