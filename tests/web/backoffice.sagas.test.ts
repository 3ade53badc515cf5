import { roleHistorySaga } from '../../web/src/features/role-history/sagas';
import { usersSaga } from '../../web/src/features/users/sagas';
import { rolesChangeSubmitted, statusChangeSubmitted, userDetailRequested } from '../../web/src/features/users/slice';
import { answer, apiError, createHarness, settle } from './support/saga-harness';

const user = (roles: string[], revision: number) => ({
  id: 'u1',
  name: 'Ana',
  firstLastName: 'Pérez',
  secondLastName: 'Soto',
  email: 'ana@empresa.cl',
  rut: '12345678-5',
  phone: null,
  roles,
  status: 'active',
  verified: true,
  joinedAt: '2025-01-01T00:00:00Z',
  personalEmail: null,
  post: 'collaborator',
  rolesRevision: revision,
});

describe('back-office sagas (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('changes roles pessimistically with If-Match, then reloads the user and the history', async () => {
    let revision = 3;
    const h = createHarness({
      'GET /users/u1': () => answer(user(revision === 3 ? ['user'] : ['user', 'advisor'], revision), { ETag: `W/"${revision}"` }),
      'PUT /users/u1/roles': () => {
        revision = 4;
        return { roles: ['user', 'advisor'], revision: 4 };
      },
      'GET /users/u1/role-history': () => ({ items: [{ id: 'c1' }] }),
    });
    h.run(usersSaga);
    h.run(roleHistorySaga);
    h.dispatch(userDetailRequested({ id: 'u1' }));
    await settle();
    expect(h.state.users.detail.etag).toBe('W/"3"');

    h.dispatch(rolesChangeSubmitted({ userId: 'u1', roles: ['user', 'advisor'], reason: ' Nuevo asesor ', etag: 'W/"3"' }));
    expect(h.state.users.rolesChange.status).toBe('saving');
    expect(h.state.users.detail.user?.roles).toEqual(['user']);
    await settle();

    const put = h.calls('PUT', '/users/u1/roles')[0];
    expect(put.headers).toEqual({ 'If-Match': 'W/"3"' });
    expect(put.body).toEqual({ roles: ['user', 'advisor'], reason: 'Nuevo asesor' });
    expect(h.types()).toEqual(
      expect.arrayContaining(['users/rolesChangeSucceeded', 'users/rolesChanged', 'roleHistory/userHistoryRequested', 'roleHistory/userHistoryLoaded']),
    );
    expect(h.toasts()).toEqual(['Roles actualizados correctamente.']);
    expect(h.calls('GET', '/users/u1')).toHaveLength(2);
    expect(h.state.users.detail).toMatchObject({ etag: 'W/"4"', user: { roles: ['user', 'advisor'] } });
    expect(h.state.roleHistory.byUser.u1.items).toHaveLength(1);
    h.stop();
  });

  it('on 412 reloads the user and tells the administrator', async () => {
    const h = createHarness({
      'GET /users/u1': () => answer(user(['admin'], 5), { ETag: 'W/"5"' }),
      'PUT /users/u1/roles': () => {
        throw apiError(412, 'PRECONDITION_FAILED', 'La información cambió mientras la editaba. Recargue e intente nuevamente.');
      },
    });
    h.run(usersSaga);
    h.dispatch(userDetailRequested({ id: 'u1' }));
    await settle();
    h.dispatch(rolesChangeSubmitted({ userId: 'u1', roles: ['user'], reason: 'x', etag: 'W/"4"' }));
    await settle();
    expect(h.state.users.rolesChange).toMatchObject({ status: 'conflict', error: { code: 'PRECONDITION_FAILED' } });
    expect(h.toasts()[0]).toMatch(/Otra persona cambió los roles/);
    expect(h.calls('GET', '/users/u1')).toHaveLength(2);
    expect(h.state.users.detail).toMatchObject({ etag: 'W/"5"', user: { roles: ['admin'] } });
    h.stop();
  });

  it('shows a refusal (403: only a higher role may grant) without reloading', async () => {
    const h = createHarness({
      'PUT /users/u1/roles': () => {
        throw apiError(403, 'INSUFFICIENT_PERMISSIONS', 'No tiene permisos para realizar esta acción.');
      },
    });
    h.run(usersSaga);
    h.dispatch(rolesChangeSubmitted({ userId: 'u1', roles: ['super-admin'], reason: 'x', etag: 'W/"1"' }));
    await settle();
    expect(h.state.users.rolesChange).toMatchObject({ status: 'rejected', error: { code: 'INSUFFICIENT_PERMISSIONS' } });
    expect(h.toasts()).toEqual(['No tiene permisos para realizar esta acción.']);
    expect(h.calls('GET', '/users/u1')).toHaveLength(0);
    h.stop();
  });

  it('disables an account with its reason after confirmation, says so and reloads the user', async () => {
    const h = createHarness({
      'POST /users/u1/disable': () => ({ success: true }),
      'GET /users/u1': () => answer(user(['user'], 1), { ETag: 'W/"1"' }),
    });
    h.run(usersSaga);
    h.dispatch(statusChangeSubmitted({ userId: 'u1', enabled: false, reason: ' Dejó la empresa ' }));
    expect(h.state.users.statusChange.status).toBe('saving');
    await settle();
    expect(h.calls('POST', '/users/u1/disable')[0].body).toEqual({ reason: 'Dejó la empresa' });
    expect(h.state.users.statusChange.status).toBe('succeeded');
    expect(h.toasts()).toEqual(['Cuenta deshabilitada. Sus sesiones abiertas se cerraron.']);
    expect(h.calls('GET', '/users/u1')).toHaveLength(1);
    h.stop();
  });

  it('keeps a refused status change in the dialog (no toast, no reload)', async () => {
    const h = createHarness({
      'POST /users/u1/enable': () => {
        throw apiError(403, 'INSUFFICIENT_PERMISSIONS', 'No tiene permisos para realizar esta acción.');
      },
    });
    h.run(usersSaga);
    h.dispatch(statusChangeSubmitted({ userId: 'u1', enabled: true, reason: '' }));
    await settle();
    expect(h.calls('POST', '/users/u1/enable')[0].body).toEqual({});
    expect(h.state.users.statusChange).toMatchObject({ status: 'rejected', error: { code: 'INSUFFICIENT_PERMISSIONS' } });
    expect(h.toasts()).toEqual([]);
    expect(h.calls('GET', '/users/u1')).toHaveLength(0);
    h.stop();
  });
});
