import type { NextFunction, Request, Response } from 'express';
import type { RouteDef } from './route';

interface Resource {
  readonly segments: readonly (string | null)[]; // null: a path parameter
  readonly methods: Set<string>;
}

const segmentsOf = (path: string): (string | null)[] =>
  path
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? null : s.toLowerCase()));

/** OpenAPI's precedence: where two paths match, the one with a literal segment earlier wins (`/images/bulk` over `/images/{imageId}`). */
const moreLiteral = (a: Resource, b: Resource): boolean => {
  for (let i = 0; i < a.segments.length; i++) if ((a.segments[i] === null) !== (b.segments[i] === null)) return a.segments[i] !== null;
  return false;
};

/**
 * The resource a path names, as the OpenAPI document declares it, and the methods it serves. A request with a
 * method the resource does not serve is answered 405 with `Allow` (RFC 9110), OPTIONS with the same `Allow`: not a
 * 404 that says the resource does not exist, nor the router's answer for another path that happens to match
 * (`DELETE /projects/x/images/bulk` is not `DELETE /projects/x/images/{imageId}`).
 */
export const allowedMethods = (routes: readonly RouteDef<any, any>[], refuse: (res: Response) => void) => {
  const byPath = new Map<string, Resource>();
  for (const r of routes) {
    const key = segmentsOf(r.path)
      .map((s) => s ?? ':')
      .join('/');
    const resource = byPath.get(key) ?? { segments: segmentsOf(r.path), methods: new Set<string>() };
    resource.methods.add(r.method.toUpperCase());
    byPath.set(key, resource);
  }
  const resources = [...byPath.values()];
  const resourceOf = (path: string): Resource | undefined => {
    const parts = path.split('/').slice(1);
    let best: Resource | undefined;
    for (const candidate of resources) {
      if (candidate.segments.length !== parts.length) continue;
      if (!candidate.segments.every((s, i) => (s === null ? parts[i] !== '' : s === parts[i].toLowerCase()))) continue;
      if (!best || moreLiteral(candidate, best)) best = candidate;
    }
    return best;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const resource = resourceOf(req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path);
    if (!resource) return next();
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (resource.methods.has(method)) return next();
    const allow = [...resource.methods, ...(resource.methods.has('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') return res.status(204).end();
    refuse(res);
  };
};
