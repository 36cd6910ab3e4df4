import { expect, test } from '@playwright/test';
import type { PublicProfile } from '@washdesk/contract';
import { fixturePhoto, JANE, PRICE_RANGE, QuoteToolPage } from './quote-tool-page.ts';
import { serverAnswer } from './server-answer.ts';

// Chromium's local network access checks stop a public page from framing a local address. Here the
// test server is local and the host page is not, so they are off for this file; in production
// both the customer's site and ours are public.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks'],
  },
});

test('the embed is the compact quote tool, made for another site’s frame', async ({ page, request }) => {
  const profile = (await (await request.get('/api/public/profile')).json()) as PublicProfile;
  const quote = new QuoteToolPage(page);

  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await quote.openEmbed();

  await expect(quote.heading('Get Your Instant Quote')).toBeVisible();
  // Its own light build (public-site/vite.embed.config.ts), not the whole site's scripts.
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.every((p) => p.startsWith('/embed/assets/')),
    scripts.join(', '),
  ).toBe(true);
  await expect(page.getByText('Upload up to 5 photos for a rough quote in seconds.')).toBeVisible();
  await expect(page.getByText('Our AI estimates the area')).toHaveCount(0);
  // No model on this server: the spec's "AI Quote System" would claim one (quote-tool-ai.spec.ts
  // has the server with a model).
  await expect(page.locator('.powered-by')).toHaveText(`Powered by ${profile.businessName} Quote System`);
  await expect(page.getByText(/\bAI\b/)).toHaveCount(0);
  await expect(quote.siteHeader).toHaveCount(0);
  await expect(quote.photoInput).toBeVisible();
  await expect(page.getByText('PNG, JPG, HEIC up to 10MB each')).toBeVisible();
  await expect(quote.field('name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get My Quote' })).toBeVisible();
});

test('inside another site’s frame, a visitor gets a quote without leaving the host page', async ({
  page,
  baseURL,
}) => {
  const hostSite = 'http://customer-site.example/';
  await page.route(hostSite, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><h1>Acme Realty</h1><iframe title="Quote" src="${baseURL}/embed/photo-quote" width="360" height="1000"></iframe>`,
    }),
  );
  await page.goto(hostSite);
  const frame = page.frameLocator('iframe[title="Quote"]');
  await expect(frame.getByRole('heading', { name: 'Get Your Instant Quote' })).toBeVisible();
  await frame.getByLabel('Add photos').setInputFiles([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await frame.getByRole('textbox', { name: 'Name' }).fill(JANE.name);
  await frame.getByRole('textbox', { name: 'Phone' }).fill(JANE.phone);

  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await frame.getByRole('button', { name: 'Get My Quote' }).click();

  await answered;
  await expect(frame.getByRole('heading', { name: 'Your Rough Quote' })).toBeVisible();
  await expect(frame.getByText('Typical area')).toBeVisible();
  await expect(frame.locator('.quote-result__price-value')).toHaveText(PRICE_RANGE);
  expect(page.url()).toBe(hostSite);
});
