import { sessionSaga } from '../../web/src/features/session/sagas';
import { logoutRequested, sessionRestored } from '../../web/src/features/session/slice';
import type { SessionSnapshot } from '../../web/src/shared/auth/session-types';
import { INACTIVITY_TIMEOUT_MS } from '../../web/src/shared/config/constants';
import { apiError, createHarness, settle, type Route } from './support/saga-harness';

const MINUTE = 60_000;
const EXPIRED_TOAST = 'Su sesión ha expirado. Por favor ingrese nuevamente.';

const profile = (roles: string[], expiresAt: number) => ({
  id: 'u1',
  email: 'ana@empresa.cl',
  rut: '12345678-5',
  role: roles[0],
  roles: roles.map((name, i) => ({ id: i + 1, name, display_name: name })),
  permissions: ['dashboard:access'],
  abilities: [],
  userInfo: { name: 'Ana', first_last_name: 'Pérez', second_last_name: 'Soto', phone: null, verified: true, status: 'active', joined_at: null },
  session: { expiresAt: new Date(expiresAt).toISOString(), lastActivity: null, isRemembered: false },
});

const snapshot = (expiresAt: number): SessionSnapshot => ({
  user: {
    id: 'u1',
    email: 'ana@empresa.cl',
    rut: null,
    name: 'Ana',
    firstLastName: 'Pérez',
    secondLastName: 'Soto',
    phone: null,
    verified: true,
    status: 'active',
  },
  roles: [{ id: '6', name: 'collaborator', displayName: 'Colaborador' }],
  permissions: ['dashboard:access'],
  abilities: [],
  activeRole: 'collaborator',
  expiresAt,
});

/** Session saga with no session at start-up, then a session restored by hand. */
async function signedIn(routes: Record<string, Route>, expiresInMs: number, path = '/dashboard') {
  const h = createHarness({ 'GET /auth/session': () => ({ valid: false }), ...routes }, { path });
  h.run(sessionSaga);
  await settle();
  h.dispatch(sessionRestored({ session: snapshot(Date.now() + expiresInMs), origin: 'this-tab' }));
  await settle();
  return h;
}

