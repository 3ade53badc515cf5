import { assertMayActOn, type Party, type UserAction } from '../../domain/access/acting-on-users';

/** Whether the rule lets `actor` take `action` on `target` (it refuses with INSUFFICIENT_PERMISSIONS). */
const mayActOn = (actor: Party, target: Party, action: UserAction, touchedRoles: readonly string[] = []): boolean => {
  try {
    assertMayActOn(actor, target, action, touchedRoles);
    return true;
  } catch {
    return false;
  }
};
import { SUPER_ADMIN_REGISTRY_STREAM, superAdminRegistryDecider } from '../../domain/access/super-admin-registry';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const party = (userId: string, ...roles: string[]) => ({ userId, roles });
const ACTIONS: UserAction[] = ['change-roles', 'disable', 'enable'];

describe('who may act on another user account (one rule for every action)', () => {
  it.each(ACTIONS)("%s: only a strictly higher role, never on one's own account", (action) => {
    expect(mayActOn(party('a', 'admin'), party('u', 'advisor'), action)).toBe(true);
    expect(mayActOn(party('a', 'admin'), party('b', 'admin'), action)).toBe(false);
    expect(mayActOn(party('a', 'admin'), party('s', 'super-admin'), action)).toBe(false);
    expect(mayActOn(party('a', 'admin'), party('a', 'admin'), action)).toBe(false);
    expect(mayActOn(party('c', 'company'), party('x', 'auditor'), action)).toBe(false);
    expect(mayActOn(party('u', 'user'), party('v', 'user'), action)).toBe(false);
  });

  it('super-admins act on anyone but themselves, other super-admins included', () => {
    expect(mayActOn(party('s', 'super-admin'), party('t', 'super-admin'), 'disable')).toBe(true);
    expect(mayActOn(party('s', 'super-admin'), party('s', 'super-admin'), 'disable')).toBe(false);
    expect(mayActOn(party('s', 'super-admin'), party('s', 'super-admin'), 'change-roles', ['user'])).toBe(false);
  });

  it('the roles granted or removed must be below the actor too', () => {
    expect(mayActOn(party('a', 'admin'), party('u', 'user'), 'change-roles', ['advisor'])).toBe(true);
    expect(mayActOn(party('a', 'admin'), party('u', 'user'), 'change-roles', ['admin'])).toBe(false);
  });
});

describe('super-admin registry', () => {
  const spec = DeciderSpecification(superAdminRegistryDecider);
  const meta = testMeta({ now: new Date('2026-11-24T10:00:00.000Z') });
  const opened = (...members: string[]) => ({ type: 'SuperAdminRegistryOpened' as const, data: { members, openedAt: '2026-11-24T09:00:00.000Z' } });

  it('lives in one stream, so every removal is serialised', () => {
    expect(SUPER_ADMIN_REGISTRY_STREAM).toBe('registry-super-admins');
  });

  it('delists one of two', () => {
    spec
      .given([opened('a', 'b')])
      .when({ type: 'DelistSuperAdmin', userId: 'a' }, meta)
      .then([{ type: 'SuperAdminDelisted', data: { userId: 'a', at: '2026-11-24T10:00:00.000Z' } }]);
  });

  it('refuses to delist the last one', () => {
    spec
      .given([opened('a', 'b'), { type: 'SuperAdminDelisted', data: { userId: 'b', at: 'x' } }])
      .when({ type: 'DelistSuperAdmin', userId: 'a' }, meta)
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('refuses a removal that would leave nobody even when the registry does not list the user (it may undercount)', () => {
    spec.given([opened()]).when({ type: 'DelistSuperAdmin', userId: 'z' }, meta).thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([opened('a')])
      .when({ type: 'DelistSuperAdmin', userId: 'z' }, meta)
      .thenNothingHappens();
  });

  it('enlists once; opening twice changes nothing', () => {
    spec
      .given([opened('a')])
      .when({ type: 'EnlistSuperAdmin', userId: 'a' }, meta)
      .thenNothingHappens();
    spec
      .given([opened('a')])
      .when({ type: 'OpenRegistry', members: ['b'] }, meta)
      .thenNothingHappens();
  });
});
