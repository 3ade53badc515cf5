import {
  activeRoleOf as activeRoleOfCanonical,
  DEFAULT_ROLE,
  highestLevel,
  homePathFor as homePathForCanonical,
  normaliseRole,
  ROLE_NAMES,
  roleLevel,
  ROLES,
  type RoleName,
} from '../../../../domain/shared/roles';

/**
 * Role rules of spec §4 and §6 as the client applies them. The canonical rules (names, aliases, active
 * role order, home paths) live in domain/shared/roles.ts, shared with the server; this file adds the
 * client's helpers on top.
 */
export { DEFAULT_ROLE, normaliseRole, ROLE_NAMES, type RoleName };

export const ROLE_LABELS: Readonly<Record<RoleName, string>> = Object.fromEntries(ROLE_NAMES.map((r) => [r, ROLES[r].display_name])) as Record<
  RoleName,
  string
>;

export const roleLabel = (name: string): string => {
  const role = normaliseRole(name);
  // Own keys only: a role string like 'constructor' must not resolve to a prototype member.
  return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as RoleName] : name;
};

/** Active role at login: first match of the spec's order, else the first role, else 'user'. */
export const activeRoleOf = (roles: readonly string[]): string => activeRoleOfCanonical(roles.map(normaliseRole));

export const hasRole = (roles: readonly string[], role: string): boolean => {
  const wanted = normaliseRole(role);
  return roles.some((r) => normaliseRole(r) === wanted);
};

export const hasAnyRole = (roles: readonly string[], wanted: readonly string[]): boolean => wanted.some((w) => hasRole(roles, w));

/** '*' in permissions or abilities grants everything. */
export const hasPermission = (granted: readonly string[], permission: string): boolean => granted.includes('*') || granted.includes(permission);

/** Home screen by role (spec §2): admins to the back office, companies to their portal, everyone else to the dashboard. */
export const homePathFor = (roles: readonly string[]): string => homePathForCanonical(roles.map(normaliseRole));

const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20);

const LOGIN_PATHS = new Set(['/login', '/auth/login']);

/**
 * A redirect target is honoured only when it stays in this application: an absolute path, not
 * protocol-relative, not a backslash trick, and not the login screen itself.
 */
export const safeRedirect = (redirect: string | null | undefined): string | null => {
  if (!redirect) return null;
  let target = redirect.trim();
  try {
    target = decodeURIComponent(target);
  } catch {
    return null;
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || hasControlCharacter(target)) return null;
  const pathOnly = target.split(/[?#]/)[0];
  if (LOGIN_PATHS.has(pathOnly)) return null;
  return target;
};

/** Where to go after login: a safe `redirect` query parameter first, else the role's home. */
export const postLoginPath = (roles: readonly string[], redirect?: string | null): string => safeRedirect(redirect) ?? homePathFor(roles);

export interface RoleChangeRights {
  /** The actor outranks the user (an admin may not touch another admin, nor themselves). */
  readonly mayEditUser: boolean;
  /** The actor outranks this role: only a strictly higher level may grant or remove it. */
  readonly mayTouch: (role: string) => boolean;
}

/**
 * The server's rule for changing roles (domain/access/user-roles.decide.ts), applied before submitting so
 * the form offers only what the actor may grant or remove. Super-admins may do everything.
 */
export const roleChangeRights = (actorRoles: readonly string[], targetRoles: readonly string[]): RoleChangeRights => {
  const actor = actorRoles.map(normaliseRole);
  if (actor.includes('super-admin')) return { mayEditUser: true, mayTouch: () => true };
  const level = highestLevel(actor);
  return { mayEditUser: highestLevel(targetRoles.map(normaliseRole)) < level, mayTouch: (role) => roleLevel(normaliseRole(role)) < level };
};
