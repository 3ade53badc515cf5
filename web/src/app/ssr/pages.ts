import type { UnknownAction } from '@reduxjs/toolkit';
import { matchPath } from 'react-router-dom';
import { FEATURED_ON_HOME } from '../../features/catalog/components/FeaturedProjects';
import { readExploreQuery } from '../../features/catalog/explore-query';
import { exploreQueryChanged, featuredRequested, filterOptionsRequested, projectOpened } from '../../features/catalog/slice';
import type { rootReducer } from '../store';

/** The buyers' slices: the back office's are never on a public page. */
type RootState = ReturnType<typeof rootReducer>;

type Params = Readonly<Record<string, string | undefined>>;

/** How a page's reads went: render it (with its HTTP status), or leave it to the browser as before. */
export type PageOutcome = { render: true; status: number } | { render: false };

/**
 * The public pages the server answers with their content in the HTML (search engines, a link shared on WhatsApp,
 * and a phone's first paint without waiting for JavaScript). Each names what its screens dispatch when they
 * mount (the server runs no effects), when those reads are over, and its route's chunk for a preload hint.
 */
export interface ServerRenderedPage {
  readonly pattern: string;
  /** The route's module (the Vite manifest's key), preloaded with the entry. */
  readonly module: string;
  readonly start: (params: Params, search: URLSearchParams) => UnknownAction[];
  readonly settled: (state: RootState) => boolean;
  readonly outcome: (state: RootState) => PageOutcome;
  readonly title: (state: RootState) => string;
}

const loaded = (...statuses: string[]): PageOutcome => (statuses.every((s) => s === 'loaded') ? { render: true, status: 200 } : { render: false });

export const SERVER_RENDERED_PAGES: readonly ServerRenderedPage[] = [
  {
    pattern: '/',
    module: 'src/app/pages/LandingPage.tsx',
    start: () => [featuredRequested({ limit: FEATURED_ON_HOME })],
    settled: (s) => s.catalog.featured.status !== 'loading',
    outcome: (s) => loaded(s.catalog.featured.status),
    title: () => '',
  },
  {
    pattern: '/projects',
    module: 'src/app/routes/ExploreRoute.tsx',
    start: (_params, search) => [filterOptionsRequested(), exploreQueryChanged(readExploreQuery(search))],
    settled: (s) => s.catalog.explore.status !== 'loading' && s.catalog.filterOptions.status !== 'loading',
    outcome: (s) => loaded(s.catalog.explore.status, s.catalog.filterOptions.status),
    title: () => 'Proyectos',
  },
  {
    pattern: '/projects/:projectId',
    module: 'src/app/routes/ProjectDetailsRoute.tsx',
    start: (params) => [projectOpened({ projectId: params.projectId ?? '' })],
    settled: (s) => s.catalog.project.status !== 'loading' && s.catalog.units.status !== 'loading',
    // A project that does not exist (or is not published) is a 404 to a crawler too, with the page's own message.
    outcome: (s) =>
      s.catalog.project.status === 'failed' && s.catalog.project.error?.code === 'NOT_FOUND'
        ? { render: true, status: 404 }
        : loaded(s.catalog.project.status, s.catalog.units.status),
    title: (s) => s.catalog.project.detail?.name ?? 'Proyecto',
  },
];

/** The server-rendered page a path is, with its parameters. */
export const serverRenderedPage = (pathname: string): { page: ServerRenderedPage; params: Params } | null => {
  for (const page of SERVER_RENDERED_PAGES) {
    const match = matchPath(page.pattern, pathname);
    if (match) return { page, params: match.params };
  }
  return null;
};
