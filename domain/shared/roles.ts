/**
 * Roles of spec §6. Canonical names are lower-case kebab ('super-admin'); any spelling the spec lists
 * (SUPER_ADMIN, super_admin, Super-Admin) normalises to it, and unknown role strings are lower-cased.
 * Levels encode the hierarchy super-admin > admin > company > collaborator (advisor and auditor placed
 * by what they may do); only a strictly higher level may grant or remove a role.
 */
export const ROLE_NAMES = ['super-admin', 'admin', 'data-protection-officer', 'auditor', 'manager', 'company', 'advisor', 'collaborator', 'user'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface RoleDefinition {
  readonly id: number;
  readonly name: RoleName;
  readonly display_name: string;
  readonly level: number;
}

export const ROLES: Readonly<Record<RoleName, RoleDefinition>> = {
  'super-admin': { id: 1, name: 'super-admin', display_name: 'Súper administrador', level: 100 },
  admin: { id: 2, name: 'admin', display_name: 'Administrador', level: 80 },
  /** Ley 21.719's delegado de protección de datos: answers the people's data requests (ids follow the original seven). */
  'data-protection-officer': { id: 8, name: 'data-protection-officer', display_name: 'Delegado de protección de datos', level: 75 },
  auditor: { id: 3, name: 'auditor', display_name: 'Auditor', level: 70 },
  /** Spec §6's manager, used as the analyst: reads the leads and the sales and lead dashboards (id after the officer's). */
  manager: { id: 9, name: 'manager', display_name: 'Analista comercial', level: 65 },
  company: { id: 4, name: 'company', display_name: 'Empresa', level: 60 },
  advisor: { id: 5, name: 'advisor', display_name: 'Asesor', level: 50 },
  collaborator: { id: 6, name: 'collaborator', display_name: 'Colaborador', level: 40 },
  user: { id: 7, name: 'user', display_name: 'Usuario', level: 10 },
};

export const DEFAULT_ROLE: RoleName = 'user';

const ALIASES: Record<string, RoleName> = {
  super_admin: 'super-admin',
  superadmin: 'super-admin',
  company_admin: 'company',
  company_user: 'company',
  sales_agent: 'advisor',
  agent: 'advisor',
  client: 'user',
};

/** Canonical name for a known role, or the lower-cased string for an unknown one (spec §6). */
export const normaliseRole = (raw: string): string => {
  const lower = raw.trim().toLowerCase();
  const kebab = lower.replace(/_/g, '-');
  if ((ROLE_NAMES as readonly string[]).includes(kebab)) return kebab;
  // Own keys only: a role called 'constructor' is an unknown role, not Object's constructor.
  return Object.hasOwn(ALIASES, lower) ? ALIASES[lower] : lower;
};

export const isKnownRole = (name: string): name is RoleName => (ROLE_NAMES as readonly string[]).includes(name);

export const roleLevel = (name: string): number => (isKnownRole(name) ? ROLES[name].level : 0);

export const highestLevel = (roles: readonly string[]): number => Math.max(0, ...roles.map(roleLevel));

/** Active role at login: first match in this order, else the first role, else 'user' (spec §4). */
const ACTIVE_ROLE_ORDER: readonly RoleName[] = ['super-admin', 'admin', 'company', 'advisor', 'collaborator'];
export const activeRoleOf = (roles: readonly string[]): string => ACTIVE_ROLE_ORDER.find((r) => roles.includes(r)) ?? roles[0] ?? DEFAULT_ROLE;

/** Staff whose work is all in the back office: they hold no buyer's permission, so the buyer's panel has nothing for them. */
const BACKOFFICE_STAFF: readonly string[] = ['manager', 'auditor', 'data-protection-officer'];

/** Where a user lands after login (spec §2, and the back-office staff at their start). */
export const homePathFor = (roles: readonly string[]): string => {
  if (roles.includes('admin') || roles.includes('super-admin')) return '/backoffice';
  if (roles.includes('company')) return '/company-portal';
  if (roles.some((r) => BACKOFFICE_STAFF.includes(r))) return '/backoffice';
  return '/dashboard';
};
