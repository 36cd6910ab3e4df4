import type { Page } from '@playwright/test';
import { TAKING_PICTURES } from '../../scripts/pictures.ts';

export { PICTURES, WITH_PICTURES } from '../../scripts/pictures.ts';

/**
 * With `npm run screenshots`: the current state of a page at a phone's and a desktop's width,
 * written to .test-output/screenshots/public-<name>-<width>.png (a test-run artifact, not committed).
 */
export async function screenshotBothWidths(page: Page, name: string) {
  if (!TAKING_PICTURES) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.test-output/screenshots/public-${name}-${width}.png`, fullPage: true });
  }
}
