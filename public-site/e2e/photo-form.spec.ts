import { expect, test } from '@playwright/test';
import {
  ADVERTISED_PRICES,
  PHOTO_FORM_SERVICE_TYPES,
  RATE_LABEL,
  type PublicProfile,
} from '@washdesk/contract';
import { PhotoFormPage, type PhotoFormDetails } from './photo-form-page.ts';
import { fixturePhoto } from './quote-tool-page.ts';
import { screenshotBothWidths } from './screenshot.ts';
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
  await expect(page.getByRole('region', { name: 'AI Analysis' })).toBeVisible();
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

test('the AI analysis ends on the thank-you screen with the results and a detailed quote', async ({
  page,
}) => {
  const form = new PhotoFormPage(page);
  await form.openForm();
  await form.fill(customer('Analysis'));
  await form.chooseService('House Soft Wash');
  await form.photoInput.setInputFiles([PHOTO]);
  // Held back until the busy label has been seen, however fast the analysis would answer.
  let release = () => {};
  const seenBusy = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/analyze-photos', async (route) => {
    await seenBusy;
    await route.continue();
  });
  const answer = page.waitForResponse('**/api/analyze-photos');

  await form.analysisButton.click();

  await expect(form.analysisButton).toHaveText('Analyzing...');
  release();
  const body = (await (await answer).json()) as {
    detailedQuote: { totalAmount: number; totalSquareFootage: number };
    analysisResults: { surfaceType: string; confidence: number }[];
  };
  const total = `$${body.detailedQuote.totalAmount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  await expect(form.toast).toContainText('AI Analysis Complete!');
  await expect(form.toast).toContainText(total);
  await expect(form.toast).toContainText(
    `${Math.round(body.detailedQuote.totalSquareFootage).toLocaleString('en-US')} sq ft`,
  );
  await expect(form.thankYou.getByRole('heading', { name: 'AI Analysis Results' })).toBeVisible();
  const surfaces = form.thankYou.getByRole('list', { name: 'Surfaces found' }).getByRole('listitem');
  await expect(surfaces).toHaveCount(body.analysisResults.length);
  const first = body.analysisResults[0]!;
  await expect(surfaces.first()).toContainText(`${Math.round(first.confidence * 100)}% confidence`);
  await expect(surfaces.first()).not.toContainText('_');
  await expect(form.thankYou.getByRole('heading', { name: 'Detailed Quote' })).toBeVisible();
  await expect(form.thankYou.locator('.photo-thanks__total')).toHaveText(total);
  await screenshotBothWidths(page, 'photo-form-ai-thanks');
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
