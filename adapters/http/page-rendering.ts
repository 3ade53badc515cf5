import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';

/**
 * The public pages (/, /projects, /projects/:id) answered with their content in the HTML: what a search engine or a
 * link shared on WhatsApp reads, and what a phone paints before any JavaScript has run. The rendering is the web
 * app's own (web/src/entry-server.tsx), built by `npm run build:web` into dist/web-ssr beside dist/web and loaded
 * here as that built file, never as web/ source: the server does not depend on the web's code (eslint's zones keep
 * web/ and the server apart), only on its build, as it already serves dist/web. The rendering reads the API over
 * HTTP on this server's own address, anonymously, like any visitor's browser.
 *
 * The HTML also names the route's chunk as module preloads (from the Vite manifest), so the browser fetches it
 * with the entry instead of after it, and carries the page's state and API answers (a JSON data block: the CSP
 * allows no inline script) for the browser to hydrate from without asking the API again.
 */

/** What dist/web-ssr/entry-server.cjs exports (web/src/entry-server.tsx's RenderedPage, restated: no import of web/). */
interface RenderedPage {
  readonly status: number;
  readonly title: string;
  readonly module: string;
  readonly html: string;
  readonly styles: string;
  readonly state: unknown;
  readonly answers: unknown;
}

interface ServerRendering {
  renderPage(url: string, fetch: (url: string, init: RequestInit) => Promise<Response>): Promise<RenderedPage | null>;
}

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
}

/** The id the browser reads the page's state from (web/src/main.tsx). */
export const PAGE_STATE_ID = 'page-state';

/** Paths whose page the server renders (the rendering itself says no to anything else). */
const RENDERED = /^\/(projects(\/[^/]+)?)?$/;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** JSON inside <script>: no "</script>" or "<!--" can end or bend the block. */
const jsonInHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The files a route's chunk statically imports, itself first, as the manifest lists them. */
export const chunkFiles = (manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen))];
};

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;

/**
 * The picture the page asks the browser to fetch first (`fetchPriority="high"`: a project's cover, its largest
 * paint on a phone), as a preload ahead of the scripts: otherwise it queues behind them on the connection.
 */
export const heroImagePreload = (html: string): string => {
  const tag = /<img\s[^>]*fetchPriority="high"[^>]*>/i.exec(html)?.[0];
  const src = tag ? attribute(tag, 'src') : null;
  if (!tag || !src) return '';
  const srcset = attribute(tag, 'srcSet');
  const sizes = attribute(tag, 'sizes');
  return `<link rel="preload" as="image" fetchpriority="high" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''}>`;
};

/** The built index.html with the rendered page in it. */
export const pageHtml = (template: string, page: RenderedPage, preloads: readonly string[]): string => {
  const links = preloads
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return template
    .replace(/<title>[^<]*<\/title>/, `${heroImagePreload(page.html)}<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `${links}${page.styles}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`)
    .replace('</body>', `<script type="application/json" id="${PAGE_STATE_ID}">${jsonInHtml({ state: page.state, answers: page.answers })}</script></body>`);
};

const readJson = <T>(file: string): T | null => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
};

/**
 * The page renderer for dist/web (its rendering in ../web-ssr), or null when that build is absent (a test's web
 * folder, a build without it): the server then answers index.html as before, and the browser renders the page.
 */
export const pageRenderer = (dist: string, log: (msg: string, err?: unknown) => void) => {
  const entry = path.join(path.dirname(dist), 'web-ssr', 'entry-server.cjs');
  if (!fs.existsSync(entry)) return null;
  let loaded: { rendering: ServerRendering; template: string; manifest: Record<string, ManifestChunk> } | null = null;
  const load = () =>
    (loaded ??= {
      // A built artefact, required by path at the first rendered page (not at start-up: it is the whole web app).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      rendering: require(entry) as ServerRendering,
      template: fs.readFileSync(path.join(dist, 'index.html'), 'utf8'),
      manifest: readJson<Record<string, ManifestChunk>>(path.join(dist, '.vite', 'manifest.json')) ?? {},
    });

  /** The page's HTML and status, or null to answer index.html as before (not a rendered path, or it failed). */
  return async (req: Request): Promise<{ status: number; html: string } | null> => {
    if (!RENDERED.test(req.path) || !req.accepts('html')) return null;
    try {
      const { rendering, template, manifest } = load();
      const address = req.socket.localAddress ?? '127.0.0.1';
      const host = address.includes(':') && !address.startsWith('::ffff:') ? `[${address}]` : address.replace(/^::ffff:/, '');
      const origin = `http://${host}:${req.socket.localPort}`;
      const page = await rendering.renderPage(`${origin}${req.originalUrl}`, (url, init) => fetch(url, init));
      if (!page) return null;
      return { status: page.status, html: pageHtml(template, page, chunkFiles(manifest, page.module)) };
    } catch (error) {
      log('server rendering failed', error);
      return null;
    }
  };
};
