import fs from 'node:fs';
import path from 'node:path';
import { allRoutes } from '../../adapters/http/app';
import type { HttpDeps } from '../../adapters/http/deps';
import type { Endpoint } from '../../contract/endpoint';

/**
 * Endpoints are declared once (contract/endpoints/): the server serves each entry with exactly one route, taking
 * its method and path from it, and serves nothing the contract does not declare; so the web, which builds its
 * requests from the same entries, cannot ask for a path or method the server does not have.
 */
const REPO = path.resolve(__dirname, '../..');
const CONTRACT_DIR = path.join(REPO, 'contract/endpoints');

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && typeof (value as Endpoint).method === 'string' && typeof (value as Endpoint).path === 'string';

/** Every entry of every `<area>Endpoints` map, by its name in the contract (`alertsEndpoints.getAlertsMine`). */
const contractEntries = async (): Promise<Map<Endpoint, string>> => {
  const entries = new Map<Endpoint, string>();
  for (const file of fs.readdirSync(CONTRACT_DIR).filter((f) => f.endsWith('.ts'))) {
    const exports = (await import(path.join(CONTRACT_DIR, file))) as Record<string, Record<string, unknown>>;
    for (const [mapName, map] of Object.entries(exports))
      for (const [name, value] of Object.entries(map)) if (isEndpoint(value) && !entries.has(value)) entries.set(value, `${mapName}.${name}`);
  }
  return entries;
};

describe('endpoints declared once', () => {
  let entries: Map<Endpoint, string>;
  const routes = allRoutes({} as HttpDeps);
  beforeAll(async () => {
    entries = await contractEntries();
  });

  it('finds the contract', () => {
    expect(entries.size).toBeGreaterThan(150);
  });

  it('every server route serves a contract entry, with its method, path and schemas', () => {
    const strays = routes.filter((r) => !entries.has(r.endpoint)).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(strays).toEqual([]);
    const differing = routes
      .filter(
        (r) =>
          r.method !== r.endpoint.method ||
          r.path !== r.endpoint.path ||
          r.body !== r.endpoint.body ||
          r.query !== r.endpoint.query ||
          r.response !== r.endpoint.response,
      )
      .map((r) => entries.get(r.endpoint));
    expect(differing).toEqual([]);
  });

  it('every contract entry is served by exactly one route', () => {
    const served = new Map<Endpoint, number>();
    for (const r of routes) served.set(r.endpoint, (served.get(r.endpoint) ?? 0) + 1);
    const wrong = [...entries].filter(([e]) => served.get(e) !== 1).map(([e, name]) => `${name}: ${served.get(e) ?? 0} routes`);
    expect(wrong).toEqual([]);
  });

  it('no two entries declare the same method and path', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [e, name] of entries) {
      const key = `${e.method} ${e.path}`;
      if (seen.has(key)) twice.push(`${seen.get(key)} and ${name}: ${key}`);
      seen.set(key, name);
    }
    expect(twice).toEqual([]);
  });
});
