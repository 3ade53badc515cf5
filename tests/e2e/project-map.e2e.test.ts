import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible } from './support/accessibility';
import { describeInBrowser, launchBrowser, newPage } from './support/browser';

/**
 * The project page's map: Leaflet with the tile server the deployment configures (MAP_TILE_URL). There is
 * no internet here, so the tiles come from a tile server the test runs; and a tile server that cannot be
 * reached shows the degraded page: a notice and the links (directions, OpenStreetMap).
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PROJECT = '/projects/parque-nunoa';
const MAP = 'Mapa de la ubicación de Edificio Parque Ñuñoa';
const UNAVAILABLE = 'El mapa no está disponible en este momento.';

/** A tile server answering a small PNG for every /z/x/y.png, and remembering what it was asked. */
const startTileServer = async () => {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    origin: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

/** A port nothing listens on: every tile fails at once. */
const closedPort = async (): Promise<number> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
};

const openProject = async (page: Page) => {
  await page.goto(PROJECT);
  await page.getByRole('heading', { level: 1, name: 'Edificio Parque Ñuñoa' }).waitFor();
  await page.getByRole('heading', { name: 'Ubicación' }).scrollIntoViewIfNeeded();
};

describeInBrowser('project map', () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(() => closeBrowser?.());

  describe('with a reachable tile server', () => {
    let app: TestApp;
    let tiles: Awaited<ReturnType<typeof startTileServer>>;
    beforeAll(async () => {
      tiles = await startTileServer();
      app = await startTestApp({ MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: 'Teselas de prueba' });
    });
    afterAll(async () => {
      await app?.stop();
      await tiles?.close();
    });

    it('shows the project on the map, with tiles from the configured server, and the directions', async () => {
      const { context, page, errors } = await newPage(browser, app.url);
      await openProject(page);
      const map = page.getByRole('region', { name: MAP });
      await map.locator('img.leaflet-tile-loaded').first().waitFor();
      // The first screenful of tiles settled with tiles in it: the map is no longer busy, and stays shown.
      await page.locator(`[role="region"][aria-label="${MAP}"]:not([aria-busy])`).waitFor();
      expect(await map.isVisible()).toBe(true);
      await map.getByText('Teselas de prueba').waitFor();
      expect(tiles.asked.some((u) => /^\/16\/\d+\/\d+\.png$/.test(u))).toBe(true);
      expect(await page.getByText(UNAVAILABLE).count()).toBe(0);
      await page.getByRole('link', { name: /Cómo llegar \(Google Maps/ }).waitFor();
      await page.getByRole('link', { name: /Cómo llegar \(OpenStreetMap/ }).waitFor();
      await expectAccessible(page, 'project page with its map');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('the configured tile server reaches the web (app config) and the page may load its images (CSP)', async () => {
      const config = await (await fetch(`${app.url}/app-config.json`)).json();
      expect(config).toEqual({ map: { tileUrl: tiles.url, attribution: 'Teselas de prueba' } });
      const document = await fetch(`${app.url}${PROJECT}`);
      expect(document.headers.get('content-security-policy')).toMatch(new RegExp(`img-src [^;]*${tiles.origin.replace(/[.:/]/g, '\\$&')}`));
    });

    it('the project form puts the pin where the map is clicked, filling latitude and longitude', async () => {
      const { context, page, errors } = await newPage(browser, app.url);
      await page.goto('/login');
      await page.getByLabel('Email o RUT').fill('admin@demo.cl');
      await page.getByLabel('Contraseña', { exact: true }).fill('Demo2026!');
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL('**/backoffice');
      await page.goto('/backoffice/projects/new');
      const pinMap = page.getByRole('region', { name: 'Mapa para ubicar el proyecto' });
      await pinMap.locator('img.leaflet-tile-loaded').first().waitFor();
      const form = page.getByRole('form', { name: 'Nuevo proyecto' });
      expect(await form.getByLabel('Latitud').inputValue()).toBe('');
      await pinMap.click({ position: { x: 60, y: 60 } });
      const latitude = Number((await form.getByLabel('Latitud').inputValue()).replace(',', '.'));
      const longitude = Number((await form.getByLabel('Longitud').inputValue()).replace(',', '.'));
      // Santiago's surroundings (the map opens on Santiago), up and to the left of its centre.
      expect(latitude).toBeGreaterThan(-33.4489);
      expect(latitude).toBeLessThan(-33);
      expect(longitude).toBeLessThan(-70.6693);
      expect(longitude).toBeGreaterThan(-71.2);
      await expectAccessible(page, 'project form with its pin map');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('Leaflet is downloaded only by the project page', async () => {
      const { context, page } = await newPage(browser, app.url);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto('/projects');
      await page.getByText(/\d+ proyectos encontrados/).waitFor();
      expect(scripts.filter((u) => /leaflet/i.test(u))).toEqual([]);
      await openProject(page);
      await page.getByRole('region', { name: MAP }).locator('img.leaflet-tile-loaded').first().waitFor();
      expect(scripts.filter((u) => /leaflet/i.test(u)).length).toBeGreaterThan(0);
      await context.close();
    });
  });

  describe('when the tiles cannot load', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ MAP_TILE_URL: `http://127.0.0.1:${await closedPort()}/{z}/{x}/{y}.png` });
    });
    afterAll(() => app?.stop());

    it('gives way to a notice, and the links to the place and the directions remain', async () => {
      const { context, page, errors } = await newPage(browser, app.url);
      await openProject(page);
      await page.getByText(UNAVAILABLE).waitFor();
      expect(await page.getByRole('region', { name: MAP }).isVisible()).toBe(false);
      await page.getByRole('link', { name: /Cómo llegar \(Google Maps/ }).waitFor();
      await page.getByRole('link', { name: /Ver en OpenStreetMap/ }).waitFor();
      await expectAccessible(page, 'project page, map unavailable');
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe('without configuration', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(() => app?.stop());

    it("uses OpenStreetMap's tile URL pattern, and allows its images", async () => {
      const config = (await (await fetch(`${app.url}/app-config.json`)).json()) as { map: { tileUrl: string; attribution: string } };
      expect(config.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
      expect(config.map.attribution).toContain('OpenStreetMap');
      const document = await fetch(`${app.url}/`);
      expect(document.headers.get('content-security-policy')).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    });
  });
});
