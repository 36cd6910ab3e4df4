import { expect, test, type Page } from '@playwright/test';
import { PICTURES } from './screenshot.ts';

// Pictures of every public page on a phone (390 px) and a desktop (1280 px), written to
// .test-output/screenshots/ as test-run artifacts (not committed), for people to look at.
const WIDTHS = [390, 1280] as const;

const PAGES: { name: string; path: string; heading: string; prepare?: (page: Page) => Promise<void> }[] = [
  { name: 'wizard', path: '/', heading: 'Request a Free Estimate' },
  {
    name: 'wizard-step2',
    path: '/',
    heading: 'Request a Free Estimate',
    prepare: async (page) => {
      for (const [label, value] of [
        ['First Name', 'Dana'],
        ['Last Name', 'Screenshot'],
        ['Email', 'dana@example.com'],
        ['Phone', '(707) 555-0188'],
        ['Property Address', '120 Main Street, Ferndale'],
      ]) {
        await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value!);
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: 'House Washing' }).check();
    },
  },
  { name: 'photo-form', path: '/photo-form', heading: 'Photo Submission for Estimate' },
  { name: 'quote-tool', path: '/photo-quote-tool', heading: 'Get Your Instant Quote' },
  { name: 'embed', path: '/embed/photo-quote', heading: 'Get Your Instant Quote' },
  { name: '404', path: '/no-such-page', heading: '404 Page Not Found' },
];

for (const { name, path, heading, prepare } of PAGES) {
  test(`screenshots of ${name} at ${WIDTHS.join(' and ')} px`, PICTURES, async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await prepare?.(page);
      await page.screenshot({ path: `.test-output/screenshots/public-${name}-${width}.png`, fullPage: true });
    }
  });
}
