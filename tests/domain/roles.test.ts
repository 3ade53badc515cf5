import { activeRoleOf, homePathFor, normaliseRole } from '../../domain/shared/roles';
import { hasPermission, permissionsOf } from '../../domain/access/permissions';

describe('roles and permissions (spec §6)', () => {
  it('normalises the spellings the spec lists and lower-cases unknown roles', () => {
    expect(normaliseRole('SUPER_ADMIN')).toBe('super-admin');
    expect(normaliseRole('Super-Admin')).toBe('super-admin');
    expect(normaliseRole('COLLABORATOR')).toBe('collaborator');
    expect(normaliseRole('Compliance_Officer')).toBe('compliance_officer');
  });

  it('a role named after a prototype member is an unknown role that grants nothing', () => {
    for (const role of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      expect(normaliseRole(role)).toBe(role.toLowerCase());
      expect(permissionsOf([role])).toEqual([]);
    }
  });

  it('chooses the active role by the spec order, else the first role, else user', () => {
    expect(activeRoleOf(['collaborator', 'admin'])).toBe('admin');
    expect(activeRoleOf(['advisor', 'company'])).toBe('company');
    expect(activeRoleOf(['auditor', 'user'])).toBe('auditor');
    expect(activeRoleOf([])).toBe('user');
  });

  it('sends admins to /backoffice, companies to /company-portal, everyone else to /dashboard', () => {
    expect(homePathFor(['super-admin'])).toBe('/backoffice');
    expect(homePathFor(['admin', 'company'])).toBe('/backoffice');
    expect(homePathFor(['company'])).toBe('/company-portal');
    expect(homePathFor(['collaborator'])).toBe('/dashboard');
  });

  it('sends analysts, auditors and the data protection officer to their back-office start', () => {
    for (const role of ['manager', 'auditor', 'data-protection-officer']) expect(homePathFor([role])).toBe('/backoffice');
    expect(homePathFor(['advisor'])).toBe('/dashboard');
  });

  it('grants everything to super-admin and role management to admins only', () => {
    expect(permissionsOf(['super-admin'])).toEqual(['*']);
    expect(hasPermission(['super-admin'], 'roles:manage')).toBe(true);
    expect(hasPermission(['admin'], 'roles:manage')).toBe(true);
    expect(hasPermission(['auditor'], 'roles:manage')).toBe(false);
    expect(hasPermission(['auditor'], 'audit:read')).toBe(true);
    expect(hasPermission(['collaborator'], 'backoffice:access')).toBe(false);
    expect(hasPermission(['pirate'], 'dashboard:access')).toBe(false);
  });

  it("acting on a buyer's reservation (cancel, extend its hold, refund) is the administrators'; readers of the commercial lists only read", () => {
    const acts = ['reservations:cancel', 'reservations:extend-hold', 'payments:refund'] as const;
    for (const permission of acts) {
      expect([permission, hasPermission(['admin'], permission)]).toEqual([permission, true]);
      expect([permission, hasPermission(['super-admin'], permission)]).toEqual([permission, true]);
      for (const role of ['auditor', 'manager', 'advisor', 'company', 'collaborator', 'user', 'data-protection-officer'])
        expect([permission, role, hasPermission([role], permission)]).toEqual([permission, role, false]);
    }
  });
});
