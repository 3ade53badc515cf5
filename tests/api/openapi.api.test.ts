import fs from 'node:fs';
import path from 'node:path';
import { allRoutes, API_PREFIX } from '../../adapters/http/app';
import type { HttpDeps } from '../../adapters/http/deps';
import { buildOpenApi } from '../../adapters/http/openapi';
import { startTestApp, type TestApp } from '../support/test-app';

describe('OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  });
  afterAll(() => app.stop());

  it('is served by the app and documents every route with its access rule', async () => {
    const res = await app.client().get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const r of allRoutes({} as HttpDeps)) {
      const op = res.body.paths[`${API_PREFIX}${r.path.replace(/:(\w+)/g, '{$1}')}`]?.[r.method];
      expect([r.path, op?.description]).toEqual([r.path, `Access: ${r.access}`]);
    }
    expect(res.body.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('rut');
  });

  it('every route declares what it answers: a contract response schema, or the media type of a file, page or redirect', () => {
    const undeclared = allRoutes({} as HttpDeps)
      .filter((r) => !r.response && !r.produces)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undeclared).toEqual([]);
  });

  it('declares the 404 of every path naming a resource and the media types a template is answered in', async () => {
    const { body } = await app.client().get('/api/v1/openapi.json');
    const paramRoutes = allRoutes({} as HttpDeps).filter((r) => r.path.includes(':'));
    const without404 = paramRoutes.filter((r) => !body.paths[`${API_PREFIX}${r.path.replace(/:(\w+)/g, '{$1}')}`][r.method].responses['404']);
    expect(without404.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    for (const templatePath of ['/api/v1/project-imports/template', '/api/v1/companies/{id}/collaborators/import-template'])
      expect(Object.keys(body.paths[templatePath].get.responses['200'].content).sort()).toEqual([
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/csv',
      ]);
    const admin = await app.signedIn('admin@demo.cl');
    const csv = await admin.bytes('/api/v1/project-imports/template?format=csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  });

  it('answers a method a resource does not serve with 405 and Allow, and OPTIONS with the same Allow', async () => {
    const methods = async (method: string, path: string) => {
      const res = await fetch(`${app.url}${path}`, { method });
      return { status: res.status, allow: res.headers.get('allow'), code: res.status === 405 ? ((await res.json()) as { code: string }).code : undefined };
    };
    expect(await methods('PUT', '/api/v1/health')).toEqual({ status: 405, allow: 'GET, HEAD, OPTIONS', code: 'METHOD_NOT_ALLOWED' });
    expect(await methods('DELETE', '/api/v1/projects')).toMatchObject({ status: 405, allow: 'GET, POST, HEAD, OPTIONS' });
    // The literal path wins over a parameter at the same place, as in the OpenAPI document.
    expect(await methods('DELETE', '/api/v1/projects/p1/images/bulk')).toMatchObject({ status: 405, allow: 'POST, OPTIONS' });
    expect(await methods('OPTIONS', '/api/v1/projects/p1/images/bulk')).toEqual({ status: 204, allow: 'POST, OPTIONS', code: undefined });
    // Refused before its body is read: a body the JSON parser would refuse does not turn it into a 400.
    const withBody = await fetch(`${app.url}/api/v1/auth/cookie/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: 'null' });
    expect([withBody.status, withBody.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    expect((await methods('GET', '/api/v1/no-such-thing')).status).toBe(404);
    expect((await methods('HEAD', '/api/v1/health')).status).toBe(200);
  });

  it('docs/openapi.json is up to date (run `npm run openapi` after changing routes)', () => {
    const committed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../docs/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApi(allRoutes({} as HttpDeps), API_PREFIX))));
  });
});

describe('health', () => {
  it('answers 200 "ready" with the mode for load balancers and docker compose', async () => {
    const app = await startTestApp({ DEMO_SEED: 'false' });
    try {
      const res = await app.client().get('/api/v1/health');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ready', mode: expect.stringMatching(/embedded|distributed/), readPosition: expect.any(Number) });
    } finally {
      await app.stop();
    }
  });
});
