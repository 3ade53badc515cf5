import type express from 'express';
import type { Request } from 'express';
import { listCatalog } from '../../read-models/catalog/catalog.queries';
import type { HttpDeps } from './deps';
import { localOriginOf } from './request-origin';

/**
 * What search engines read first: robots.txt (the public site may be crawled, the signed-in areas and the API
 * not) and a sitemap of the public pages and every enabled project (the catalogue lists only those).
 */

const PRIVATE_AREAS = ['/api/', '/backoffice', '/dashboard', '/company-portal', '/auth/'];
const PUBLIC_PAGES = ['/', '/projects', '/contact', '/terms', '/privacy', '/company-registration'];
const PAGE_SIZE = 100;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The site's own address: PUBLIC_URL when given, else the address this machine was reached by (as mail links do). */
const siteBase = (deps: HttpDeps, req: Request): string =>
  (deps.config.publicUrlGiven ? deps.config.publicUrl : (localOriginOf(req) ?? deps.config.publicUrl)).replace(/\/+$/, '');

/** Every enabled project's id, page by page through the catalogue. */
const enabledProjectIds = async (deps: HttpDeps): Promise<string[]> => {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = JSON.parse((await listCatalog(deps.catalogIndex, { sort: 'name', limit: PAGE_SIZE, cursor }, deps.clock.now())).text) as {
      items: { id: string }[];
      nextCursor: string | null;
    };
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
};

export const serveDiscoveryFiles = (app: express.Express, deps: HttpDeps): void => {
  app.get('/robots.txt', (req, res) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_AREAS.map((p) => `Disallow: ${p}`), `Sitemap: ${siteBase(deps, req)}/sitemap.xml`];
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`${lines.join('\n')}\n`);
  });
  app.get('/sitemap.xml', async (req, res) => {
    const base = siteBase(deps, req);
    const paths = [...PUBLIC_PAGES, ...(await enabledProjectIds(deps)).map((id) => `/projects/${encodeURIComponent(id)}`)];
    const urls = paths.map((p) => `  <url><loc>${escapeXml(base + p)}</loc></url>`).join('\n');
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
};
