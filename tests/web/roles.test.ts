import {
  activeRoleOf,
  hasAnyRole,
  hasPermission,
  homePathFor,
  normaliseRole,
  postLoginPath,
  roleChangeRights,
  roleLabel,
  safeRedirect,
} from '../../web/src/shared/auth/roles';
import { isPublicPath } from '../../web/src/shared/auth/public-paths';

describe('active role at login (spec §4)', () => {
  it.each([
    [['collaborator', 'admin'], 'admin'],
    [['user', 'super-admin', 'admin'], 'super-admin'],
    [['advisor', 'company'], 'company'],
    [['collaborator', 'advisor'], 'advisor'],
    [['user', 'collaborator'], 'collaborator'],
    [['auditor', 'user'], 'auditor'],
    [['SUPER_ADMIN'], 'super-admin'],
    [[], 'user'],
  ])('%j -> %s', (roles, expected) => {
    expect(activeRoleOf(roles)).toBe(expected);
  });
});

describe('redirect after login (spec §2)', () => {
  it('sends staff (admins, analysts, auditors, the data officer) to /backoffice, companies to /company-portal, buyers to /dashboard', () => {
    expect(postLoginPath(['super-admin'])).toBe('/backoffice');
    expect(postLoginPath(['company', 'admin'])).toBe('/backoffice');
    expect(postLoginPath(['company'])).toBe('/company-portal');
    expect(postLoginPath(['collaborator'])).toBe('/dashboard');
    expect(postLoginPath(['auditor'])).toBe('/backoffice');
    expect(postLoginPath(['manager'])).toBe('/backoffice');
    expect(postLoginPath(['data-protection-officer'])).toBe('/backoffice');
    expect(postLoginPath([])).toBe('/dashboard');
    expect(homePathFor(['ADMIN'])).toBe('/backoffice');
  });

  it('honours the redirect query parameter first', () => {
    expect(postLoginPath(['admin'], '/dashboard')).toBe('/dashboard');
    expect(postLoginPath(['collaborator'], '/backoffice/users?page=2')).toBe('/backoffice/users?page=2');
    expect(postLoginPath(['collaborator'], encodeURIComponent('/company-portal/team'))).toBe('/company-portal/team');
  });

  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/login', '/auth/login?redirect=/x', '', null, '%E0%A4%A'])(
    'ignores the unsafe or pointless redirect %p',
    (redirect) => {
      expect(safeRedirect(redirect)).toBeNull();
      expect(postLoginPath(['company'], redirect)).toBe('/company-portal');
    },
  );
});

describe('role helpers (spec §6)', () => {
  it('normalises role spellings and lower-cases unknown roles', () => {
    expect(normaliseRole('SUPER_ADMIN')).toBe('super-admin');
    expect(normaliseRole('Admin')).toBe('admin');
    expect(normaliseRole('Compliance_Officer')).toBe('compliance_officer');
  });

  it('shows role names in Spanish', () => {
    expect(['super-admin', 'admin', 'company', 'advisor', 'collaborator', 'user', 'auditor'].map(roleLabel)).toEqual([
      'Súper administrador',
      'Administrador',
      'Empresa',
      'Asesor',
      'Colaborador',
      'Usuario',
      'Auditor',
    ]);
    expect(roleLabel('sales_agent')).toBe('Asesor'); // the server's aliases, one set of rules
    expect(roleLabel('compliance_officer')).toBe('compliance_officer');
    expect(['constructor', 'toString', '__proto__'].map(roleLabel)).toEqual(['constructor', 'toString', '__proto__']);
  });

  it('matches roles case-insensitively and treats * as every permission', () => {
    expect(hasAnyRole(['ADMIN'], ['admin', 'super-admin'])).toBe(true);
    expect(hasAnyRole(['user'], ['admin'])).toBe(false);
    expect(hasPermission(['*'], 'roles:manage')).toBe(true);
    expect(hasPermission(['users:read'], 'roles:manage')).toBe(false);
  });
});

describe('public paths (spec §2)', () => {
  it.each([
    '/',
    '/projects',
    '/projects/123/units',
    '/login',
    '/auth/login',
    '/register',
    '/auth/anything/else',
    '/terms',
    '/privacy',
    '/contact',
    '/forbidden',
    '/login/',
  ])('%s is public', (path) => expect(isPublicPath(path)).toBe(true));
  it.each(['/dashboard', '/backoffice', '/backoffice/users/1', '/company-portal', '/projectsx', '/authx'])('%s is protected', (path) =>
    expect(isPublicPath(path)).toBe(false),
  );
});

describe('who may change which roles (the server rule, applied in the form)', () => {
  it('an admin may grant or remove only roles below admin, and only on users below admin', () => {
    const overUser = roleChangeRights(['admin'], ['user']);
    expect(overUser.mayEditUser).toBe(true);
    expect(['super-admin', 'admin'].filter(overUser.mayTouch)).toEqual([]);
    expect(['auditor', 'company', 'advisor', 'collaborator', 'user'].every(overUser.mayTouch)).toBe(true);
    expect(roleChangeRights(['admin'], ['admin']).mayEditUser).toBe(false);
    expect(roleChangeRights(['ADMIN'], ['SUPER_ADMIN']).mayEditUser).toBe(false);
  });

  it('a super administrator may do everything', () => {
    const rights = roleChangeRights(['super-admin'], ['super-admin']);
    expect(rights.mayEditUser).toBe(true);
    expect(rights.mayTouch('super-admin')).toBe(true);
  });
});
