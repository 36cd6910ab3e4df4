import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Route } from '@playwright/test';
import sharp from 'sharp';
import {
  CONTACT_REQUIRED,
  MAX_PHOTO_BYTES,
  MAX_QUOTE_PHOTOS,
  PHOTOS_REQUIRED,
  type PhotoQuoteResponse,
  type PublicProfile,
} from '@washdesk/contract';
import {
  fixturePhoto,
  JANE,
  multipartParts,
  PRICE_RANGE,
  QuoteToolPage,
  type MultipartPart,
} from './quote-tool-page.ts';
import { serverAnswer } from './server-answer.ts';

const photoParts = (parts: MultipartPart[]) => parts.filter((part) => /^photo\d$/.test(part.name));

const cannedQuote: PhotoQuoteResponse = {
  submissionId: 1,
  quote: {
    surfaceType: 'house_soft_wash',
    estimatedArea: '2,200 sq ft',
    difficulty: 'Easy',
    priceRange: '$880 - $1,430',
    serviceRecommendations: ['House soft wash'],
  },
  provider: 'local-estimate',
};
const answerWithQuote = (route: Route) => route.fulfill({ json: cannedQuote });

test.describe('the quote tool checks the form before sending it', () => {
  test('without a photo it asks for photos', async ({ page }) => {
    const quote = new QuoteToolPage(page);
    await quote.openFullPage();
    await quote.fillContact(JANE);

    await quote.submit();

    await expect(quote.toast).toContainText(PHOTOS_REQUIRED.title);
    await expect(quote.toast).toContainText(PHOTOS_REQUIRED.message);
    await expect(quote.photoInput).toBeFocused();
  });

  test('without a name or phone it asks for the contact details', async ({ page }) => {
    const quote = new QuoteToolPage(page);
    await quote.openFullPage();
    await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
    await quote.fillContact({ phone: JANE.phone });

    await quote.submit();

    await expect(quote.toast).toContainText(CONTACT_REQUIRED.title);
    await expect(quote.toast).toContainText(CONTACT_REQUIRED.message);
    await expect(quote.field('name')).toBeFocused();
  });

  test(`keeps the first ${MAX_QUOTE_PHOTOS} of 6 photos picked at once and names the one left out`, async ({
    page,
  }) => {
    const quote = new QuoteToolPage(page);
    await quote.openFullPage();
    const jpeg = fs.readFileSync(fixturePhoto('pixel-gps-orientation1.jpg'));
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: `side-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: jpeg,
    }));

    await quote.addPhotos(six);

    await expect(quote.selectedPhotos).toHaveCount(MAX_QUOTE_PHOTOS);
    await expect(page.getByRole('img', { name: 'side-5.jpg' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'side-6.jpg' })).toHaveCount(0);
    await expect(quote.photoProblems).toHaveText(
      `“side-6.jpg” was not added: at most ${MAX_QUOTE_PHOTOS} photos can be sent.`,
    );
    await expect(quote.photoInput).toBeDisabled();

    await quote.removePhoto('side-2.jpg');
    await expect(quote.selectedPhotos).toHaveCount(MAX_QUOTE_PHOTOS - 1);
    await expect(quote.photoProblems).toHaveCount(0);
    await expect(quote.photoInput).toBeEnabled();
  });

  test('refuses a file that is not a photo (by its bytes), and one over 10 MB, naming each', async ({
    page,
  }) => {
    const quote = new QuoteToolPage(page);
    await quote.openFullPage();

    await quote.addPhotos([
      { name: 'estimate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') },
      // A text file named .jpg: the browser calls it image/jpeg; its bytes say otherwise.
      { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Not a photo, just text.\n') },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(MAX_PHOTO_BYTES + 1) },
      {
        name: 'coffee-photo.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(fixturePhoto('coffee-photo.png')),
      },
    ]);

    await expect(quote.photoProblems).toContainText('“estimate.pdf” is not a photo');
    await expect(quote.photoProblems).toContainText(
      '“porch.jpg” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.',
    );
    await expect(quote.photoProblems).toContainText('“huge.jpg” is larger than 10 MB');
    await expect(quote.selectedPhotos).toHaveCount(1);
    await expect(quote.photoInput).toHaveAttribute('aria-invalid', 'true');
  });
});

test('a visitor gets a rough quote from the real backend, then starts over', async ({ page, request }) => {
  const profile = (await (await request.get('/api/public/profile')).json()) as PublicProfile;
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg'), fixturePhoto('coffee-photo.png')]);
  await quote.fillContact({
    ...JANE,
    email: 'jane@example.com',
    address: '12 Main St, Garberville',
    notes: 'Two-story house, moss on the north side',
  });

  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.submit();

  await answered;
  await expect(quote.result).toBeVisible();
  await expect(quote.toast).toContainText('Quote Generated!');
  await expect(quote.toast).toContainText(
    "Your rough quote is ready. We'll contact you within 24 hours for a detailed estimate.",
  );
  await expect(quote.priceRange).toHaveText(PRICE_RANGE);
  // No model on this server: the facts are named for what they are (see the test below).
  await expect(quote.resultFact('Priced for')).not.toBeEmpty();
  await expect(quote.resultFact('Priced for')).not.toContainText('_');
  await expect(quote.resultFact('Typical area')).toContainText('sq ft');
  await expect(quote.resultFact('Difficulty')).not.toBeEmpty();
  await expect(quote.result.getByRole('heading', { name: 'Recommended services' })).toBeVisible();
  await expect(quote.result.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  await expect(quote.result.locator('.quote-result__steps > li')).toHaveText([
    /contact you within 24 hours/,
    /On-site assessment/,
    /Schedule service/,
  ]);
  await expect(quote.result.getByRole('link', { name: profile.phone })).toHaveAttribute('href', /^tel:/);
  await expect(quote.result.getByRole('link', { name: profile.email })).toHaveAttribute(
    'href',
    `mailto:${profile.email}`,
  );
  await expect(page.getByRole('heading', { name: 'Your Rough Quote' })).toBeFocused();

  await quote.anotherQuote();

  await expect(quote.result).toHaveCount(0);
  await expect(quote.selectedPhotos).toHaveCount(0);
  for (const field of ['name', 'phone', 'email', 'address', 'notes'] as const) {
    await expect(quote.field(field)).toHaveValue('');
  }
  await expect(quote.submitButton).toHaveText('Get My Quote');
  await expect(quote.photoInput).toBeFocused();
});

test('without a model, the tool says the quote comes from the answers and typical sizes, not the photos', async ({
  page,
}) => {
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  await expect(page.getByText(/estimated from your notes and typical home sizes in our area/)).toBeVisible();
  await expect(page.getByText(/Our AI/)).toHaveCount(0);
  // A photo of a coffee cup: nothing looks at it, and nothing pretends to.
  await quote.addPhotos([fixturePhoto('coffee-photo.png')]);
  await quote.fillContact(JANE);

  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.submit();

  await answered;
  await expect(quote.result).toBeVisible();
  await expect(quote.resultFact('Priced for')).toHaveText('House Soft Washing, Concrete Cleaning');
  // Typical sizes: a house of 2,200 sq ft and a driveway of 600.
  await expect(quote.resultFact('Typical area')).toHaveText('2,800 sq ft');
  await expect(quote.result).toContainText(
    'Rough estimate from your answers and typical sizes of homes in our area, without photo analysis: your photos were not measured.',
  );
  await expect(quote.result.getByText('Surface type')).toHaveCount(0);
  await expect(quote.result.getByText('Estimated area')).toHaveCount(0);
});

test('a detail the server refuses is shown under its field, and nothing is lost', async ({ page }) => {
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await quote.fillContact({ ...JANE, email: 'not-an-address' });

  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.submit();

  await answered;
  await expect(quote.fieldError('email')).toBeVisible();
  await expect(quote.field('email')).toHaveAttribute('aria-invalid', 'true');
  await expect(quote.field('email')).toBeFocused();
  await expect(quote.field('name')).toHaveValue(JANE.name);
  await expect(quote.selectedPhotos).toHaveCount(1);

  await quote.field('email').fill('jane@example.com');
  await expect(quote.fieldError('email')).toHaveCount(0);
});

for (const phone of ['555-0142', 'abc-def-ghij']) {
  test(`a phone number we cannot call (${phone}) is named as such before the photos are sent`, async ({
    page,
  }) => {
    const quote = new QuoteToolPage(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await quote.openFullPage();
    await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
    await quote.fillContact({ name: JANE.name, phone });

    await quote.submit();

    // Both were given: not "Please provide your name and phone number." but what is wrong.
    await expect(quote.fieldError('phone')).toHaveText('Valid phone number required');
    await expect(quote.field('phone')).toBeFocused();
    await expect(quote.toast).not.toContainText(CONTACT_REQUIRED.message);
    expect(requests.filter((url) => url.endsWith('/api/photo-quote'))).toHaveLength(0);
  });
}

test('a photo only the server finds unreadable is named with the server’s reason', async ({ page }) => {
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  // JPEG's first bytes, then nothing a decoder can read: it passes the page's check of the bytes.
  const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
  await quote.addPhotos([{ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: broken }]);
  await expect(quote.selectedPhotos).toHaveCount(1);
  await quote.fillContact(JANE);

  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.submit();

  expect((await answered).status()).toBe(415);
  await expect(quote.photoProblems).toHaveText(
    '“broken.jpg” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.',
  );
  await expect(quote.toast).not.toContainText('Upload Failed');
  await expect(quote.field('name')).toHaveValue(JANE.name);
});

test('when the server fails, the visitor is told and keeps what they entered', async ({ page }) => {
  const quote = new QuoteToolPage(page);
  await page.route('**/api/photo-quote', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something broke' } } }),
  );
  await quote.openFullPage();
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await quote.fillContact(JANE);

  await quote.submit();

  await expect(quote.toast).toContainText('Upload Failed');
  await expect(quote.toast).toContainText('There was an error processing your photos. Please try again.');
  await expect(quote.toast).not.toContainText('Something broke');
  await expect(quote.field('name')).toHaveValue(JANE.name);
  await expect(quote.field('phone')).toHaveValue(JANE.phone);
  await expect(quote.selectedPhotos).toHaveCount(1);
  await expect(quote.submitButton).toBeEnabled();
});

test('when the visitor is rate-limited, the toast says when to try again', async ({ page }) => {
  const quote = new QuoteToolPage(page);
  const wait = 'Too many requests. Please try again in a minute.';
  await page.route('**/api/photo-quote', (route) =>
    route.fulfill({ status: 429, json: { error: { code: 'rate_limited', message: wait } } }),
  );
  await quote.openFullPage();
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await quote.fillContact(JANE);

  await quote.submit();

  await expect(quote.toast).toContainText('Upload Failed');
  await expect(quote.toast).toContainText(wait);
});

test('while the photos go up, a progress bar shows how far along they are', async ({ page }) => {
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  // A slow mobile upload (100 KB/s), so the progress can be watched against the real backend.
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });
  await quote.addPhotos([fixturePhoto('house-roofs-aerial-canon5d3.jpg')]);
  await quote.fillContact(JANE);

  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.submit();

  // No model on this server: nothing claims to analyse the photos.
  await expect(quote.submitButton).toHaveText('Estimating...');
  await expect(quote.submitButton).toBeDisabled();
  await expect
    .poll(async () => Number(await quote.progressBar.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const shown = Number(await quote.progressBar.getAttribute('aria-valuenow'));
  expect(shown).toBeLessThan(100);
  await expect(page.getByText(/^\d+%$/)).toBeVisible();
  await answered;
  await expect(quote.result).toBeVisible();
});

test('a toast closes by itself after 5 seconds, or sooner with its close button', async ({ page }) => {
  await page.clock.install();
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  // From here the page's time moves only when the test moves it: a busy machine's slow steps
  // cannot use up the toast's five seconds. (A minute ahead, so the pause is never in its past.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);

  await quote.submit();
  await expect(quote.toast).toContainText(PHOTOS_REQUIRED.title);
  await page.clock.runFor(4_000);
  await expect(quote.toast).toContainText(PHOTOS_REQUIRED.title);
  await page.clock.runFor(1_100);
  await expect(quote.toast).toBeEmpty();

  await quote.submit();
  await quote.closeToast();
  await expect(quote.toast).toBeEmpty();
});

test.describe('photos are shrunk in the browser before they are uploaded', () => {
  test('a 4000×3000 photo goes up at most 2000 px on its long edge', async ({ page }) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'quote-tool-'));
    try {
      const big = path.join(folder, 'big-house.jpg');
      await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#7aa6c2' } })
        .jpeg({ quality: 90 })
        .toFile(big);
      const quote = new QuoteToolPage(page);
      let uploaded: MultipartPart[] = [];
      await page.route('**/api/photo-quote', (route) => {
        uploaded = multipartParts(route.request());
        return route.continue();
      });
      await quote.openFullPage();
      await quote.addPhotos([big]);
      await quote.fillContact(JANE);

      const answered = serverAnswer(page, 'POST', '/api/photo-quote');
      await quote.submit();

      await answered;
      await expect(quote.result).toBeVisible();
      const photos = photoParts(uploaded);
      expect(photos).toHaveLength(1);
      expect(photos[0]!.contentType).toBe('image/jpeg');
      const size = await sharp(photos[0]!.data).metadata();
      expect({ width: size.width, height: size.height }).toEqual({ width: 2000, height: 1500 });
      const info = uploaded.find((part) => part.name === 'customerInfo');
      expect(JSON.parse(info!.data.toString('utf8'))).toMatchObject(JANE);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  test('photos are turned upright and their EXIF (GPS included) stays on the device', async ({ page }) => {
    const quote = new QuoteToolPage(page);
    let uploaded: MultipartPart[] = [];
    await page.route('**/api/photo-quote', (route) => {
      uploaded = multipartParts(route.request());
      return answerWithQuote(route);
    });
    await quote.openFullPage();
    // Stored 2576×1932 with EXIF orientation 6 (shown portrait); and an iPhone photo with GPS.
    await quote.addPhotos([
      fixturePhoto('samsung-j327-orientation6.jpg'),
      fixturePhoto('iphone5-gps-orientation3.jpg'),
    ]);
    await quote.fillContact(JANE);

    await quote.submit();

    await expect(quote.result).toBeVisible();
    const [portrait, iphone] = await Promise.all(
      photoParts(uploaded).map((part) => sharp(part.data).metadata()),
    );
    expect({ width: portrait!.width, height: portrait!.height }).toEqual({ width: 1500, height: 2000 });
    expect({ width: iphone!.width, height: iphone!.height }).toEqual({ width: 2000, height: 1500 });
    for (const photo of [portrait!, iphone!]) {
      expect(photo.exif).toBeUndefined();
      expect(photo.orientation ?? 1).toBe(1);
    }
  });

  test('a photo the browser cannot decode (HEIC) is sent as it is, for the server to convert', async ({
    page,
  }) => {
    const quote = new QuoteToolPage(page);
    let uploaded: MultipartPart[] = [];
    await page.route('**/api/photo-quote', (route) => {
      uploaded = multipartParts(route.request());
      return route.continue();
    });
    await quote.openFullPage();
    await quote.addPhotos([fixturePhoto('iphone7-gps-orientation1.heic')]);
    await expect(quote.selectedPhotos).toHaveCount(1);
    await quote.fillContact(JANE);

    const answered = serverAnswer(page, 'POST', '/api/photo-quote');
    await quote.submit();

    // The real backend converts HEIC itself. (Playwright does not show a file's bytes in the
    // request it intercepts, so the part's name and type say it was not re-encoded.)
    await answered;
    await expect(quote.result).toBeVisible();
    const [heic] = photoParts(uploaded);
    expect(heic!.fileName).toBe('iphone7-gps-orientation1.heic');
    expect(heic!.contentType).toMatch(/^image\/hei[cf]$/);
  });
});

test('photos chosen while the page is still loading its script are kept once it has loaded', async ({
  page,
}) => {
  // A slow phone: the prerendered form is on screen, its script has not arrived yet.
  const quote = new QuoteToolPage(page);
  const letScriptsLoad = await quote.openWithScriptsHeld('/photo-quote-tool');
  await quote.photoInput.setInputFiles([fixturePhoto('pixel-gps-orientation1.jpg')]);

  await letScriptsLoad();
  await expect(quote.selectedPhotos).toHaveCount(1);
  await expect(page.getByText('1 of 5 added')).toBeVisible();
});

test('words typed while the page is still loading its script stay, and are sent', async ({ page }) => {
  const quote = new QuoteToolPage(page);
  const letScriptsLoad = await quote.openWithScriptsHeld('/photo-quote-tool');
  const name = page.getByRole('textbox', { name: /^Name/ });
  const notes = page.getByRole('textbox', { name: /^Notes/ });
  await name.fill('Jane Early');
  await notes.fill('Typed on a slow phone');

  await letScriptsLoad();
  await expect(name).toHaveValue('Jane Early');
  await expect(notes).toHaveValue('Typed on a slow phone');

  // The form's own state has them: they reach the server with the photo.
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('(707) 555-0142');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/photo-quote'));
  await quote.submit();
  const body = (await sent).postDataBuffer()?.toString('latin1') ?? '';
  expect(body).toContain('Jane Early');
  expect(body).toContain('Typed on a slow phone');
});

test('the consent line for texts is unticked until the visitor ticks it, then travels in customerInfo', async ({
  page,
}) => {
  let uploaded: MultipartPart[] = [];
  await page.route('**/api/photo-quote', (route) => {
    uploaded = multipartParts(route.request());
    return route.continue();
  });
  const quote = new QuoteToolPage(page);
  await quote.openFullPage();
  await quote.addPhotos([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await quote.fillContact(JANE);
  const consent = page.getByRole('checkbox', { name: /^Text me about this request/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  const answered = serverAnswer(page, 'POST', '/api/photo-quote');
  await quote.submit();
  await answered;
  await expect(quote.result).toBeVisible();
  const info = uploaded.find((part) => part.name === 'customerInfo');
  expect(JSON.parse(info!.data.toString('utf8'))).toMatchObject({ ...JANE, textConsent: true });
  // Starting over clears it with the rest of the contact details.
  await quote.anotherQuote();
  await expect(consent).not.toBeChecked();
});
