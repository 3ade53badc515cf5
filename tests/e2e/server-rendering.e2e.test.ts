import fs from 'node:fs';
import path from 'node:path';
import { chunkFiles, pageHtml, PAGE_STATE_ID } from '../../adapters/http/page-rendering';
import { appAndBrowser, describeInBrowser, networkQuiet, newPage } from './support/browser';

/**
 * The public pages answered with their content in the HTML (run after `npm run build:web`, which builds the
 * server's rendering into dist/web-ssr): what a crawler or a shared link reads without JavaScript, the route's
 * chunk named for preloading, and a browser taking the markup over without asking the API again.
 */
const DIST = path.resolve(__dirname, '../../dist/web');
const manifest = () => JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

/** The page's text as a crawler sees it: markup without tags, no script run. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

// One platform for the file (started with the browser): the HTTP checks need no browser, but a second start costs more.
describeInBrowser('public pages rendered on the server', () => {
  const { app, browser } = appAndBrowser();

  const get = async (route: string) => {
    const answer = await fetch(`${app.url}${route}`, { headers: { Accept: 'text/html' } });
    return { status: answer.status, type: answer.headers.get('content-type'), cache: answer.headers.get('cache-control'), html: await answer.text() };
  };

  it("a project's page carries its name, prices and units, its title, and the state to hydrate from", async () => {
    const page = await get('/projects/parque-nunoa');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.cache).toBe('no-cache');
    expect(page.html).toContain('<title>Edificio Parque Ñuñoa | Vivienda Colaboradores</title>');
    const text = textOf(page.html);
    expect(text).toContain('Edificio Parque Ñuñoa');
    expect(text).toMatch(/Desde UF 2\.805,00/);
    expect(text).toContain('Unidad 201');
    // Styled before any script: the components' styles are in the page.
    expect(page.html).toMatch(/<style[^>]*data-styled/);
    const state = JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`).exec(page.html)![1]);
    expect(state.state.catalog.project.detail.name).toBe('Edificio Parque Ñuñoa');
    expect(Object.keys(state.answers)).toEqual(expect.arrayContaining(['/api/v1/projects/parque-nunoa', '/api/v1/projects/parque-nunoa/units']));
  });

  it("names the route's chunk and what it imports as module preloads, and the cover picture first of all", async () => {
    const page = await get('/projects/parque-nunoa');
    const files = chunkFiles(manifest(), 'src/app/routes/ProjectDetailsRoute.tsx');
    expect(files[0]).toMatch(/^assets\/ProjectDetailsRoute-/);
    expect(page.html).toContain(`<link rel="modulepreload" crossorigin href="/${files[0]}">`);
    // The entry and the libraries it already names are named once.
    for (const file of files) expect(page.html.split(`="/${file}"`)).toHaveLength(2);
    const cover = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)"/.exec(page.html);
    expect(cover?.[1]).toMatch(/^\/files\/projects\/parque-nunoa\/cover\./);
    expect(page.html.indexOf(cover![0])).toBeLessThan(page.html.indexOf('<script type="module"'));
  });

  it('the home shows the featured projects and the catalogue its cards, in the HTML', async () => {
    const home = textOf((await get('/')).html);
    expect(home).toContain('Edificio Parque Ñuñoa');
    expect(home).toContain('Proyectos destacados');
    const catalogue = await get('/projects');
    expect(catalogue.html).toContain('<title>Proyectos | Vivienda Colaboradores</title>');
    expect(textOf(catalogue.html)).toContain('Edificio Parque Ñuñoa');
  });

  it('a project that does not exist answers 404 with its message, a screen the server does not render the bare app', async () => {
    const missing = await get('/projects/no-existe');
    expect(missing.status).toBe(404);
    expect(textOf(missing.html)).toContain('El proyecto que busca no existe o ya no está publicado.');
    const login = await get('/login');
    expect(login.status).toBe(200);
    expect(login.html).toContain('<div id="root"></div>');
  });

  it('page data cannot close its script block', () => {
    const html = pageHtml(
      '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
      { status: 200, title: 'a<b', module: 'm', html: '<p>hola</p>', styles: '', state: { name: '</script><script>alert(1)</script>' }, answers: {} },
      [],
    );
    expect(html).toContain('<title>a&lt;b</title>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
  });

  it("in the browser, takes the server's markup over (same nodes) without reading the project again, then works as before", async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    const reads: string[] = [];
    page.on('request', (request) => request.url().includes('/api/v1/projects/parque-nunoa') && reads.push(request.url()));
    // The app's script waits until the server's markup has been marked, so a node React drew again is told apart.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/projects/parque-nunoa', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Edificio Parque Ñuñoa' }).waitFor();
    const drawn = await page.evaluate(() => {
      const nodes = [...document.querySelectorAll('main *')];
      nodes.forEach((node) => ((node as unknown as { fromServer: boolean }).fromServer = true));
      return nodes.length;
    });
    release();
    // Hydrated: the calculator (which reads the financing defaults in the browser) has simulated.
    await page.getByText('Lo que pagará en total').waitFor();
    await networkQuiet(page);
    const kept = await page.evaluate(
      () => [...document.querySelectorAll('main *')].filter((node) => (node as unknown as { fromServer?: boolean }).fromServer).length,
    );
    expect(kept).toBeGreaterThanOrEqual(drawn - 1);
    expect(reads).toEqual([]);

    // Interactive: choosing a unit reads it, and the address follows.
    await page.getByLabel('Unidad', { exact: true }).selectOption({ label: 'Unidad 201 · 2D2B · UF 4.417,00' });
    await page.waitForURL(/unit=/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
