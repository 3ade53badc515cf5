import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { acceptedEncodings } from '../../adapters/http/static-assets';
import { startTestApp, type TestApp } from '../support/test-app';
import { appAndBrowser, describeInBrowser, networkQuiet, newPage } from './support/browser';

/**
 * The built web app over real HTTP (run after `npm run build:web`): compressed by what the browser accepts,
 * cached for a year when the name is hashed, revalidated for index.html; and a buyer's first visit
 * downloads neither the back office nor the company portal.
 */
const DIST = path.resolve(__dirname, '../../dist/web');

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** node:http, not fetch: fetch decompresses on its own and hides what travelled. */
const get = (url: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/** The entry script index.html names: a hashed file under /assets/. */
const entryScript = () => /src="(\/assets\/index-[^"]+\.js)"/.exec(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'))![1];

describe('web assets over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('serves a hashed script brotli-compressed to a browser that accepts br, cached as immutable', async () => {
    const script = entryScript();
    const raw = fs.readFileSync(path.join(DIST, script));
    const answer = await get(`${app.url}${script}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.length).toBeLessThan(raw.length);
    expect(zlib.brotliDecompressSync(answer.body).equals(raw)).toBe(true);
  });

  it('serves gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const script = entryScript();
    const raw = fs.readFileSync(path.join(DIST, script));
    const gzip = await get(`${app.url}${script}`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(raw)).toBe(true);

    const plain = await get(`${app.url}${script}`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, for / and for every client-side route, is compressed and revalidated on each visit', async () => {
    for (const route of ['/', '/projects', '/backoffice/users']) {
      const answer = await get(`${app.url}${route}`, { 'Accept-Encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(answer.body).toString('utf8')).toContain('<div id="root">');
    }
  });

  it('answers 404 for a hashed file that does not exist, and never serves the build manifest', async () => {
    expect((await get(`${app.url}/assets/index-00000000.js`)).status).toBe(404);
    const manifest = await get(`${app.url}/.vite/manifest.json`);
    expect(manifest.headers['content-type']).toMatch(/^text\/html/);
  });

  it('reads Accept-Encoding with its weights: q=0 refuses an encoding, * admits both', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

/** Screens only staff open: their chunks must not reach a buyer. */
const STAFF_CHUNKS = /\/assets\/(BackofficeHomePage|UsersListPage|UserDetailRoute|RoleChangesAuditPage|MailboxPage|RoleHistoryTable)-/;
/**
 * What the landing page must not download, read from the build's source maps (so a library merged into
 * another chunk is still found): the staff screens, and libraries only some screens need (phone rules,
 * the project map, the charts); the back office's slices and sagas too (app/backoffice-features.ts).
 */
const NOT_FOR_THE_LANDING_PAGE =
  /node_modules\/(libphonenumber-js|leaflet|chart\.js)\/|node_modules\/zod\/v4\/(classic|core\/schemas)|src\/features\/(users|role-history|mailbox|company-portal)\/(pages\/|components\/|slice\.ts|sagas\.ts)/;
const sourcesOf = (scriptUrl: string): string[] => {
  const map = path.join(DIST, new URL(scriptUrl).pathname + '.map');
  return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
};
const INITIAL_JS_BUDGET = 200 * 1024;
const [LEAFLET, CHART_JS, PHONE_RULES] = [/node_modules\/leaflet\//, /node_modules\/chart\.js\//, /node_modules\/libphonenumber-js\//];

describeInBrowser("a buyer's first visit", () => {
  const { app, browser } = appAndBrowser();

  it('loads under 200 KB of JavaScript on the wire, brotli-compressed, and no back-office, company-portal or heavy-library chunk', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const scripts: { url: string; encoding: string | undefined; bytes: Promise<number> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({
        url: response.url(),
        encoding: response.headers()['content-encoding'],
        bytes: response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      });
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');

    const urls = scripts.map((s) => s.url);
    expect(urls.some((u) => /\/assets\/LandingPage-/.test(u))).toBe(true);
    expect(urls.filter((u) => STAFF_CHUNKS.test(u))).toEqual([]);
    expect(urls.flatMap(sourcesOf).filter((source) => NOT_FOR_THE_LANDING_PAGE.test(source))).toEqual([]);
    expect(urls.flatMap(sourcesOf).some((source) => /src\/app\/pages\/LandingPage\.tsx$/.test(source))).toBe(true);
    const sizes = await Promise.all(scripts.map((s) => s.bytes));
    // A few-hundred-byte chunk may not shrink; everything larger travels brotli-compressed.
    expect(scripts.filter((s, i) => sizes[i] > 1024 && s.encoding !== 'br').map((s) => s.url)).toEqual([]);
    const onTheWire = sizes.reduce((a, b) => a + b, 0);
    console.log(`landing page: ${scripts.length} scripts, ${(onTheWire / 1024).toFixed(1)} KB of JavaScript on the wire`);
    expect(onTheWire).toBeLessThan(INITIAL_JS_BUDGET);
    expect(errors).toEqual([]);
    // Nothing the page's own policy refuses (zod's eval probe was reported on every page).
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });

  it('on a phone, the project page downloads the map, the chart and the phone rules only when the visitor gets to them', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await page.setViewportSize({ width: 412, height: 823 });
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    const loaded = (library: RegExp) => scripts.flatMap(sourcesOf).some((source) => library.test(source));
    const download = (library: RegExp) => page.waitForResponse((response) => sourcesOf(response.url()).some((source) => library.test(source)));
    await page.goto('/projects/parque-nunoa');
    await page.getByRole('heading', { level: 1, name: 'Edificio Parque Ñuñoa' }).waitFor();
    // The calculator has simulated: its legend says how the price is paid, in text, before any chart is drawn.
    await page.getByText('Lo que pagará en total').waitFor();
    await networkQuiet(page);
    expect([LEAFLET, CHART_JS, PHONE_RULES].filter(loaded)).toEqual([]);

    const leaflet = download(LEAFLET);
    await page.getByRole('heading', { name: 'Ubicación' }).scrollIntoViewIfNeeded();
    await leaflet;
    const chart = download(CHART_JS);
    await page.getByText('Lo que pagará en total').scrollIntoViewIfNeeded();
    await chart;
    await page.getByRole('button', { name: 'Solicitar contacto' }).click();
    await page.getByRole('dialog', { name: 'Solicitar contacto' }).waitFor();
    expect(loaded(PHONE_RULES)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone, the home's text arriving late moves nothing below it (no layout shift)", async () => {
    const { context, page } = await newPage(browser, app.url);
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The hero's text comes from the back office's content: held back until the page has drawn its placeholders.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/content/home', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    release();
    await page.locator('#titulo-inicio + p').waitFor();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
    await context.close();
  });
});
