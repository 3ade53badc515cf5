import { at } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** What search engines read: a real robots.txt and a sitemap of the public pages and the enabled projects. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
};

it('robots.txt lets the public site be crawled, keeps the signed-in areas and the API out, and names the sitemap', async () => {
  const robots = await text('/robots.txt');
  expect(robots.status).toBe(200);
  expect(robots.type).toMatch(/^text\/plain/);
  expect(robots.body).toContain('User-agent: *');
  for (const area of ['/api/', '/backoffice', '/dashboard', '/company-portal']) expect(robots.body).toContain(`Disallow: ${area}`);
  expect(robots.body).toMatch(/\nSitemap: https?:\/\/[^\s/]+\/sitemap\.xml\n$/);
});

it('sitemap.xml lists the public pages and every enabled project, and drops a project once disabled', async () => {
  const admin = app.client();
  await admin.login('admin@demo.cl');
  const base = /Sitemap: (\S+)\/sitemap\.xml/.exec((await text('/robots.txt')).body)![1];
  const sitemap = await text('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  expect(sitemap.type).toMatch(/^application\/xml/);
  expect(sitemap.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  expect(sitemap.body).toContain(`<loc>${base}/</loc>`);
  expect(sitemap.body).toContain(`<loc>${base}/projects/parque-nunoa</loc>`);
  const total = (await app.client().get('/api/v1/projects?limit=1')).body.total;
  expect(sitemap.body.match(/<loc>[^<]*\/projects\/[^<]+<\/loc>/g)).toHaveLength(total);

  const disabled = await admin.post('/api/v1/projects/parque-nunoa/disable', { reason: 'Revisión de precios' });
  expect(disabled.status).toBeLessThan(300);
  await app.client().get('/api/v1/projects?limit=1', at(disabled));
  expect((await text('/sitemap.xml')).body).not.toContain('/projects/parque-nunoa<');
});