describe('session sagas (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  describe('start-up', () => {
    it('asks the server, then reads the profile and authenticates', async () => {
      const h = createHarness({
        'GET /auth/session': () => ({ valid: true }),
        'GET /auth/cookie/profile': () => profile(['collaborator', 'company'], Date.now() + 15 * MINUTE),
      });
      expect(h.state.session).toMatchObject({ status: 'loading', initialized: false });
      h.run(sessionSaga);
      await settle();
      expect(h.state.session).toMatchObject({ status: 'authenticated', initialized: true });
      expect(h.state.session.session?.activeRole).toBe('company');
      expect(h.persistence.save).toHaveBeenCalledTimes(1);
      h.stop();
    });

    it('is initialized unauthenticated when the server says the session is not valid', async () => {
      const h = createHarness({ 'GET /auth/session': () => ({ valid: false }) });
      h.run(sessionSaga);
      await settle();
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', initialized: true });
      expect(h.calls('GET', '/auth/cookie/profile')).toHaveLength(0);
      expect(h.persistence.clear).toHaveBeenCalled();
      h.stop();
    });

    it('is initialized unauthenticated when the server cannot be reached', async () => {
      const h = createHarness({
        'GET /auth/session': () => {
          throw apiError(0, 'NETWORK_ERROR');
        },
      });
      h.run(sessionSaga);
      await settle();
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', initialized: true });
      h.stop();
    });
  });

  describe('logout', () => {
    it('logs out on the server, toasts, tells the other tabs and goes to /login', async () => {
      const h = await signedIn({ 'POST /auth/cookie/logout': () => ({ success: true, message: 'ok' }) }, 15 * MINUTE);
      h.dispatch(logoutRequested());
      await settle();
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'logout' });
      expect(h.toasts()).toEqual(['Sesión cerrada exitosamente']);
      expect(h.persistence.clear).toHaveBeenCalled();
      expect(h.crossTab.post).toHaveBeenCalledWith('logout');
      expect(h.navigate).toHaveBeenLastCalledWith('/login', { replace: true });
      h.stop();
    });

    it('clears the local state anyway when the server call fails', async () => {
      const h = await signedIn(
        {
          'POST /auth/cookie/logout': () => {
            throw apiError(500, 'SERVER_ERROR');
          },
        },
        15 * MINUTE,
      );
      h.dispatch(logoutRequested());
      await settle();
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'local-logout' });
      expect(h.toasts()).toEqual(['Sesión cerrada localmente']);
      expect(h.navigate).toHaveBeenLastCalledWith('/login', { replace: true });
      h.stop();
    });
  });

  describe('inactivity timer', () => {
    it('ends the session as expired after the timeout: toast now, /login after 1 s', async () => {
      const h = await signedIn({}, 3 * 60 * MINUTE);
      await settle(INACTIVITY_TIMEOUT_MS);
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'inactivity' });
      expect(h.toasts()).toEqual([EXPIRED_TOAST]);
      expect(h.crossTab.post).toHaveBeenCalledWith('session-expired');
      expect(h.navigate).not.toHaveBeenCalled();
      await settle(1_000);
      expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
      h.stop();
    });

    it('is reset by activity', async () => {
      const h = await signedIn({}, 3 * 60 * MINUTE);
      await settle(INACTIVITY_TIMEOUT_MS - MINUTE);
      h.userActs();
      await settle(INACTIVITY_TIMEOUT_MS - MINUTE);
      expect(h.state.session.status).toBe('authenticated');
      await settle(MINUTE);
      expect(h.state.session.status).toBe('unauthenticated');
      h.stop();
    });

    it('counts activity in another tab: an idle tab does not end a session used elsewhere', async () => {
      const h = await signedIn({}, 3 * 60 * MINUTE);
      await settle(20 * MINUTE);
      h.userActsElsewhere();
      await settle(10 * MINUTE);
      expect(h.state.session.status).toBe('authenticated');
      await settle(20 * MINUTE - 1);
      expect(h.state.session.status).toBe('authenticated');
      await settle(1);
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'inactivity' });
      h.stop();
    });
  });

  describe('token-expiry monitor', () => {
    it('refreshes 5 minutes before expiry when the user has been active', async () => {
      const h = await signedIn(
        { 'POST /auth/cookie/refresh': () => ({ success: true, data: { expires_at: new Date(Date.now() + 15 * MINUTE).toISOString() } }) },
        10 * MINUTE,
      );
      await settle(MINUTE);
      h.userActs();
      await settle(4 * MINUTE - 1);
      expect(h.calls('POST', '/auth/cookie/refresh')).toHaveLength(0);
      await settle(1);
      expect(h.calls('POST', '/auth/cookie/refresh')).toHaveLength(1);
      expect(h.state.session.session?.expiresAt).toBe(Date.now() + 15 * MINUTE);
      expect(h.state.session.activeSinceRenewal).toBe(false);
      h.stop();
    });

    it('lets an idle session lapse at its expiry without refreshing', async () => {
      const h = await signedIn({ 'POST /auth/cookie/refresh': () => ({ success: true, data: {} }) }, 10 * MINUTE);
      await settle(10 * MINUTE);
      expect(h.calls('POST', '/auth/cookie/refresh')).toHaveLength(0);
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'token-expired' });
      expect(h.toasts()).toEqual([EXPIRED_TOAST]);
      h.stop();
    });

    it('keeps a session that another tab renewed: asks the server before lapsing', async () => {
      let checks = 0;
      const h = await signedIn({}, 10 * MINUTE);
      // From now on the server says the session is valid (another tab refreshed the shared cookie).
      const later = Date.now() + 25 * MINUTE;
      h.api.request = ((original) => async (request) => {
        if (request.path === '/auth/session') {
          checks += 1;
          return { status: 200, data: { valid: true, expiresAt: new Date(later).toISOString() } as never, header: () => null };
        }
        return original(request);
      })(h.api.request.bind(h.api));
      await settle(10 * MINUTE);
      expect(checks).toBe(1);
      expect(h.state.session.status).toBe('authenticated');
      expect(h.state.session.session?.expiresAt).toBe(later);
      h.stop();
    });

    it('refreshes on the first activity after the refresh point instead of lapsing', async () => {
      const h = await signedIn({ 'POST /auth/cookie/refresh': () => ({ success: true, data: { expires_at: Date.now() + 20 * MINUTE } }) }, 10 * MINUTE);
      await settle(7 * MINUTE);
      h.userActs();
      await settle();
      expect(h.calls('POST', '/auth/cookie/refresh')).toHaveLength(1);
      expect(h.state.session.status).toBe('authenticated');
      h.stop();
    });

    it('waits at least 30 s between attempts', async () => {
      const h = await signedIn({ 'POST /auth/cookie/refresh': () => ({ success: true, data: { expires_at: Date.now() + 2 * MINUTE } }) }, 2 * MINUTE);
      h.userActs();
      await settle(29_999);
      expect(h.calls('POST', '/auth/cookie/refresh')).toHaveLength(0);
      await settle(1);
      expect(h.calls('POST', '/auth/cookie/refresh')).toHaveLength(1);
      h.stop();
    });

    it('ends the session when the refresh is refused', async () => {
      const h = await signedIn(
        {
          'POST /auth/cookie/refresh': () => {
            throw apiError(401, 'SESSION_EXPIRED');
          },
        },
        10 * MINUTE,
      );
      h.userActs();
      await settle(5 * MINUTE);
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'refresh-failed' });
      expect(h.toasts()).toEqual([EXPIRED_TOAST]);
      h.stop();
    });
  });

  describe('cross-tab sync', () => {
    it('follows a logout in another tab without echoing it', async () => {
      const h = await signedIn({}, 15 * MINUTE);
      h.fromOtherTab('logout');
      await settle();
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'logout' });
      expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
      expect(h.crossTab.post).not.toHaveBeenCalled();
      h.stop();
    });

    it('follows a login in another tab: reads the profile and leaves the login page', async () => {
      const h = createHarness(
        { 'GET /auth/session': () => ({ valid: false }), 'GET /auth/cookie/profile': () => profile(['admin'], Date.now() + 15 * MINUTE) },
        { path: '/login' },
      );
      h.run(sessionSaga);
      await settle();
      h.fromOtherTab('login');
      await settle();
      expect(h.state.session.status).toBe('authenticated');
      expect(h.navigate).toHaveBeenCalledWith('/backoffice', { replace: true });
      expect(h.crossTab.post).not.toHaveBeenCalledWith('login');
      h.stop();
    });

    it('follows a session expiry in another tab with the same toast and redirect', async () => {
      const h = await signedIn({}, 15 * MINUTE);
      h.fromOtherTab('session-expired');
      await settle(1_000);
      expect(h.state.session).toMatchObject({ status: 'unauthenticated', endedBy: 'other-tab' });
      expect(h.toasts()).toEqual([EXPIRED_TOAST]);
      expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
      expect(h.crossTab.post).not.toHaveBeenCalled();
      h.stop();
    });
  });
});
