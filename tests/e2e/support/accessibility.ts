import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page (WCAG 2.1 A and AA rules). The definition of done: no serious or critical violation
 * on any screen, in the light theme and in the dark one.
 */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export type ThemeMode = 'light' | 'dark';

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly html: string; readonly failureSummary?: string }[];
}

/** Serious and critical WCAG 2.1 AA violations on the page as it is now, one readable line per node. */
export const wcagViolations = async (page: Page): Promise<string[]> => {
  // Evaluated over the DevTools protocol rather than added as a <script>: the app's CSP (script-src 'self')
  // rightly refuses inline scripts, and the check must not need the policy loosened.
  // (Page code as strings: the tests compile without the DOM's types.)
  if (!(await page.evaluate<boolean>(`'axe' in window`))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<unknown[]>(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] }).then((r) => r.violations)`,
  );
  return (violations as Violation[])
    .filter((v) => v.impact !== null && BLOCKING.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}) at ${n.html.slice(0, 160)}: ${n.failureSummary ?? ''}`));
};

/** The theme the app shows now (its global style sets the document's color-scheme). */
export const currentTheme = (page: Page): Promise<ThemeMode> =>
  page.evaluate<ThemeMode>(`getComputedStyle(document.documentElement).colorScheme === 'dark' ? 'dark' : 'light'`);

/**
 * Runs in the page: whether it shows `mode`. A function, not a string: polling a string needs eval, which the
 * app's CSP forbids (such a wait then fails whenever it has to poll more than once).
 */
const showsTheme = (mode: ThemeMode): boolean => {
  const page = globalThis as unknown as { getComputedStyle(element: unknown): { colorScheme: string }; document: { documentElement: unknown } };
  return page.getComputedStyle(page.document.documentElement).colorScheme === mode;
};

/** Switches the theme the way a person does, with the header's toggle, and waits until the page shows it. */
export const switchTheme = async (page: Page, mode: ThemeMode): Promise<void> => {
  if ((await currentTheme(page)) === mode) return;
  await page
    .getByRole('button', { name: mode === 'dark' ? 'Activar tema oscuro' : 'Activar tema claro' })
    .first()
    .click();
  await page.waitForFunction(showsTheme, mode);
};

/**
 * Checks the screen on show in both themes and leaves it in the theme it had. Fails the test with every
 * violation found, named by screen and theme.
 */
export const expectAccessible = async (page: Page, screen: string): Promise<void> => {
  const original = await currentTheme(page);
  const other: ThemeMode = original === 'dark' ? 'light' : 'dark';
  const found: string[] = [];
  for (const mode of [original, other]) {
    await switchTheme(page, mode);
    found.push(...(await wcagViolations(page)).map((line) => `[${screen}, ${mode}] ${line}`));
  }
  await switchTheme(page, original);
  if (found.length > 0) throw new Error(`accessibility violations (WCAG 2.1 AA, serious or critical):\n${found.join('\n')}`);
};
