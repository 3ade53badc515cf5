import { userRolesDecider, type UserRolesCommand } from '../../domain/access/user-roles.decide';
import type { UserRolesEvent } from '../../domain/access/user-roles';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const spec = DeciderSpecification(userRolesDecider);
const admin = testMeta({ actorId: 'admin-1', actorRoles: ['admin'] });
const superAdmin = testMeta({ actorId: 'root', actorRoles: ['super-admin'] });

const granted = (roles: string[]): UserRolesEvent => ({
  type: 'UserRolesAdded',
  data: {
    userId: 'u1',
    changeType: 'added',
    previousRoles: [],
    newRoles: roles,
    added: roles,
    removed: [],
    modifiedBy: 'system',
    modifiedByRoles: [],
    reason: 'Registro',
    changedAt: '2026-11-20T00:00:00.000Z',
  },
});
const change = (roles: string[], reason = 'Nuevo cargo'): UserRolesCommand => ({ type: 'ChangeRoles', userId: 'u1', roles, reason });

describe('UserRoles decider', () => {
  it('grants the initial roles once, recorded as added by the system actor', () => {
    spec
      .given([])
      .when({ type: 'GrantInitialRoles', userId: 'u1', roles: ['USER'], reason: 'Registro' }, testMeta({ actorId: 'system', actorRoles: [] }))
      .then([
        {
          type: 'UserRolesAdded',
          data: {
            userId: 'u1',
            changeType: 'added',
            previousRoles: [],
            newRoles: ['user'],
            added: ['user'],
            removed: [],
            modifiedBy: 'system',
            modifiedByRoles: [],
            reason: 'Registro',
            changedAt: '2026-11-22T12:00:00.000Z',
          },
        },
      ]);
  });

  it('a retried initial grant changes nothing', () => {
    spec
      .given([granted(['user'])])
      .when({ type: 'GrantInitialRoles', userId: 'u1', roles: ['user'], reason: 'Registro' })
      .thenNothingHappens();
  });

  it('records an addition with who, why, before and after', () => {
    spec
      .given([granted(['user'])])
      .when(change(['user', 'collaborator']), admin)
      .then([
        {
          type: 'UserRolesAdded',
          data: {
            userId: 'u1',
            changeType: 'added',
            previousRoles: ['user'],
            newRoles: ['collaborator', 'user'],
            added: ['collaborator'],
            removed: [],
            modifiedBy: 'admin-1',
            modifiedByRoles: ['admin'],
            reason: 'Nuevo cargo',
            changedAt: '2026-11-22T12:00:00.000Z',
          },
        },
      ]);
  });

  it('records a removal and a replacement with their change types', () => {
    const events = [granted(['collaborator', 'user'])];
    expect(userRolesDecider.decide(change(['user']), events.reduce(userRolesDecider.evolve, userRolesDecider.initialState()), admin)[0].type).toBe(
      'UserRolesRemoved',
    );
    const modified = userRolesDecider.decide(change(['advisor']), events.reduce(userRolesDecider.evolve, userRolesDecider.initialState()), admin)[0];
    expect(modified.type).toBe('UserRolesModified');
    expect(modified.data).toMatchObject({ changeType: 'modified', added: ['advisor'], removed: ['collaborator', 'user'] });
  });

  it('the same set again is not a change', () => {
    spec
      .given([granted(['user'])])
      .when(change(['USER']), admin)
      .thenNothingHappens();
  });

  it('an admin cannot grant admin (only a higher role may)', () => {
    spec
      .given([granted(['user'])])
      .when(change(['user', 'admin']), admin)
      .thenThrows('INSUFFICIENT_PERMISSIONS');
  });

  it('an admin cannot change the roles of another admin', () => {
    spec
      .given([granted(['admin'])])
      .when(change(['admin', 'collaborator']), admin)
      .thenThrows('INSUFFICIENT_PERMISSIONS');
  });

  it('a company user cannot grant collaborator to an admin-level target', () => {
    spec
      .given([granted(['auditor'])])
      .when(change(['auditor', 'collaborator']), testMeta({ actorRoles: ['company'] }))
      .thenThrows('INSUFFICIENT_PERMISSIONS');
  });

  it('a super-admin may grant admin', () => {
    expect(
      userRolesDecider.decide(change(['admin']), [granted(['user'])].reduce(userRolesDecider.evolve, userRolesDecider.initialState()), superAdmin)[0].data
        .newRoles,
    ).toEqual(['admin']);
  });

  it('refuses an unknown role, an empty set and a missing reason', () => {
    spec
      .given([granted(['user'])])
      .when(change(['pirate']), superAdmin)
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([granted(['user'])])
      .when(change([]), superAdmin)
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([granted(['user'])])
      .when(change(['admin'], '   '), superAdmin)
      .thenThrows('VALIDATION_FAILED');
  });
});
