import { expect, test } from '@playwright/test';
import { PublicPage } from './public-page.ts';

const PAGES = [
  { link: 'Request an Estimate', path: '/', heading: 'Request a Free Estimate' },
  { link: 'Send Photos', path: '/photo-form', heading: 'Photo Submission for Estimate' },
  { link: 'Instant Quote', path: '/photo-quote-tool', heading: 'Get Your Instant Quote' },
] as const;

test('from each public page the visitor reaches the other two, and sees where they are', async ({ page }) => {
  const site = new PublicPage(page);
  for (const from of PAGES) {
    for (const to of PAGES.filter((p) => p !== from)) {
      await site.open(from.path);
      await expect(site.navigation.getByRole('link', { name: from.link })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await site.navigation.getByRole('link', { name: to.link }).click();

      await expect(site.heading(to.heading)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(to.path);
      await expect(site.navigation.getByRole('link', { name: to.link })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  }
});

test('the embed, inside another site’s frame, has no navigation of ours', async ({ page }) => {
  const site = new PublicPage(page);

  await site.open('/embed/photo-quote');

  await expect(site.heading('Get Your Instant Quote')).toBeVisible();
  await expect(site.navigation).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Send Photos' })).toHaveCount(0);
});
