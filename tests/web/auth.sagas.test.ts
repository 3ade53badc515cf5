import { authSaga } from '../../web/src/features/auth/sagas';
import { emailVerificationRequested, loginSubmitted } from '../../web/src/features/auth/slice';
import { apiError, createHarness, settle } from './support/saga-harness';

const loginAnswer = (roles: string[]) => ({
  success: true,
  message: 'ok',
  data: {
    user: {
      id: 1,
      email: 'ana@empresa.cl',
      rut: '12345678-5',
      name: 'Ana',
      first_last_name: 'Pérez',
      second_last_name: 'Soto',
      role: roles[0],
      roles: [],
      phone: null,
      verified: true,
      status: 'active',
    },
    roles: roles.map((name, i) => ({ id: i + 1, name, display_name: name })),
    abilities: [],
    permissions: [],
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  },
});

const submit = (redirect: string | null = null) =>
  loginSubmitted({ login: ' ana@empresa.cl ', password: 'secreta123', rememberMe: true, redirect, source: 'sign-in' });

describe('login saga (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('establishes the session, shows the success toast and goes to the role home', async () => {
    const h = createHarness({ 'POST /auth/cookie/login': () => loginAnswer(['collaborator', 'admin']) });
    h.run(authSaga);
    h.dispatch(submit());
    await settle();

    expect(h.calls('POST', '/auth/cookie/login')[0].body).toEqual({ email: 'ana@empresa.cl', password: 'secreta123', rememberMe: true });
    expect(h.types()).toEqual(['auth/loginSubmitted', 'auth/loginSucceeded', 'session/established', 'toasts/requested']);
    expect(h.toasts()).toEqual(['¡Inicio de sesión exitoso!']);
    expect(h.state.session.status).toBe('authenticated');
    expect(h.state.session.session?.activeRole).toBe('admin');
    expect(h.navigate).toHaveBeenCalledWith('/backoffice', { replace: true });
    h.stop();
  });

  it('honours the redirect parameter first', async () => {
    const h = createHarness({ 'POST /auth/cookie/login': () => loginAnswer(['company']) });
    h.run(authSaga);
    h.dispatch(submit('/company-portal/team'));
    await settle();
    expect(h.navigate).toHaveBeenCalledWith('/company-portal/team', { replace: true });
    h.stop();
  });

  it('shows the error toast, then after 2 s a hint with the first suggested action', async () => {
    const h = createHarness({
      'POST /auth/cookie/login': () => {
        throw apiError(403, 'EMAIL_NOT_VERIFIED', 'Debe verificar su email antes de ingresar.', ['Reenviar email de confirmación'], 'warning');
      },
    });
    h.run(authSaga);
    h.dispatch(submit());
    await settle();
    expect(h.toasts()).toEqual(['Debe verificar su email antes de ingresar.']);
    expect(h.state.auth.login).toMatchObject({ status: 'failed', error: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(h.state.session.status).toBe('loading');

    await settle(1_999);
    expect(h.toasts()).toHaveLength(1);
    await settle(1);
    expect(h.toasts()).toEqual(['Debe verificar su email antes de ingresar.', 'Sugerencia: Reenviar email de confirmación']);
    expect(h.navigate).not.toHaveBeenCalled();
    h.stop();
  });

  it('accepts a new attempt while the hint is still waiting', async () => {
    let attempts = 0;
    const h = createHarness({
      'POST /auth/cookie/login': () => {
        attempts += 1;
        throw apiError(401, 'INVALID_CREDENTIALS', 'Email o contraseña incorrectos.', ['Recuperar contraseña']);
      },
    });
    h.run(authSaga);
    h.dispatch(submit());
    await settle(500);
    h.dispatch(submit());
    await settle();
    expect(attempts).toBe(2);
    h.stop();
  });

  it('verifies an email token once, even when the page asks twice', async () => {
    const h = createHarness({ 'POST /auth/verify-email': () => ({ success: true, message: 'Email verificado.' }) });
    h.run(authSaga);
    h.dispatch(emailVerificationRequested({ token: 'tok' }));
    h.dispatch(emailVerificationRequested({ token: 'tok' }));
    await settle();
    h.dispatch(emailVerificationRequested({ token: 'tok' }));
    await settle();
    expect(h.calls('POST', '/auth/verify-email')).toHaveLength(1);
    expect(h.state.auth.verification).toMatchObject({ status: 'succeeded', message: 'Email verificado.' });
    h.stop();
  });
});
