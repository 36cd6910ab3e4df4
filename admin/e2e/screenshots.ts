import type { Page } from '@playwright/test';
import { TAKING_PICTURES } from '../../scripts/pictures.ts';

export { PICTURES, WITH_PICTURES } from '../../scripts/pictures.ts';

/**
 * With `npm run screenshots`: what the window shows now (a dialog, a folded sidebar), at `size` when
 * given, written to .test-output/screenshots/admin-<name>.png.
 */
export async function screenshotHere(page: Page, name: string, size?: { width: number; height: number }) {
  if (!TAKING_PICTURES) return;
  if (size) await page.setViewportSize(size);
  await page.screenshot({ path: `.test-output/screenshots/admin-${name}.png` });
}

/** Where the admin remembers the staff member's theme choice (per browser). */
export const THEME_STORAGE_KEY = 'washdesk.theme';

/**
 * With `npm run screenshots`: full-page screenshots of the current admin screen at 1440 px, light
 * then dark, written to .test-output/screenshots/ (a test-run artifact, not committed). Dark is
 * chosen the way a browser remembers it, then the page is reloaded, so the picture is what staff
 * really get.
 */
export async function screenshotBothThemes(page: Page, name: string) {
  if (!TAKING_PICTURES) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Lists load after the heading; let the network settle so the picture shows them.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `.test-output/screenshots/admin-${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate((key) => localStorage.removeItem(key), THEME_STORAGE_KEY);
}
