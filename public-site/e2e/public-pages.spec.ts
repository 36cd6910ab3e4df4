import { expect, test } from '@playwright/test';
import type { PublicProfile } from '@washdesk/contract';
import { PublicPage } from './public-page.ts';

test('the home page is the request wizard, named after the business the server is configured for', async ({
  page,
  request,
}) => {
  const profile = (await (await request.get('/api/public/profile')).json()) as PublicProfile;
  const site = new PublicPage(page);

  const response = await site.open('/');

  expect(response?.status()).toBe(200);
  await expect(site.heading('Request a Free Estimate')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your Information' })).toBeVisible();
  await expect(site.siteHeader).toContainText(profile.businessName);
  await expect(site.siteHeader.getByRole('link', { name: profile.phone })).toBeVisible();
});

test('page paths match whatever their letter case', async ({ page }) => {
  const site = new PublicPage(page);

  const response = await site.open('/Photo-Form');

  expect(response?.status()).toBe(200);
  await expect(site.heading('Photo Submission for Estimate')).toBeVisible();
});

for (const path of ['/photo-quote-tool', '/embed/photo-quote']) {
  test(`${path} is the instant quote tool`, async ({ page }) => {
    const site = new PublicPage(page);

    await site.open(path);

    await expect(site.heading('Get Your Instant Quote')).toBeVisible();
  });
}

test('an unknown path answers 404 and says so', async ({ page }) => {
  const site = new PublicPage(page);

  const response = await site.open('/no-such-page');

  expect(response?.status()).toBe(404);
  await expect(site.heading('404 Page Not Found')).toBeVisible();
});
