import { sessionExtended } from '../features/session/slice';
import { browserThemeEnvironment } from '../features/theme/dom-environment';
import { createHttpApi } from '../shared/api/http-adapter';
import type { ApiPort } from '../shared/api/port';
import { withPreloadedAnswers, type RecordedAnswers } from '../shared/api/preloaded-answers';
import { createFirstReads, type FirstReads } from '../shared/kit/first-reads';
import { createSessionExpiryHandler } from '../shared/api/session-expiry';
import { parseExpiresAt } from '../shared/auth/session-mapping';
import { browserActivitySource } from '../shared/browser/dom-activity';
import { createBrowserCrossTabChannel } from '../shared/browser/dom-cross-tab';
import { browserPaymentRedirect } from '../shared/browser/dom-payment-redirect';
import { nextTask } from '../shared/browser/next-task';
import { browserSessionPersistence } from '../shared/browser/dom-session-persistence';
import { sessionExpired, toastRequested } from '../shared/events';
import type { AppServices } from '../shared/store/services';
import { createAppRouter, type AppRouter } from './router';
import { createAppStore, type AppStore, type PageState } from './store';

/** What a server-rendered page carries for the browser (adapters/http/page-rendering.ts writes it). */
export interface ServerRenderedState {
  readonly state: PageState;
  readonly answers: RecordedAnswers;
}

/**
 * Composition root of the browser app: the HTTP adapter, the session-expiry handler, browser
 * services, the router and the store, wired to each other once. The router and the store (whose sagas start
 * with it) are built in tasks of their own (`pause` between them): on a slow phone neither waits on the other.
 */
export async function bootstrap(
  page: ServerRenderedState | null = null,
  pause: () => Promise<void> = nextTask,
): Promise<{ store: AppStore; router: AppRouter; api: ApiPort; firstReads: FirstReads | null }> {
  // The expiry handler and the adapter need the store and router, which need them: bound late.
  let store: AppStore | null = null;
  let router: AppRouter | null = null;

  const sessionExpiry = createSessionExpiryHandler({
    clearLocalSession: (reason) => store?.dispatch(sessionExpired({ reason })),
    notify: (message) => store?.dispatch(toastRequested({ kind: 'error', message })),
    redirect: (path) => void router?.navigate(path, { replace: true }),
  });

  const http = createHttpApi({
    fetch: (url, init) => window.fetch(url, init),
    currentPath: () => window.location.pathname,
    onRefreshFailed: () => sessionExpiry.handle('refresh-failed'),
    onSessionRefreshed: (expiresAt) => store?.dispatch(sessionExtended({ expiresAt: parseExpiresAt(expiresAt, Date.now()) })),
  });

  // A server-rendered page: its first reads are answered from the page (no second round trip), until the visitor navigates.
  const api = page ? withPreloadedAnswers(http, page.answers) : http;
  const firstReads = page ? createFirstReads() : null;
  router = createAppRouter();
  if (firstReads) {
    const stop = router.subscribe(() => {
      firstReads.close();
      stop();
    });
  }

  await pause();
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

  store = createAppStore({ services, themeEnvironment: browserThemeEnvironment(), preloaded: page?.state });
  return { store, router, api, firstReads };
}
