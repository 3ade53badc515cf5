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

/**
 * Files of the web that still write an API path by hand (`api.request({ path: '/...' })`) instead of calling a
 * contract entry (web/src/shared/api/endpoints.ts, platform-api.ts). The list only shrinks: a new file writing
 * a path fails, and so does a listed file that no longer does (take it off).
 */
const HAND_WRITTEN_PATHS = [
  'features/analytics/api/analytics-api.ts',
  'features/audit/api/payments-ledger-api.ts',
  'features/catalog-admin/api/catalog-admin-api.ts',
  'features/catalog-media/api/catalog-media-api.ts',
  'features/catalog/api/catalog-api.ts',
  'features/commercial/api/commercial-api.ts',
  'features/companies/api/companies-api.ts',
  'features/company-registration/api/registration-api.ts',
  'features/contact/api/contact-api.ts',
  'features/documents/api/documents-api.ts',
  'features/email-admin/api/email-api.ts',
  'features/financial-parameters/api/parameters-api.ts',
  'features/financial-parameters/pages/FinancialParametersPage.tsx',
  'features/leads/api/leads-api.ts',
  'features/leads/pages/LeadsPage.tsx',
  'features/mailbox/api/mailbox-api.ts',
  'features/profile/api/my-data-api.ts',
  'features/profile/api/profile-api.ts',
  'features/public-site/api/content-api.ts',
  'features/quotes/api/quotes-api.ts',
  'features/reservations/api/reservations-api.ts',
  'features/role-history/api/role-history-api.ts',
  'features/session/api/session-api.ts',
  'features/site-content/components/SectionEditor.tsx',
  'features/site-content/pages/LegalDocumentsAdminPage.tsx',
  'features/site-content/pages/SiteContentPage.tsx',
  'features/users/api/users-api.ts',
  'shared/kit/HistoryTab.tsx',
];

const WEB_SRC = path.join(REPO, 'web/src');
const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : []));
/** A request through the port whose path is a literal of the file's own. */
const writesApiPath = (source: string) => /\.(request|upload)(<|\()/.test(source) && /path: ['`]/.test(source);

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

  it('the web builds its API requests from the contract: no new file writes a path of its own', () => {
    const writing = sourceFiles(WEB_SRC)
      .filter((file) => writesApiPath(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(WEB_SRC, file))
      .sort();
    expect(writing).toEqual([...HAND_WRITTEN_PATHS].sort());
  });
});
