import { configureStore } from '@reduxjs/toolkit';
import { alertsEndpoints } from '../../contract/endpoints/alerts';
import { alertsApi } from '../../web/src/features/alerts/api/alerts-api';
import { notificationsApi } from '../../web/src/features/notifications/api/notifications-api';
import { requestFor } from '../../web/src/shared/api/endpoints';
import { ApiError } from '../../web/src/shared/api/errors';
import { createHttpApi } from '../../web/src/shared/api/http-adapter';
import { answerOf, platformApi } from '../../web/src/shared/api/platform-api';
import { fakeFetch, json } from './support/fake-fetch';

/** A store with only the platform's API, over the real HTTP adapter and a fake server. */
const storeOver = (answer: Parameters<typeof fakeFetch>[0]) => {
  const server = fakeFetch(answer);
  const api = createHttpApi({ fetch: server.fetch, currentPath: () => '/dashboard' });
  const store = configureStore({
    reducer: { [platformApi.reducerPath]: platformApi.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }).concat(platformApi.middleware),
  });
  return { server, store };
};

describe('the web API client built from the contract', () => {
  it('a request takes method and path from the contract entry, each path parameter encoded', () => {
    expect(requestFor(alertsEndpoints.deleteAlertsById, { params: { id: 'a/b c' } })).toEqual({ method: 'DELETE', path: '/alerts/a%2Fb%20c' });
    expect(requestFor(alertsEndpoints.postAlerts, { body: { projectId: 'p1' } }, { sessionRequired: true })).toEqual({
      method: 'POST',
      path: '/alerts',
      body: { projectId: 'p1' },
      sessionRequired: true,
    });
  });

  it('reads through the API port, and a write asks again for the reads it invalidates (read-your-writes position sent)', async () => {
    let alerts = [{ id: 'a1' }, { id: 'a2' }];
    const { server, store } = storeOver((call) => {
      if (call.path === '/api/v1/csrf/token') return json(200, { csrfToken: 't' });
      if (call.method === 'DELETE') {
        alerts = alerts.filter((a) => `/api/v1/alerts/${a.id}` !== call.path);
        return json(200, { id: 'a1', removed: true }, { 'X-Event-Position': '42' });
      }
      return json(200, { items: alerts, total: alerts.length });
    });
    const read = store.dispatch(alertsApi.endpoints.myAlerts.initiate());
    expect((await read).data).toEqual({ items: [{ id: 'a1' }, { id: 'a2' }], total: 2 });

    await answerOf(store.dispatch(alertsApi.endpoints.removeAlert.initiate({ params: { id: 'a1' } })));
    await new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        if (alertsApi.endpoints.myAlerts.select()(store.getState()).data?.total !== 1) return;
        stop();
        resolve();
      });
    });
    const reads = server.calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/alerts/mine');
    expect(reads).toHaveLength(2);
    expect(reads[1].headers.get('X-Min-Position')).toBe('42');
    read.unsubscribe();
  });

  it('a refused write rejects with the ApiError the port throws, in Spanish; a failed read keeps the error object', async () => {
    const { store } = storeOver((call) => {
      if (call.path === '/api/v1/csrf/token') return json(200, { csrfToken: 't' });
      return json(404, { code: 'NOT_FOUND' });
    });
    const refusal = await answerOf(store.dispatch(notificationsApi.endpoints.markRead.initiate({ params: { id: 'n1' } }))).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' });
    const read = await store.dispatch(notificationsApi.endpoints.myNotifications.initiate({ query: {} }));
    expect(read.error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' });
  });
});
