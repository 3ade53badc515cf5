import { DEFAULT_SESSION_TTL_MS, MESSAGES } from '../config/constants';
import { activeRoleOf, normaliseRole, roleLabel } from './roles';
import type { LoginResponseDto, ProfileDto, RoleDto, SessionRole, SessionSnapshot, SessionUser, SessionUserDto } from './session-types';

/** Epoch ms from an ISO date, epoch seconds or epoch ms; the spec's 15-minute default when absent. */
export const parseExpiresAt = (value: string | number | null | undefined, now: number): number => {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string' && value) {
    const asNumber = Number(value);
    if (Number.isFinite(asNumber)) return parseExpiresAt(asNumber, now);
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return now + DEFAULT_SESSION_TTL_MS;
};

const toRole = (role: RoleDto | string): SessionRole => {
  if (typeof role === 'string') {
    const name = normaliseRole(role);
    return { id: name, name, displayName: roleLabel(name) };
  }
  const name = normaliseRole(role.name);
  return { id: String(role.id), name, displayName: roleLabel(name) };
};

const uniqueRoles = (roles: readonly (RoleDto | string)[]): SessionRole[] => {
  const seen = new Set<string>();
  return roles.map(toRole).filter((r) => (seen.has(r.name) ? false : (seen.add(r.name), true)));
};

const toUser = (dto: SessionUserDto): SessionUser => ({
  id: String(dto.id),
  email: dto.email,
  rut: dto.rut ?? null,
  name: dto.name ?? '',
  firstLastName: dto.first_last_name ?? '',
  secondLastName: dto.second_last_name ?? '',
  phone: dto.phone ?? null,
  verified: dto.verified ?? false,
  status: dto.status ?? 'active',
});

/** Login answer (current or legacy shape) to a session. Throws 'Formato de respuesta de login no reconocido'. */
export const sessionFromLogin = (dto: LoginResponseDto | null | undefined, now: number): SessionSnapshot => {
  if (dto?.data?.user) {
    const { user, roles, permissions, abilities, expires_at } = dto.data;
    const sessionRoles = uniqueRoles(roles ?? user.roles ?? (user.role ? [user.role] : []));
    const names = sessionRoles.map((r) => r.name);
    return {
      user: toUser(user),
      roles: sessionRoles,
      permissions: [...(permissions ?? [])],
      abilities: [...(abilities ?? [])],
      activeRole: activeRoleOf(names),
      expiresAt: parseExpiresAt(expires_at, now),
    };
  }
  if (dto?.user?.email) {
    const sessionRoles = uniqueRoles(dto.user.roles ?? (dto.user.role ? [dto.user.role] : []));
    return {
      user: toUser(dto.user),
      roles: sessionRoles,
      permissions: [],
      abilities: [],
      activeRole: activeRoleOf(sessionRoles.map((r) => r.name)),
      expiresAt: parseExpiresAt(null, now),
    };
  }
  throw new Error(MESSAGES.unrecognisedLoginResponse);
};

/** Profile answer to a session; keeps the active role chosen earlier in this tab when still held. */
export const sessionFromProfile = (dto: ProfileDto, now: number, storedActiveRole?: string | null): SessionSnapshot => {
  const sessionRoles = uniqueRoles(dto.roles ?? (dto.role ? [dto.role] : []));
  const names = sessionRoles.map((r) => r.name);
  const info = dto.userInfo ?? {};
  const stored = storedActiveRole ? normaliseRole(storedActiveRole) : null;
  return {
    user: toUser({
      id: dto.id,
      email: dto.email,
      rut: dto.rut,
      name: info.name,
      first_last_name: info.first_last_name,
      second_last_name: info.second_last_name,
      phone: info.phone,
      verified: info.verified,
      status: info.status,
    }),
    roles: sessionRoles,
    permissions: [...(dto.permissions ?? [])],
    abilities: [...(dto.abilities ?? [])],
    activeRole: stored && names.includes(stored) ? stored : activeRoleOf(names),
    expiresAt: parseExpiresAt(dto.session?.expiresAt, now),
  };
};

export const fullName = (user: Pick<SessionUser, 'name' | 'firstLastName' | 'secondLastName'>): string =>
  [user.name, user.firstLastName, user.secondLastName].filter(Boolean).join(' ');
