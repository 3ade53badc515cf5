import fs from 'node:fs';
import path from 'node:path';
import type express from 'express';
import type { Request, Response } from 'express';
import { pageRenderer } from './page-rendering';

/**
 * The built React app (dist/web: two folders up from adapters/http and from the compiled dist/server alike):
 * files pre-compressed at build time (`.br`, `.gz` beside each, written by web/vite.config.ts) served with the encoding the browser accepts; hashed files cached for a year as
 * immutable, index.html revalidated on every visit (it names the hashed files of the current deploy);
 * client-side routes answered with index.html.
 */

/** Vite writes only content-hashed names under assets/: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Files outside assets/ without a hash (robots.txt, favicon): cached briefly. */
const SHORT = 'public, max-age=3600';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings the request accepts (q=0 refuses one), by the server's preference: brotli, then gzip. */
export const acceptedEncodings = (header: string | undefined): ('br' | 'gzip')[] => {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const allows = (name: string) => (accepted.has(name) ? accepted.get(name)! > 0 : (accepted.get('*') ?? 0) > 0);
  return ENCODINGS.filter((e) => allows(e.name)).map((e) => e.name);
};

const cacheControlFor = (relative: string) => (relative === 'index.html' ? REVALIDATE : relative.startsWith('assets/') ? IMMUTABLE : SHORT);

const isFile = (file: string) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** What the browser app reads at run time (GET /app-config.json): the project page's map tiles. */
export interface WebAppConfig {
  readonly map: { readonly tileUrl: string; readonly attribution: string };
}

/** The origin a tile URL template loads from, as a CSP source ({s} subdomains become a wildcard). */
const tileSource = (tileUrl: string): string | null => {
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(tileUrl.trim())?.[1];
  if (!origin) return null;
  const source = origin.replace(/\{s\}/g, '*');
  return /^https?:\/\/[A-Za-z0-9.*:[\]-]+$/.test(source) ? source : null;
};

/** Adds a source to the policy's img-src (helmet wrote the policy; the map's tiles are images). */
const allowImagesFrom = (policy: string, source: string): string =>
  policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('img-src ') && !directive.includes(` ${source}`) ? `${directive.trimEnd()} ${source}` : directive))
    .join(';');

export const serveWebApp = (app: express.Express, webDist?: string, config?: WebAppConfig, log: (msg: string, err?: unknown) => void = () => undefined) => {
  const dist = path.resolve(webDist ?? path.resolve(__dirname, '../../dist/web'));
  const index = path.join(dist, 'index.html');
  const renderPage = pageRenderer(dist, log);
  const tiles = config ? tileSource(config.map.tileUrl) : null;

  // Read by the project page's map when it opens (the only screen that needs it), never cached for long:
  // the tile server is deployment configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION).
  app.get('/app-config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(config ?? null);
  });

  const send = (req: Request, res: Response, file: string) => {
    const relative = path.relative(dist, file).split(path.sep).join('/');
    res.setHeader('Cache-Control', cacheControlFor(relative));
    const policy = res.getHeader('Content-Security-Policy');
    if (tiles && relative === 'index.html' && typeof policy === 'string') res.setHeader('Content-Security-Policy', allowImagesFrom(policy, tiles));
    res.setHeader('Vary', 'Accept-Encoding');
    // The type is the original file's, whichever encoding travels (sendFile keeps a type already set).
    res.type(path.extname(file));
    const encoding = acceptedEncodings(req.get('accept-encoding'))
      .map((name) => ENCODINGS.find((e) => e.name === name)!)
      .find((e) => isFile(file + e.suffix));
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    res.sendFile(encoding ? file + encoding.suffix : file, { lastModified: true, etag: true, acceptRanges: !encoding, cacheControl: false }, (error) => {
      // A client gone mid-transfer or a file removed by a deploy meanwhile: nothing more to say.
      if (error && !res.headersSent) res.status(404).type('text/plain').send('Archivo no encontrado.');
    });
  };

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(dist, pathname);
    // Never outside dist, never a hidden path (.vite/manifest.json), never the compressed copies by name, never a directory.
    if (!file.startsWith(dist + path.sep) || pathname.split('/').some((part) => part.startsWith('.')) || /\.(br|gz)$/.test(file) || !isFile(file))
      return next();
    send(req, res, file);
  });

  app.get(/.*/, async (req, res) => {
    // A hashed file of an older deploy is gone: say so, rather than answer HTML where a script is expected.
    if (req.path.startsWith('/assets/')) return res.status(404).type('text/plain').send('Archivo no encontrado.');
    const page = renderPage ? await renderPage(req) : null;
    if (page) {
      res.setHeader('Cache-Control', REVALIDATE);
      const policy = res.getHeader('Content-Security-Policy');
      if (tiles && typeof policy === 'string') res.setHeader('Content-Security-Policy', allowImagesFrom(policy, tiles));
      return res.status(page.status).type('html').send(page.html);
    }
    if (isFile(index)) return send(req, res, index);
    res.status(503).type('text/plain').send('La aplicación web no está compilada: ejecute `npm run build:web`.');
  });
};
