import fs from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { fixturePhoto, JANE, PRICE_RANGE } from './quote-tool-page.ts';
import { serverAnswer } from './server-answer.ts';

// As in quote-tool-embed.spec.ts: Chromium's local network access checks would stop the public
// host page from framing the local test server; in production both are public.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks'],
  },
});

const HOST_SITE = 'http://realty-host.example/';

/** The frame's height on the host page, and the height of the quote page inside it. */
async function heights(frame: Locator) {
  const outer = (await frame.boundingBox())?.height ?? 0;
  const inner = await frame
    .contentFrame()
    .locator('html')
    .evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
  return { outer: Math.round(outer), inner };
}

test('the embed script puts the quote tool on another site, sized to its content', async ({
  page,
  baseURL,
}) => {
  // The snippet of the README, on a page of another origin.
  await page.route(HOST_SITE, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body style="margin:0;font-family:serif">
        <h1>Acme Realty</h1><p>Get a cleaning quote for your listing:</p>
        <div data-washdesk-quote></div>
        <script src="${baseURL}/embed.js" async></script>
        <footer>Acme Realty footer</footer></body></html>`,
    }),
  );
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(HOST_SITE);

  const frame = page.getByTitle('Instant photo quote');
  await expect(frame).toHaveAttribute('src', `${baseURL}/embed/photo-quote`);
  const quote = frame.contentFrame();
  await expect(quote.getByRole('heading', { name: 'Get Your Instant Quote' })).toBeVisible();
  // The frame takes the page's height (not its 720 px first guess), so nothing scrolls inside it.
  await expect.poll(async () => (await heights(frame)).outer).not.toBe(720);
  const framedToFit = async () => {
    const now = await heights(frame);
    return now.outer === now.inner;
  };
  await expect.poll(framedToFit).toBe(true);
  const before = await heights(frame);

  // Growing content grows the frame.
  await quote.getByLabel('Add photos').setInputFiles([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await expect.poll(async () => (await heights(frame)).outer).toBeGreaterThan(before.outer);
  await expect.poll(framedToFit).toBe(true);
  const withPhoto = await heights(frame);

  // Only our own frame may resize it: a message from the host page itself is ignored.
  // embed.js listened first, so once our own listener hears the message, embed.js has judged it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('message', () => resolve(), { once: true });
        window.postMessage({ type: 'washdesk:embed-height', height: 4000 }, '*');
      }),
  );
  expect((await heights(frame)).outer).toBe(withPhoto.outer);

  // And a quote can be had through it, without leaving the host page.
  await quote.getByRole('textbox', { name: 'Name' }).fill(JANE.name);
  await quote.getByRole('textbox', { name: 'Phone' }).fill(JANE.phone);
  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.getByRole('button', { name: 'Get My Quote' }).click();
  await answered;
  await expect(quote.getByRole('heading', { name: 'Your Rough Quote' })).toBeVisible();
  await expect(quote.locator('.quote-result__price-value')).toHaveText(PRICE_RANGE);
  await expect.poll(framedToFit).toBe(true);
  await expect(page.getByText('Acme Realty footer')).toBeVisible();
  expect(page.url()).toBe(HOST_SITE);
});

test('without a placeholder element, the embed goes right after the script tag', async ({
  page,
  baseURL,
}) => {
  await page.route(HOST_SITE, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><h1>Acme Realty</h1><section id="quote"><script src="${baseURL}/embed.js"></script></section>`,
    }),
  );
  await page.goto(HOST_SITE);

  const frame = page.locator('#quote iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame.contentFrame().getByRole('heading', { name: 'Get Your Instant Quote' })).toBeVisible();
});

test('embed.js may be loaded by other sites, and is re-checked for changes', async ({ request }) => {
  const response = await request.get('/embed.js');

  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('javascript');
  expect(response.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect(response.headers()['cache-control']).toBe('no-cache');
});

test('the README’s example host page shows the quote tool from the server it is given', async ({
  page,
  baseURL,
}) => {
  const example = fs.readFileSync(new URL('../../docs/embed-example.html', import.meta.url), 'utf8');
  const pageUrl = `${HOST_SITE}embed-example.html`;
  await page.route(
    (url) => url.href.startsWith(pageUrl),
    (route) => route.fulfill({ contentType: 'text/html', body: example }),
  );

  await page.goto(`${pageUrl}?server=${encodeURIComponent(baseURL!)}`);

  await expect(page.getByRole('heading', { name: 'Acme Realty' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Washdesk server' })).toHaveValue(new URL(baseURL!).origin);
  const frame = page.getByTitle('Instant photo quote');
  await expect(frame).toHaveAttribute('src', `${new URL(baseURL!).origin}/embed/photo-quote`);
  await expect(frame.contentFrame().getByRole('heading', { name: 'Get Your Instant Quote' })).toBeVisible();
});
