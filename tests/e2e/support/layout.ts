import type { Page } from 'playwright-core';

/** The two widths every screen must fit: a laptop's 1366 px and a phone's 390 px. */
const LAYOUT_WIDTHS = [1366, 390] as const;

/**
 * Runs in the page: what does not fit. The page must not scroll sideways; a table must fit the box it scrolls
 * in (a cut-off "Seleccionar" is a table wider than its box); a KPI's figure ([data-kpi]) must show whole and
 * on one line. A function, not a string: the app's CSP forbids eval.
 */
const findLayoutProblems = (): string[] => {
  const w = globalThis as unknown as {
    innerWidth: number;
    document: {
      scrollingElement: { scrollWidth: number };
      querySelectorAll(selector: string): ArrayLike<LayoutElement>;
      createRange(): { selectNodeContents(node: unknown): void; getClientRects(): ArrayLike<{ top: number; width: number }> };
    };
    getComputedStyle(element: unknown): { overflowX: string; display: string };
  };
  interface LayoutElement {
    tagName: string;
    id: string;
    className: unknown;
    textContent: string | null;
    scrollWidth: number;
    clientWidth: number;
    parentElement: LayoutElement | null;
    getAttribute(name: string): string | null;
    getBoundingClientRect(): { right: number; width: number };
    querySelector(selector: string): LayoutElement | null;
  }
  const name = (el: LayoutElement): string => {
    const caption = el.querySelector('caption')?.textContent?.trim();
    const label = el.getAttribute('aria-label') ?? caption ?? (el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()} "${label}"`;
  };
  const problems: string[] = [];
  const width = w.innerWidth;
  const page = w.document.scrollingElement.scrollWidth;
  if (page > width + 1) {
    // The deepest elements reaching past the right edge say where to look.
    const culprits = Array.from(w.document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getBoundingClientRect().width > 0)
      .filter((el, _, all) => !all.some((other) => other !== el && other.parentElement === el))
      .slice(0, 3)
      .map(name);
    problems.push(`the page is ${page} px wide in a ${width} px window (${culprits.join(', ')})`);
  }
  for (const table of Array.from(w.document.querySelectorAll('table'))) {
    let box = table.parentElement;
    while (box && !/auto|scroll|hidden/.test(w.getComputedStyle(box).overflowX)) box = box.parentElement;
    if (box && table.scrollWidth > box.clientWidth + 1) problems.push(`${name(table)} is ${table.scrollWidth} px wide in a ${box.clientWidth} px box`);
  }
  for (const kpi of Array.from(w.document.querySelectorAll('[data-kpi]'))) {
    const range = w.document.createRange();
    range.selectNodeContents(kpi);
    const lines = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
    if (kpi.scrollWidth > kpi.clientWidth + 1)
      problems.push(`KPI "${(kpi.textContent ?? '').trim()}" is clipped (${kpi.scrollWidth} px in ${kpi.clientWidth} px)`);
    else if (lines > 1) problems.push(`KPI "${(kpi.textContent ?? '').trim()}" wraps onto ${lines} lines`);
  }
  return problems;
};

/** What does not fit on the screen on show, at the window's current width (empty when everything fits). */
const layoutProblems = (page: Page): Promise<string[]> => page.evaluate(findLayoutProblems);

/**
 * Checks the screen on show at 1366 and at 390 px, then gives the window its width back. `settle` waits until the
 * screen is ready again after a resize (charts and lists lay themselves out anew).
 */
export const screenFits = async (page: Page, screen: string, settle: () => Promise<void> = async () => {}): Promise<string[]> => {
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  const found: string[] = [];
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle();
    found.push(...(await layoutProblems(page)).map((p) => `[${screen} @${width}] ${p}`));
  }
  await page.setViewportSize(original);
  return found;
};

/** As `screenFits`, failing the test with every problem found. */
export const expectScreenFits = async (page: Page, screen: string, settle?: () => Promise<void>): Promise<void> => {
  const found = await screenFits(page, screen, settle);
  if (found.length > 0) throw new Error(`layout problems (1366 and 390 px):\n${found.join('\n')}`);
};
