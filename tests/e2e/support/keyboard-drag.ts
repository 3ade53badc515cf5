import type { Page } from 'playwright-core';

/**
 * Moves a dnd-kit item picked up by keyboard one place with `key`, until dnd-kit announces `arrived`. On a
 * loaded CI machine an arrow pressed before dnd-kit measured the other items is not taken (seen three times):
 * while the announcement still says `stillAt` (its own place), the key is pressed again. A key taken but
 * never announced fails here rather than moving twice; the caller checks the order saved in any case.
 */
export const moveByKeyboard = async (page: Page, key: string, stillAt: string, arrived: string): Promise<void> => {
  await page.getByText(stillAt).waitFor({ state: 'attached' });
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key);
    const moved = await page
      .getByText(arrived)
      .waitFor({ state: 'attached', timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (moved) return;
    if (attempt === 5 || (await page.getByText(stillAt).count()) === 0) throw new Error(`${key} did not move the item: no "${arrived}"`);
  }
};
