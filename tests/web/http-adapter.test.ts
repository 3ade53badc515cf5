import { ApiError } from '../../web/src/shared/api/errors';
import { createHttpApi, withApiPrefix } from '../../web/src/shared/api/http-adapter';
import { deferred, fakeFetch, json } from './support/fake-fetch';

const csrf = (token = 'csrf-1') => json(200, { csrfToken: token });

describe('HTTP adapter (spec §4, §7)', () => {
  it('prefixes relative paths with /api/v1 once', () => {
    expect(withApiPrefix('/users')).toBe('/api/v1/users');
    expect(withApiPrefix('users')).toBe('/api/v1/users');
    expect(withApiPrefix('/api/v1/users')).toBe('/api/v1/users');
    expect(withApiPrefix('https://elsewhere.test/x')).toBe('https://elsewhere.test/x');
  });

  it('sends cookies and JSON, a CSRF header on writes only, and skips empty query values', async () => {
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf('tok');
      return json(200, { ok: true });
    });
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/backoffice' });

    await api.request({ method: 'GET', path: '/users', query: { search: '', role: 'admin', page: 2, verified: undefined } });
    await api.request({ method: 'POST', path: '/things', body: { a: 1 } });
    await api.request({ method: 'DELETE', path: '/things/1' });

    const [get, , post, del] = server.calls;
    expect(get.url).toBe('/api/v1/users?role=admin&page=2');
    expect(get.credentials).toBe('include');
    expect(get.headers.get('X-CSRF-Token')).toBeNull();
    expect(post.headers.get('X-CSRF-Token')).toBe('tok');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.body).toEqual({ a: 1 });
    expect(del.headers.get('X-CSRF-Token')).toBe('tok');
    expect(server.count('GET', '/api/v1/csrf/token')).toBe(1);
  });

  it('shares one refresh among concurrent 401s and retries each request once', async () => {
    let sessionValid = false;
    const refreshAnswer = deferred<Response>();
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf();
      if (call.path === '/api/v1/auth/cookie/refresh') {
        return refreshAnswer.promise.then((r) => {
          sessionValid = true;
          return r;
        });
      }
      return sessionValid
        ? json(200, { path: call.path })
        : json(401, { code: 'SESSION_EXPIRED', message: 'x', severity: 'warning', fieldErrors: [], actions: [] });
    });
    const refreshed = jest.fn();
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/backoffice/users', onSessionRefreshed: refreshed });

    const pending = ['/a', '/b', '/c'].map((path) => api.request<{ path: string }>({ method: 'GET', path }));
    await new Promise((r) => setTimeout(r, 0));
    refreshAnswer.resolve(json(200, { success: true, data: { expires_at: '2030-01-01T00:00:00Z' } }));
    const answers = await Promise.all(pending);

    expect(answers.map((a) => a.data.path)).toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c']);
    expect(server.count('POST', '/api/v1/auth/cookie/refresh')).toBe(1);
    for (const p of ['/api/v1/a', '/api/v1/b', '/api/v1/c']) expect(server.count('GET', p)).toBe(2);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(refreshed).toHaveBeenCalledWith('2030-01-01T00:00:00Z');
  });

  it('retries without a new refresh when the 401 answers a request sent before a refresh completed', async () => {
    let valid = false;
    const slow = deferred<void>();
    const server = fakeFetch(async (call) => {
      if (call.path === '/api/v1/csrf/token') return csrf();
      if (call.path === '/api/v1/auth/cookie/refresh') {
        valid = true;
        return json(200, { success: true, data: {} });
      }
      if (call.path === '/api/v1/slow' && !valid) {
        await slow.promise;
        return json(401, {});
      }
      return valid ? json(200, {}) : json(401, {});
    });
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/dashboard' });
    const slowRequest = api.request({ method: 'GET', path: '/slow' });
    await api.request({ method: 'GET', path: '/fast' });
    slow.resolve();
    await slowRequest;
    expect(server.count('POST', '/api/v1/auth/cookie/refresh')).toBe(1);
  });

  it('on 419 fetches a new CSRF token and retries once', async () => {
    let tokens = 0;
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf(`tok-${++tokens}`);
      return call.headers.get('X-CSRF-Token') === 'tok-2' ? json(201, { done: true }) : json(419, { code: 'CSRF_TOKEN_INVALID' });
    });
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/dashboard' });

    const answer = await api.request<{ done: boolean }>({ method: 'POST', path: '/things', body: {} });

    expect(answer.data.done).toBe(true);
    expect(server.count('GET', '/api/v1/csrf/token')).toBe(2);
    expect(server.count('POST', '/api/v1/things')).toBe(2);
  });

  it('gives up after one 419 retry', async () => {
    const server = fakeFetch((call) => (call.path === '/api/v1/csrf/token' ? csrf() : json(419, {})));
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/dashboard' });
    await expect(api.request({ method: 'PUT', path: '/things/1', body: {} })).rejects.toMatchObject({ status: 419 });
    expect(server.count('PUT', '/api/v1/things/1')).toBe(2);
  });

  it('does nothing about a 401 while the user is on a public page', async () => {
    const server = fakeFetch(() => json(401, { code: 'SESSION_EXPIRED' }));
    const failed = jest.fn();
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/auth/verify-email', onRefreshFailed: failed });

    await expect(api.request({ method: 'GET', path: '/users' })).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(server.count('POST', '/api/v1/auth/cookie/refresh')).toBe(0);
    expect(failed).not.toHaveBeenCalled();
  });

  it('refreshes for a signed-in-only call made from a public page (reserving from a project page)', async () => {
    let sessionValid = false;
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf();
      if (call.path === '/api/v1/auth/cookie/refresh') {
        sessionValid = true;
        return json(200, { success: true, data: { expires_at: '2030-01-01T00:00:00Z' } });
      }
      return sessionValid ? json(201, { reservationId: 'r1' }) : json(401, { code: 'SESSION_EXPIRED' });
    });
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/projects/p1' });
    await expect(api.request({ method: 'POST', path: '/reservations', body: { unitId: 'u1' }, sessionRequired: true })).resolves.toMatchObject({ status: 201 });
    expect(server.count('POST', '/api/v1/auth/cookie/refresh')).toBe(1);
    expect(server.count('POST', '/api/v1/reservations')).toBe(2);
  });

  it('never refreshes for auth endpoints whose 401 is an answer (wrong password)', async () => {
    const server = fakeFetch((call) =>
      call.path === '/api/v1/csrf/token'
        ? csrf()
        : json(401, { code: 'INVALID_CREDENTIALS', message: 'Email o contraseña incorrectos.', severity: 'error', fieldErrors: [], actions: [] }),
    );
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/dashboard' });
    const error = await api.request({ method: 'POST', path: '/auth/cookie/login', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Email o contraseña incorrectos.');
    expect(server.count('POST', '/api/v1/auth/cookie/refresh')).toBe(0);
  });

  it('reports a refused refresh once for all concurrent requests and rejects them', async () => {
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf();
      return json(401, { code: 'SESSION_EXPIRED' });
    });
    const failed = jest.fn();
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/backoffice', onRefreshFailed: failed });

    const results = await Promise.allSettled([api.request({ method: 'GET', path: '/a' }), api.request({ method: 'GET', path: '/b' })]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(server.count('POST', '/api/v1/auth/cookie/refresh')).toBe(1);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('remembers the highest X-Event-Position and sends it as X-Min-Position on later GETs', async () => {
    const positions = ['41', '9007199254740993', '12'];
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf();
      if (call.method === 'POST') return json(200, {}, { 'X-Event-Position': positions.shift() ?? '0' });
      return json(200, {});
    });
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/backoffice' });

    await api.request({ method: 'GET', path: '/first' });
    await api.request({ method: 'POST', path: '/c1' });
    await api.request({ method: 'POST', path: '/c2' });
    await api.request({ method: 'POST', path: '/c3' });
    await api.request({ method: 'GET', path: '/list' });
    await api.request({ method: 'POST', path: '/c4' });

    const gets = server.calls.filter((c) => c.method === 'GET' && c.path !== '/api/v1/csrf/token');
    expect(gets[0].headers.get('X-Min-Position')).toBeNull();
    expect(gets[1].headers.get('X-Min-Position')).toBe('9007199254740993');
    expect(server.calls.find((c) => c.path === '/api/v1/c4')?.headers.get('X-Min-Position')).toBeNull();

    api.resetSessionState();
    await api.request({ method: 'GET', path: '/after-logout' });
    expect(server.calls.at(-1)?.headers.get('X-Min-Position')).toBeNull();
  });

  it('turns a network timeout into the Spanish timeout message', async () => {
    const fetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const api = createHttpApi({ fetch, timeoutMs: 20, currentPath: () => '/' });
    await expect(api.request({ method: 'GET', path: '/slow' })).rejects.toMatchObject({
      code: 'NETWORK_TIMEOUT',
      message: 'Tiempo de espera de red agotado - intenta de nuevo',
    });
  });

  it('reads the error object, and falls back to the catalogue when the body says nothing', async () => {
    const server = fakeFetch((call) => {
      if (call.path === '/api/v1/csrf/token') return csrf();
      if (call.path === '/api/v1/auth/register')
        return json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Algunos datos no son válidos. Revise el formulario.',
          severity: 'error',
          fieldErrors: [{ field: 'rut', code: 'INVALID_RUT' }],
          actions: [],
        });
      return new Response('Bad gateway', { status: 502 });
    });
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/register' });

    const validation = (await api.request({ method: 'POST', path: '/auth/register', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(validation.fieldErrors).toEqual([{ field: 'rut', code: 'INVALID_RUT', message: 'Por favor revise su RUT. El dígito verificador no es válido.' }]);

    const gateway = (await api.request({ method: 'GET', path: '/anything' }).catch((e: unknown) => e)) as ApiError;
    expect(gateway).toMatchObject({ status: 502, code: 'SERVER_ERROR', message: 'Error interno del sistema. Intente más tarde.' });
  });

  it('exposes response headers such as the ETag', async () => {
    const server = fakeFetch(() => json(200, { id: 'u1', rolesRevision: 3 }, { ETag: 'W/"3"' }));
    const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/backoffice' });
    const answer = await api.request({ method: 'GET', path: '/users/u1' });
    expect(answer.header('ETag')).toBe('W/"3"');
  });
});
