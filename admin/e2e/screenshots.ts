import type { Page } from '@playwright/test';

/**
 * Tests that only take pictures carry `PICTURES`: `npm run screenshots` runs them, `npm test`
 * leaves them out (playwright.config.ts), as they check nothing the other tests do not. Tests that
 * take a picture on the way carry `WITH_PICTURES`, so that `npm run screenshots` runs them too;
 * under `npm test` they run without taking it.
 */
export const PICTURES = { tag: '@pictures' };
export const WITH_PICTURES = { tag: '@with-pictures' };
/** Set by `npm run screenshots`; pictures cost reloads and seconds that `npm test` has no use for. */
const TAKING_PICTURES = Boolean(process.env.WASHDESK_PICTURES);

/** Where the admin remembers the staff member's theme choice (per browser). */
export const THEME_STORAGE_KEY = 'washdesk.theme';

/**
 * With `npm run screenshots`: full-page screenshots of the current admin screen at 1440 px, light
 * then dark, written to .test-output/screenshots/ (a test-run artifact, not committed). Dark is chosen the way a
 * browser remembers it, then the page is reloaded, so the picture is what staff really get.
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
