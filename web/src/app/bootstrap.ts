import { sessionExtended } from '../features/session/slice';
import { browserThemeEnvironment } from '../features/theme/dom-environment';
import { createHttpApi } from '../shared/api/http-adapter';
import type { ApiPort } from '../shared/api/port';
import { createSessionExpiryHandler } from '../shared/api/session-expiry';
import { parseExpiresAt } from '../shared/auth/session-mapping';
import { browserActivitySource } from '../shared/browser/dom-activity';
import { createBrowserCrossTabChannel } from '../shared/browser/dom-cross-tab';
import { browserPaymentRedirect } from '../shared/browser/dom-payment-redirect';
import { browserSessionPersistence } from '../shared/browser/dom-session-persistence';
import { sessionExpired, toastRequested } from '../shared/events';
import type { AppServices } from '../shared/store/services';
import { createAppRouter, type AppRouter } from './router';
import { createAppStore, type AppStore } from './store';

/**
 * Composition root of the browser app: the HTTP adapter, the session-expiry handler, browser
 * services, the router and the store, wired to each other once.
 */
export function bootstrap(): { store: AppStore; router: AppRouter; api: ApiPort } {
  // The expiry handler and the adapter need the store and router, which need them: bound late.
  let store: AppStore | null = null;
  let router: AppRouter | null = null;

  const sessionExpiry = createSessionExpiryHandler({
    clearLocalSession: (reason) => store?.dispatch(sessionExpired({ reason })),
    notify: (message) => store?.dispatch(toastRequested({ kind: 'error', message })),
    redirect: (path) => void router?.navigate(path, { replace: true }),
  });

  const api = createHttpApi({
    fetch: (url, init) => window.fetch(url, init),
    currentPath: () => window.location.pathname,
    onRefreshFailed: () => sessionExpiry.handle('refresh-failed'),
    onSessionRefreshed: (expiresAt) => store?.dispatch(sessionExtended({ expiresAt: parseExpiresAt(expiresAt, Date.now()) })),
  });

  router = createAppRouter();

  const services: AppServices = {
    api,
    navigate: (to, options) => void router?.navigate(to, options),
    currentPath: () => window.location.pathname,
    now: () => Date.now(),
    sessionPersistence: browserSessionPersistence(),
    sessionExpiry,
    crossTab: createBrowserCrossTabChannel(),
    activity: browserActivitySource(),
    redirectToGateway: browserPaymentRedirect(),
  };

  store = createAppStore({ services, themeEnvironment: browserThemeEnvironment() });
  return { store, router, api };
}
