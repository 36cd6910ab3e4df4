import { expect, test } from '@playwright/test';
import type { PublicProfile } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { fixturePhoto, JANE, QuoteToolPage } from './quote-tool-page.ts';

// With an AI model the quote tool and the embed keep the spec's words ("Our AI estimates…",
// "Analyzing Photos...", "AI Quote System"); the shared e2e server has no model and says what
// really happens instead (quote-tool.spec.ts, quote-tool-embed.spec.ts). This server's model is
// the fake OpenAI on 127.0.0.1, through the real SDK.

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('ai-key');
});
test.afterAll(async () => {
  // A fault the server reported while the test ran ends it with exit code 1.
  expect(await server?.stop()).toBe(0);
});

test('with a model the quote tool says it analyses the photos, and shows what it measured', async ({
  page,
}) => {
  const quote = new QuoteToolPage(page);
  await page.goto(`${server.url}/photo-quote-tool`);
  await expect(page.getByText(/Our AI estimates the area/)).toBeVisible();
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await quote.fillContact(JANE);
  // Held until the busy label has been seen, so a fast answer cannot hide it.
  let release = () => {};
  const seenBusy = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/photo-quote', async (route) => {
    await seenBusy;
    await route.continue();
  });

  await quote.submit();

  await expect(quote.submitButton).toHaveText('Analyzing Photos...');
  release();
  await expect(quote.result).toBeVisible();
  // The fake model's house (1,800 sq ft) and driveway (450 sq ft).
  await expect(quote.resultFact('Surface type')).toHaveText('House Soft Washing, Concrete Cleaning');
  await expect(quote.resultFact('Estimated area')).toHaveText('2,250 sq ft');
  await expect(quote.result.getByText('Typical area')).toHaveCount(0);
});

test('with a model the embed keeps "AI Quote System"', async ({ page, request }) => {
  const profile = (await (await request.get(`${server.url}/api/public/profile`)).json()) as PublicProfile;
  expect(profile.instantQuotes).toBe('ai-model');

  await page.goto(`${server.url}/embed/photo-quote`);

  await expect(page.locator('.powered-by')).toHaveText(`Powered by ${profile.businessName} AI Quote System`);
});
