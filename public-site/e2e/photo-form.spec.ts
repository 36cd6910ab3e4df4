import { expect, test } from '@playwright/test';
import {
  ADVERTISED_PRICES,
  PHOTO_FORM_SERVICE_TYPES,
  RATE_LABEL,
  type PublicProfile,
} from '@washdesk/contract';
import { PhotoFormPage, type PhotoFormDetails } from './photo-form-page.ts';
import { fixturePhoto } from './quote-tool-page.ts';
import { serverAnswer } from './server-answer.ts';
import { screenshotBothWidths, WITH_PICTURES } from './screenshot.ts';
import { StaffApi, unique } from './staff-api.ts';

const customer = (label: string): PhotoFormDetails => ({
  firstName: 'Robin',
  lastName: unique(label),
  phone: '(707) 555-0161',
});
const PHOTO = fixturePhoto('pixel-gps-orientation1.jpg');
const SECOND_PHOTO = fixturePhoto('house-roofs-aerial-canon5d3.jpg');

test('the form shows the advertised prices and both ways to get an estimate', async ({ page }) => {
  const form = new PhotoFormPage(page);
  await form.openForm();

  await expect(form.heading('Photo Submission for Estimate')).toBeVisible();
  const banner = page.getByRole('region', { name: new RegExp(RATE_LABEL) });
  for (const price of ADVERTISED_PRICES) {
    await expect(banner.getByRole('listitem').filter({ hasText: price.label })).toContainText(
      `$${price.low.toFixed(2)}–$${price.high.toFixed(2)} / sq ft`,
    );
  }
  await expect(page.getByRole('region', { name: 'Instant Rough Estimate' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Manual Review' })).toContainText('24 hours');
  for (const service of PHOTO_FORM_SERVICE_TYPES) {
    await expect(page.getByRole('radio', { name: service, exact: true })).toBeVisible();
  }
});

test('both buttons wait for a photo, and the required fields are enforced', async ({ page }) => {
  const form = new PhotoFormPage(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await form.openForm();

  await expect(form.manualButton).toBeDisabled();
  await expect(form.analysisButton).toBeDisabled();
  await form.photoInput.setInputFiles([PHOTO, SECOND_PHOTO]);
  await expect(form.selectedPhotos).toHaveCount(2);
  await form.removePhoto('house-roofs-aerial-canon5d3.jpg');
  await expect(form.selectedPhotos).toHaveCount(1);
  await expect(form.manualButton).toBeEnabled();
  await form.field('email').fill('robin-at-home');

  await form.manualButton.click();

  await expect(form.fieldError('firstName')).toHaveText('First name is required');
  await expect(form.fieldError('lastName')).toHaveText('Last name is required');
  await expect(form.fieldError('phone')).toHaveText('Valid phone number required');
  await expect(form.fieldError('email')).toHaveText('Enter a valid e-mail address');
  await expect(form.fieldError('serviceType')).toHaveText('Service type is required');
  await expect(form.field('firstName')).toBeFocused();
  expect(requests.filter((url) => url.includes('/api/photo-submissions'))).toHaveLength(0);

  await form.removePhoto('pixel-gps-orientation1.jpg');
  await expect(form.manualButton).toBeDisabled();
  await expect(form.analysisButton).toBeDisabled();
});

test('a manual submission ends on the thank-you screen, and the office sees it', async ({
  page,
  request,
}) => {
  const form = new PhotoFormPage(page);
  const details = { ...customer('Manual'), email: 'robin@example.com', notes: 'Back deck only.' };
  const profile = (await (await request.get('/api/public/profile')).json()) as PublicProfile;
  await form.openForm();
  await form.fill(details);
  await form.chooseService('Deck/Patio Cleaning');
  await form.photoInput.setInputFiles([PHOTO, SECOND_PHOTO]);
  // The consent line for texts: unticked until the customer ticks it; then it travels with the form.
  const consent = page.getByRole('checkbox', { name: /^Text me about this request/ });
  await expect(consent).not.toBeChecked();
  await consent.check();

  await form.manualButton.click();

  await expect(form.toast).toContainText(
    "Photos submitted successfully! We'll contact you soon with a quote.",
  );
  await expect(form.thankYou).toContainText(
    `Our team will review them and contact you within ${profile.followUpHours} hours`,
  );
  await expect(form.thankYou.getByRole('link', { name: profile.phone })).toBeVisible();
  await expect(form.thankYou).not.toContainText('Detailed Quote');
  const staff = await StaffApi.signIn(request);
  const stored = (await staff.photoSubmissions()).find((s) => s.lastName === details.lastName);
  expect(stored).toMatchObject({
    firstName: details.firstName,
    phone: details.phone,
    email: details.email,
    serviceType: 'Deck/Patio Cleaning',
    notes: details.notes,
    source: 'photo-form',
    status: 'pending',
  });
  expect(stored?.photos).toHaveLength(2);
});

test('choices made while the page is still loading its script stay, and the office gets them', async ({
  page,
  request,
}) => {
  // A slow phone: the prerendered form is on screen, its script has not arrived yet.
  const form = new PhotoFormPage(page);
  const details = customer('Early');
  const letScriptsLoad = await form.openWithScriptsHeld('/photo-form');
  await form.fill(details);
  await form.chooseService('Deck/Patio Cleaning');
  await form.chooseService('House Soft Wash');
  await form.stories.selectOption('2');

  await letScriptsLoad();
  const service = (label: string) => page.getByRole('radio', { name: label, exact: true });
  await expect(service('House Soft Wash')).toBeChecked();
  await expect(service('Deck/Patio Cleaning')).not.toBeChecked();
  await expect(form.stories).toHaveValue('2');
  await expect(form.field('lastName')).toHaveValue(details.lastName!);

  // The form's own state has them: they reach the office with the photo.
  await form.photoInput.setInputFiles([PHOTO]);
  await form.manualButton.click();
  await expect(form.thankYou).toBeVisible();
  const staff = await StaffApi.signIn(request);
  const stored = (await staff.photoSubmissions()).find((s) => s.lastName === details.lastName);
  expect(stored).toMatchObject({ serviceType: 'House Soft Wash', stories: 2, phone: details.phone });
});

test(
  'without an AI model the instant estimate is a rough range from the answers, and says so',
  WITH_PICTURES,
  async ({ page, request }) => {
    const form = new PhotoFormPage(page);
    const details = { ...customer('Rough'), squareFeet: '2,400' };
    await form.openForm();
    // The e2e server has no AI key: nothing on the page may promise an AI looking at the photos.
    await expect(page.getByRole('region', { name: 'Instant Rough Estimate' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'AI Analysis' })).toHaveCount(0);
    await form.fill(details);
    await form.stories.selectOption('2');
    await form.chooseService('House Soft Wash');
    await form.photoInput.setInputFiles([PHOTO]);
    await expect(form.analysisButton).toHaveText('Get Instant Rough Estimate');
    // Held back until the busy label has been seen, however fast the estimate would answer.
    let release = () => {};
    const seenBusy = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/analyze-photos', async (route) => {
      await seenBusy;
      await route.continue();
    });

    await form.analysisButton.click();

    await expect(form.analysisButton).toHaveText('Estimating...');
    release();
    // 2,400 sq ft of house over two stories (moderate, +10%): 2400 × 0.40 × 1.1 = $1,056 to
    // 2400 × 0.65 × 1.1 = $1,716.
    await expect(form.toast).toContainText('Rough Estimate Ready');
    await expect(form.toast).toContainText(
      "$1,056 - $1,716 from your answers. We'll call you within 24 hours.",
    );
    await expect(form.toast).not.toContainText('AI Analysis Complete!');
    await expect(form.thankYou.getByRole('heading', { name: 'Rough Estimate' })).toBeVisible();
    await expect(form.thankYou.getByLabel('Estimated price range')).toHaveText('$1,056 - $1,716');
    await expect(form.thankYou).toContainText(
      'Here is a rough estimate from your answers; your photos were not analyzed for it. We call you within 24 hours',
    );
    await expect(form.thankYou).toContainText(
      'Based on the service you chose and the size you gave: 2 stories, about 2,400 sq ft.',
    );
    await expect(form.thankYou.getByRole('list', { name: 'Services estimated' })).toHaveText([
      /House Soft Washing\s*2,400 sq ft/,
    ]);
    for (const claim of ['Your photos were analyzed', 'AI Analysis Results', 'confidence', 'Valid for']) {
      await expect(form.thankYou).not.toContainText(claim);
    }
    const staff = await StaffApi.signIn(request);
    const stored = (await staff.photoSubmissions()).find((s) => s.lastName === details.lastName);
    expect(stored).toMatchObject({ stories: 2, squareFeet: 2400, source: 'ai-analysis' });
    await screenshotBothWidths(page, 'photo-form-rough-estimate');
  },
);

test('a square footage the estimate cannot use is refused beside its field', async ({ page }) => {
  const form = new PhotoFormPage(page);
  await form.openForm();
  await form.fill({ ...customer('Bad size'), squareFeet: '2.5k' });
  await form.chooseService('Roof Cleaning');
  await form.photoInput.setInputFiles([PHOTO]);

  await form.analysisButton.click();

  await expect(page.locator('#photo-form-squareFeet-error')).toHaveText(
    'Square feet must be a whole number from 300 to 20,000',
  );
  await expect(form.field('squareFeet')).toBeFocused();
  await expect(form.thankYou).toHaveCount(0);
});

test('when the manual submission fails, the spec’s toast shows and the form is kept', async ({ page }) => {
  const form = new PhotoFormPage(page);
  const details = customer('Manual fails');
  await page.route('**/api/photo-submissions', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Disk full' } } }),
  );
  await form.openForm();
  await form.fill(details);
  await form.chooseService('Fence Cleaning');
  await form.photoInput.setInputFiles([PHOTO]);

  await form.manualButton.click();

  await expect(form.toast).toContainText('Failed to submit photos. Please try again.');
  await expect(form.toast).not.toContainText('Disk full');
  await expect(form.thankYou).toHaveCount(0);
  await expect(form.field('lastName')).toHaveValue(details.lastName!);
  await expect(form.selectedPhotos).toHaveCount(1);
  await expect(form.manualButton).toHaveText('Submit for Manual Review');
  await expect(form.manualButton).toBeEnabled();
});

test('when the analysis fails, the spec’s toast suggests a normal submission', async ({ page }) => {
  const form = new PhotoFormPage(page);
  await page.route('**/api/analyze-photos', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Model down' } } }),
  );
  await form.openForm();
  await form.fill(customer('Analysis fails'));
  await form.chooseService('Roof Cleaning');
  await form.photoInput.setInputFiles([PHOTO]);

  await form.analysisButton.click();

  await expect(form.toast).toContainText('Analysis failed');
  await expect(form.toast).toContainText('Please try submitting photos normally or call us directly.');
  await expect(form.thankYou).toHaveCount(0);
  await expect(form.manualButton).toBeEnabled();
});

test('a text file named .jpg is refused when picked, saying it is not a photo', async ({ page }) => {
  const form = new PhotoFormPage(page);
  await form.openForm();

  await form.photoInput.setInputFiles([
    { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Not a photo, just text.\n') },
  ]);

  await expect(form.photoProblems).toHaveText(
    '“porch.jpg” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.',
  );
  await expect(form.selectedPhotos).toHaveCount(0);
  await expect(form.analysisButton).toBeDisabled();
});

test('a photo only the server cannot read gets the server’s reason, not “try submitting normally”', async ({
  page,
}) => {
  const form = new PhotoFormPage(page);
  await form.openForm();
  await form.fill(customer('Unreadable photo'));
  await form.chooseService('Roof Cleaning');
  // JPEG's first bytes, then nothing a decoder can read: it passes the page's check of the bytes.
  const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
  await form.photoInput.setInputFiles([{ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: broken }]);
  await expect(form.selectedPhotos).toHaveCount(1);

  const answered = serverAnswer(page, 'POST', '/api/analyze-photos');
  await form.analysisButton.click();

  expect((await answered).status()).toBe(415);
  const reason = '“broken.jpg” is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIC image.';
  await expect(form.photoProblems).toHaveText(reason);
  await expect(form.toast).toContainText('Please check the form');
  await expect(form.toast).toContainText(reason);
  await expect(form.toast).not.toContainText('Analysis failed');
  await expect(form.photoInput).toBeFocused();
  await expect(form.thankYou).toHaveCount(0);
});
