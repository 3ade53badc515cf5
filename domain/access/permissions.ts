import type { RoleName } from '../shared/roles';

/**
 * The RBAC matrix as data: which permission each role holds. Every API route declares one of these
 * permissions and tests/api/rbac.test.ts walks the matrix route by route. '*' grants everything.
 */
export const PERMISSIONS = [
  'dashboard:access',
  'profile:read',
  'profile:update',
  'backoffice:access',
  'company-portal:access',
  'users:read',
  'users:manage',
  'roles:manage',
  'audit:read',
  'mailbox:read',
  'email:manage',
  'projections:manage',
  'favorites:manage',
  'alerts:manage',
  'quotes:manage',
  'reservations:create',
  'leads:read',
  'financial-parameters:manage',
  'campaigns:read',
  /** Sees every company's data; without it a company user sees only the company it is a member of. */
  'companies:all',
  /** The officer's queue of people's data requests (Ley 21.719): verify, complete (erasure included), reject. */
  'data-requests:manage',
  /** The public home's sections and the versioned terms and privacy policy (back office: Contenido del sitio). */
  'content:manage',
  /** Create, edit and move campaigns through their lifecycle; enrol any collaborator of the company. */
  'campaigns:manage',
  /** The company registrations' review queue: read the applications and their documents, approve or reject. */
  'company-registrations:review',
  /** Every company's profile and collaborators (company users manage their own company's through membership). */
  'companies:manage',
  /** Projects, units, pictures and floor plans: staff every company's, a real-estate company user its own (membership). */
  'catalog:manage',
  /** The home page's featured list and its order (platform-wide: staff only). */
  'catalog:feature',
  /** An entity's history (Historial): auditors and staff any entity's; a company user its own company's projects and units. */
  'history:read',
  /** The back office's quotes and reservations lists (Comercial): read only. */
  'commercial:read',
  /** Refund a reservation's payment through the gateway, or record one made outside it (staff only; auditors never write). */
  'payments:refund',
  /** Cancel any buyer's reservation with a reason (the bank refused the credit, the buyer withdrew): staff only. */
  'reservations:cancel',
  /** Give a buyer more time to pay an unpaid hold, with a reason: staff only. */
  'reservations:extend-hold',
  /** Every lead; without it a holder of leads:read (an advisor) sees only the leads assigned to them. */
  'leads:all',
  /** Move a lead's status with a reason (an advisor only on the leads assigned to them). */
  'leads:update',
  /** Assign leads to advisors and mark them pre-approved. */
  'leads:assign',
  /** The sales and lead dashboards (read only): staff see every company, a company user only its own company's figures. */
  'analytics:read',
  /** The dashboards across every company (analysts, auditors, administrators). */
  'analytics:all',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const SELF: Permission[] = ['dashboard:access', 'profile:read', 'profile:update'];
/** The buyer's journey: keep favourites and availability alerts, quote, reserve and pay a unit. */
const BUYER: Permission[] = ['favorites:manage', 'alerts:manage', 'quotes:manage', 'reservations:create'];

/** Reading, never writing: every lead and every company's figures. */
const ANALYST: Permission[] = ['leads:read', 'leads:all', 'analytics:read', 'analytics:all'];
const LEADS_WORK: Permission[] = ['leads:update', 'leads:assign'];

export const ROLE_PERMISSIONS: Readonly<Record<RoleName, readonly (Permission | '*')[]>> = {
  'super-admin': ['*'],
  admin: [
    ...SELF,
    'backoffice:access',
    'users:read',
    'users:manage',
    'roles:manage',
    'audit:read',
    'mailbox:read',
    'email:manage',
    'leads:read',
    'financial-parameters:manage',
    'campaigns:read',
    'companies:all',
    'content:manage',
    'campaigns:manage',
    'company-registrations:review',
    'companies:manage',
    'catalog:manage',
    'catalog:feature',
    'history:read',
    'commercial:read',
    'payments:refund',
    'reservations:cancel',
    'reservations:extend-hold',
    ...LEADS_WORK,
    ...ANALYST,
  ],
  'data-protection-officer': [...SELF, 'backoffice:access', 'data-requests:manage'],
  auditor: [...SELF, 'backoffice:access', 'users:read', 'audit:read', 'history:read', 'commercial:read', ...ANALYST],
  /** The analyst (spec §6 lists manager): reads leads, the commercial lists and the dashboards, changes nothing. */
  manager: [...SELF, 'backoffice:access', 'commercial:read', ...ANALYST],
  company: [...SELF, 'company-portal:access', 'campaigns:read', 'catalog:manage', 'history:read', 'analytics:read'],
  /** Works their own leads in the back office (Comercial > Leads). */
  advisor: [...SELF, 'backoffice:access', 'leads:read', 'leads:update'],
  collaborator: [...SELF, ...BUYER],
  user: [...SELF, ...BUYER],
};

/** Union of the roles' permissions; unknown roles grant nothing. */
export const permissionsOf = (roles: readonly string[]): (Permission | '*')[] => {
  const granted = new Set<Permission | '*'>();
  for (const role of roles) for (const p of Object.hasOwn(ROLE_PERMISSIONS, role) ? ROLE_PERMISSIONS[role as RoleName] : []) granted.add(p);
  return granted.has('*') ? ['*'] : PERMISSIONS.filter((p) => granted.has(p));
};

export const hasPermission = (roles: readonly string[], permission: Permission): boolean => {
  const granted = permissionsOf(roles);
  return granted.includes('*') || granted.includes(permission);
};

/** The roles that grant a permission ('*' grants every one): who is told about work that needs it. */
export const rolesHolding = (permission: Permission): RoleName[] =>
  (Object.keys(ROLE_PERMISSIONS) as RoleName[]).filter((role) => ROLE_PERMISSIONS[role].includes('*') || ROLE_PERMISSIONS[role].includes(permission));
