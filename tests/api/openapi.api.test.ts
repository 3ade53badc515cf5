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
