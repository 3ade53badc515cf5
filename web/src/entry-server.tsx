import './shared/validation/zod-without-eval';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { AppProviders } from './app/App';
import { catalogSaga } from './features/catalog/sagas';
import { routes } from './app/router';
import { serverRenderedPage, type ServerRenderedPage } from './app/ssr/pages';
import { createAppStore, type AppStore, type PageState } from './app/store';
import type { ThemeEnvironment } from './features/theme/environment';
import { createHttpApi, type FetchLike } from './shared/api/http-adapter';
import { recordingApi, type RecordedAnswers } from './shared/api/preloaded-answers';
import { documentTitle } from './shared/hooks/useDocumentTitle';
import { createFirstReads } from './shared/kit/first-reads';
import type { AppServices } from './shared/store/services';

/**
 * The server's rendering of the public pages (built by `npm run build:web` into dist/web-ssr, loaded by
 * adapters/http/page-rendering.ts): the page's markup from the same components, fed by the same API over HTTP
 * (anonymously: never anyone's personal data), its styles, and the state and answers the browser hydrates from.
 */
export interface RenderedPage {
  readonly status: number;
  readonly title: string;
  /** The route's module, as the Vite manifest names it (preload hints). */
  readonly module: string;
  readonly html: string;
  readonly styles: string;
  readonly state: PageState;
  readonly answers: RecordedAnswers;
}

/** How long the page's reads may take before the browser is left to render it as before. */
const READS_TIMEOUT_MS = 3_000;

/** The server has no session, storage or theme preference: the page is drawn as an anonymous visitor sees it first. */
const serverTheme: ThemeEnvironment = {
  readStored: () => null,
  writeStored: () => undefined,
  systemMode: () => 'light',
  subscribeSystem: () => () => undefined,
  subscribeStored: () => () => undefined,
};

const notOnTheServer = new Proxy({} as Record<string, unknown>, {
  get: () => {
    throw new Error('Servicio del navegador usado al renderizar en el servidor');
  },
});

const settled = (store: AppStore, page: ServerRenderedPage): Promise<boolean> =>
  new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), READS_TIMEOUT_MS);
    const unsubscribe = store.subscribe(() => page.settled(store.getState()) && done(true));
    if (page.settled(store.getState())) done(true);
  });

/** React marks a Suspense boundary drawn as its fallback so: the page is not whole. */
const FALLBACK_MARK = '<!--$!-->';

/** Renders once for nothing but its waiting: lazy screens loaded, first reads answered; fails like the page would. */
const waitForEverything = async (page: ReactNode): Promise<void> => {
  const sheet = new ServerStyleSheet();
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(sheet.collectStyles(page), { onError: (error) => void errors.push(error) });
    await new Response(prelude).arrayBuffer();
  } finally {
    sheet.seal();
  }
  if (errors.length > 0) throw errors[0];
};

/** The page at `url` (absolute), or null when it is not one the server renders or its reads did not succeed. */
export async function renderPage(url: string, fetch: FetchLike): Promise<RenderedPage | null> {
  const location = new URL(url);
  const match = serverRenderedPage(location.pathname);
  if (!match) return null;
  const recorder = recordingApi(createHttpApi({ fetch, origin: location.origin, currentPath: () => location.pathname }));
  const services = { ...notOnTheServer, api: recorder.api, navigate: () => undefined, currentPath: () => location.pathname, now: () => Date.now() };
  const store = createAppStore({ services: services as unknown as AppServices, themeEnvironment: serverTheme, sagas: [catalogSaga] });

  for (const action of match.page.start(match.params, location.searchParams)) store.dispatch(action);
  if (!(await settled(store, match.page))) return null;
  const outcome = match.page.outcome(store.getState());
  if (!outcome.render) return null;

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location.href));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const firstReads = createFirstReads();
  const page = () => (
    <StrictMode>
      <AppProviders store={store} api={recorder.api} firstReads={firstReads}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // Twice: the first time waits for the screens' chunks and first reads (a streaming prerender would put the
  // content after its fallback, to be swapped in by inline scripts the CSP forbids); the second, with everything
  // at hand, writes the markup in place, styles collected.
  await waitForEverything(page());
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(page()));
    // A screen that failed, or still waited, is drawn as its boundary's fallback: the browser renders it instead.
    if (html.includes(FALLBACK_MARK)) throw new Error('La página quedó esperando al renderizarla en el servidor');
    // A read that failed while rendering (the home's texts): the browser shows the page as before, with its retry.
    if (outcome.status === 200 && recorder.failures() > 0) return null;
    const state = store.getState();
    return {
      status: outcome.status,
      title: documentTitle(match.page.title(state)),
      module: match.page.module,
      html,
      styles: sheet.getStyleTags(),
      state: { catalog: state.catalog, theme: state.theme },
      answers: recorder.answers(),
    };
  } finally {
    sheet.seal();
  }
}
