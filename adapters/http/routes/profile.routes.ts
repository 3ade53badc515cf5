import { parseChileanPhone } from '../../../domain/shared/phone';
import { collaboratorOfUser } from '../../../read-models/collaborators/collaborators.queries';
import type { HttpDeps } from '../deps';
import { profileView } from '../presenters';
import { route, type RouteDef } from '../route';
import { profileEndpoints } from '../../../contract/endpoints/profile';

/** The signed-in user's own profile and password. */
export const profileRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const { accounts } = deps;
  return [
    route(profileEndpoints.patchMeProfile, {
      summary: 'Update my profile',
      tag: 'profile',
      access: 'profile:update',
      handler: async ({ res, body, auth, meta }) => {
        const { countryCode, phone, ...rest } = body;
        const changes = { ...rest, ...(phone !== undefined ? { phone: parseChileanPhone(phone, countryCode ?? '+56')! } : {}) };
        const { position } = await accounts.updateProfile(auth!.principal.user.userId, changes, meta);
        res.setHeader('X-Event-Position', String(position));
        const principal = await accounts.loadPrincipal(auth!.principal.user.userId);
        return profileView(principal!, await collaboratorOfUser(deps.readStore, principal!.user.userId));
      },
    }),
    route(profileEndpoints.postMePassword, {
      summary: 'Change my password; ends every other session and token of the user (this one stays signed in)',
      tag: 'profile',
      access: 'profile:update',
      handler: async ({ res, body, auth, meta }) => {
        const userId = auth!.principal.user.userId;
        const { position } = await accounts.changePassword(userId, body.currentPassword, body.password, meta);
        // Whoever else held a session (a stolen cookie, a forgotten device) is out, as after a reset.
        await deps.sessions.destroyAllFor(userId, auth!.via === 'cookie' ? { sessionId: auth!.session?.id } : { familyId: auth!.tokenFamily });
        res.setHeader('X-Event-Position', String(position));
        return { success: true, message: 'Contraseña actualizada.' };
      },
    }),
  ];
};
