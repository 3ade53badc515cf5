import type { Principal } from '../../application/accounts/account-service';
import { permissionsOf } from '../../domain/access/permissions';
import { activeRoleOf, isKnownRole, ROLES } from '../../domain/shared/roles';
import type { CollaboratorDoc } from '../../read-models/collaborators/collaborators.projection';

/** Role as the spec's session user lists it: { id, name, display_name }. */
export const roleView = (name: string) =>
  isKnownRole(name) ? { id: ROLES[name].id, name, display_name: ROLES[name].display_name } : { id: 0, name, display_name: name };

/** The session user of spec §3. */
export const sessionUser = (p: Principal) => ({
  id: p.user.userId,
  email: p.user.email,
  rut: p.user.rut,
  name: p.user.profile.name,
  first_last_name: p.user.profile.firstLastName,
  second_last_name: p.user.profile.secondLastName,
  phone: p.user.profile.phone,
  verified: p.user.verified,
  status: p.user.status,
  role: activeRoleOf(p.roles),
  roles: p.roles.map(roleView),
});

export const accessOf = (p: Principal) => {
  const permissions = permissionsOf(p.roles);
  return { permissions, abilities: permissions };
};

/** Profile of spec §7 (id, email, rut, role, userInfo); collaborators also see their company and its contribution. */
export const profileView = (p: Principal, collaborator: CollaboratorDoc | null = null) => ({
  id: p.user.userId,
  email: p.user.email,
  rut: p.user.rut,
  role: activeRoleOf(p.roles),
  roles: p.roles.map(roleView),
  ...accessOf(p),
  userInfo: {
    name: p.user.profile.name,
    first_last_name: p.user.profile.firstLastName,
    second_last_name: p.user.profile.secondLastName,
    personal_email: p.user.profile.personalEmail,
    phone: p.user.profile.phone,
    post: p.user.profile.post,
    verified: p.user.verified,
    status: p.user.status,
    joined_at: p.user.registeredAt,
    company: collaborator ? { id: collaborator.companyId, name: collaborator.companyName } : null,
    company_contribution_uf: collaborator?.companyContributionUF ?? null,
    plan: collaborator?.plan ?? null,
  },
});
