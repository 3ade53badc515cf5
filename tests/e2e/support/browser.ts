import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { startTestApp, type TestApp } from '../../support/test-app';

/** Debian's Chromium (package chromium); the browser journeys are skipped, with this reason printed, when it is missing. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumAvailable = fs.existsSync(CHROMIUM);
if (!chromiumAvailable) console.warn(`SKIPPED browser journeys: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell, from the same source and version as
 * chromium: the same Blink and V8, without the desktop browser's layers), which is also what Playwright runs for
 * headless Chromium by default. The journeys run in it: on this 2-core machine the 17 journey suites took 315 s
 * instead of 439 s, and one suite's CPU (browser, app and Jest) went 41 -> 30 s. It has no Web Notifications (every
 * permission stays denied), so a journey that needs them asks for the full browser. Without the shell (or with
 * CHROMIUM_HEADLESS_SHELL_PATH pointing at nothing) every journey runs in the full browser.
 */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const headlessShellAvailable = fs.existsSync(HEADLESS_SHELL);

/** Which Chromium a journey runs in: the headless shell, or the full browser when it needs what only that has. */
export type BrowserKind = 'headless-shell' | 'full';

/**
 * Every browser journey, its hooks included, may take up to three minutes: a journey is seconds of real work
 * for a platform and a Chromium sharing two cores with the rest of the run, and this machine's speed varies
 * several-fold (a journey that takes ~15 s went past 30 s on 2026-11-28, on a machine ~2.5-3 × slower than
 * usual). The limit only catches a hang: what a test checks is never how long it took.
 */
jest.setTimeout(180_000);

/** `describe` when Chromium exists, else `describe.skip` (reported as skipped, never as passed). */
export const describeInBrowser = chromiumAvailable ? describe : describe.skip;

export const launchBrowser = async (kind: BrowserKind = 'headless-shell'): Promise<{ browser: Browser; close(): Promise<void> }> => {
  // chromium.launch() gives every browser a fresh temporary profile (the notes' fresh --user-data-dir).
  const browser = await chromium.launch({
    executablePath: kind === 'headless-shell' && headlessShellAvailable ? HEADLESS_SHELL : CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
};

/** A fresh context per journey (its own cookies and storage), es-CL, with console errors collected. */
export const newPage = async (browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  trackRequests(page);
  return { context, page, errors };
};

/** Requests that end when their answer has come; a stream (server-sent events, a socket) stays open by design. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);
const traffic = new WeakMap<Page, { inFlight: Set<Request>; changedAt: number }>();

const trackRequests = (page: Page): void => {
  const state = { inFlight: new Set<Request>(), changedAt: Date.now() };
  traffic.set(page, state);
  page.on('request', (request) => {
    if (LONG_LIVED.has(request.resourceType())) return;
    state.inFlight.add(request);
    state.changedAt = Date.now();
  });
  const done = (request: Request) => {
    if (state.inFlight.delete(request)) state.changedAt = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
};

/**
 * Resolves once the page (made by `newPage`) has had no request in flight for `quietMs`: what the screen asked
 * for has come. Playwright's 'networkidle' waits a fixed 500 ms after the last answer; the accessibility tour
 * alone spent 18 s of its 70 in that wait.
 */
export const networkQuiet = async (page: Page, quietMs = 100, timeoutMs = 30_000): Promise<void> => {
  const state = traffic.get(page);
  if (!state) throw new Error('networkQuiet needs a page made by newPage');
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight.size > 0 || Date.now() - state.changedAt < quietMs) {
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms: ${state.inFlight.size}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * For a describe block: the platform started in this process and Chromium launched before its tests, both
 * stopped after. `const { app, browser } = appAndBrowser();` names them once, before they exist: each is a
 * stand-in that hands every property read to the one started (so read them inside a hook or a test).
 */
export const appAndBrowser = (kind: BrowserKind = 'headless-shell'): { app: TestApp; browser: Browser } => {
  const held: { app?: TestApp; browser?: Browser; close?: () => Promise<void> } = {};
  beforeAll(async () => {
    held.app = await startTestApp();
    ({ browser: held.browser, close: held.close } = await launchBrowser(kind));
  });
  afterAll(async () => {
    await held.close?.();
    await held.app?.stop();
  });
  return { app: standIn(() => held.app, 'the app'), browser: standIn(() => held.browser, 'the browser') };
};

/** Forwards every property read to what `started` gives, methods bound to it. */
const standIn = <T extends object>(started: () => T | undefined, what: string): T =>
  new Proxy({} as T, {
    get: (_shell, key) => {
      const target = started();
      if (!target) throw new Error(`${what} starts in beforeAll: read it inside a hook or a test`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/**
 * Signs a demo account in through the login screen (password `Demo2026!`) and waits until it has left the
 * login screen, or reached `landing` when given.
 */
export const signIn = async (page: Page, login: string, landing?: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Email o RUT').fill(login);
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  if (landing) await page.waitForURL(`**${landing}`);
  else await page.waitForURL((url) => url.pathname !== '/login');
};
