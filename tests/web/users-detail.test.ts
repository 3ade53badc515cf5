import { roleHistorySaga } from '../../web/src/features/role-history/sagas';
import { fetchUser, setUserEnabled, updateUserRoles } from '../../web/src/features/users/api/users-api';
import { userRolesChanged } from '../../web/src/shared/events';
import { answer, createHarness, fakeApi, settle } from './support/saga-harness';

const user = { id: 'u1', name: 'Ana', roles: ['user'], rolesRevision: 3 };

describe('a user in the back office (plain reads and writes, no saga)', () => {
  it('reads the user with its roles revision, and changes roles with If-Match and a trimmed reason', async () => {
    const { api, calls } = fakeApi({
      'GET /users/u1': () => answer(user, { ETag: 'W/"3"' }),
      'PUT /users/u1/roles': () => ({ roles: ['user', 'advisor'], revision: 4 }),
    });
    expect((await fetchUser(api, 'u1')).etag).toBe('W/"3"');
    await updateUserRoles(api, 'u1', { roles: ['user', 'advisor'], reason: 'Nuevo asesor' }, 'W/"3"');
    const put = calls('PUT', '/users/u1/roles')[0];
    expect(put.headers).toEqual({ 'If-Match': 'W/"3"' });
    expect(put.body).toEqual({ roles: ['user', 'advisor'], reason: 'Nuevo asesor' });
  });

  it('disabling sends its reason; enabling sends none', async () => {
    const { api, calls } = fakeApi({ 'POST /users/u1/disable': () => ({}), 'POST /users/u1/enable': () => ({}) });
    await setUserEnabled(api, 'u1', false, 'Dejó la empresa');
    await setUserEnabled(api, 'u1', true, '');
    expect(calls('POST', '/users/u1/disable')[0].body).toEqual({ reason: 'Dejó la empresa' });
    expect(calls('POST', '/users/u1/enable')[0].body).toEqual({});
  });

  it('a role change announced by the detail reloads that user’s role history', async () => {
    jest.useFakeTimers();
    const h = createHarness({ 'GET /users/u1/role-history': () => ({ items: [{ id: 'c1' }] }) });
    h.run(roleHistorySaga);
    h.dispatch(userRolesChanged({ userId: 'u1', roles: ['user', 'advisor'], revision: '4' }));
    await settle();
    expect(h.calls('GET', '/users/u1/role-history')).toHaveLength(1);
    h.stop();
    jest.useRealTimers();
  });
});
