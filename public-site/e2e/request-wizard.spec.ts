import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { PublicProfile } from '@washdesk/contract';
import { fixturePhoto, multipartParts, type MultipartPart } from './quote-tool-page.ts';
import { RequestWizardPage, type WizardContact } from './request-wizard-page.ts';
import { screenshotBothWidths, WITH_PICTURES } from './screenshot.ts';
import { StaffApi, unique } from './staff-api.ts';
import { serverAnswer } from './server-answer.ts';

const visitor = (label: string): WizardContact => {
  const name = unique(label);
  return {
    firstName: 'Dana',
    lastName: name,
    email: `${name.replace(/\W+/g, '-').toLowerCase()}@example.com`,
    phone: '(707) 555-0188',
    address: '120 Main Street, Ferndale',
  };
};

test(
  'a visitor goes from step 1 to 4, and the office sees the request',
  WITH_PICTURES,
  async ({ page, request }) => {
    const wizard = new RequestWizardPage(page);
    const contact = visitor('Wizard');
    const profile = (await (await request.get('/api/public/profile')).json()) as PublicProfile;
    await wizard.openWizard();

    // Step 1: Back is off; Next waits for all five fields.
    await expect(wizard.stepHeading('Your Information')).toBeVisible();
    await expect(wizard.currentStep).toContainText('Your Information');
    await expect(wizard.back).toBeDisabled();
    await expect(wizard.next).toBeDisabled();
    const { address, ...allButAddress } = contact;
    await wizard.fillContact({ ...allButAddress, address: '' });
    await expect(wizard.next).toBeDisabled();
    await wizard.field('address').fill('   ');
    await expect(wizard.next).toBeDisabled();
    await wizard.field('address').fill(address);
    await expect(wizard.next).toBeEnabled();
    await wizard.next.click();

    // Step 2: Next waits for a service; the heading takes the focus.
    await expect(wizard.stepHeading('Service Details')).toBeFocused();
    await expect(wizard.back).toBeEnabled();
    await expect(wizard.next).toBeDisabled();
    for (const label of [
      'House Washing',
      'Roof Cleaning',
      'Deck & Patio Cleaning',
      'Gutter Cleaning',
      'Window Cleaning',
      'Pressure Washing',
    ]) {
      await expect(page.getByRole('radio', { name: label })).toBeVisible();
    }
    await wizard.choosePropertyType('Commercial');
    await wizard.chooseTimeline('Within a week');
    await wizard.description.fill('Two stories, moss on the north side.');
    await expect(wizard.next).toBeDisabled();
    await wizard.chooseService('Roof Cleaning');
    await wizard.next.click();

    // Step 3: the summary, and the calendar or an honest note about it.
    await expect(wizard.stepHeading('Schedule Your Estimate')).toBeVisible();
    await expect(wizard.summaryValue('Service')).toHaveText('Roof Cleaning');
    await expect(wizard.summaryValue('Property')).toHaveText('Commercial');
    await expect(wizard.summaryValue('Timeline')).toHaveText('Within a week');
    if (profile.schedulingCalendarUrl) {
      await expect(page.locator('iframe[title="Scheduling calendar"]')).toHaveAttribute('height', '600');
    } else {
      await expect(page.getByText('Online booking is not available at the moment.')).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
    }
    // Back keeps everything typed.
    await wizard.back.click();
    await expect(page.getByRole('radio', { name: 'Roof Cleaning' })).toBeChecked();
    await wizard.back.click();
    await expect(wizard.field('firstName')).toHaveValue(contact.firstName);
    await wizard.next.click();
    await wizard.next.click();
    await wizard.submitButton.click();

    // Step 4.
    await expect(wizard.stepHeading('Request Submitted Successfully!')).toBeVisible();
    const done = page.getByRole('region', { name: 'Request Submitted Successfully!' });
    await expect(done.getByRole('listitem').nth(1)).toContainText(
      `We contact you within ${profile.followUpHours} hours`,
    );
    await expect(done.getByRole('link', { name: profile.phone })).toBeVisible();
    await expect(done.getByText(`Service area: ${profile.serviceArea}`)).toBeVisible();
    await expect(wizard.next).toHaveCount(0);
    await screenshotBothWidths(page, 'wizard-submitted');

    const staff = await StaffApi.signIn(request);
    const stored = await staff.serviceRequestFrom(contact.email);
    expect(stored).toMatchObject({
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone,
      address: contact.address,
      serviceType: 'roof-cleaning',
      propertyType: 'commercial',
      urgency: 'week',
      description: 'Two stories, moss on the north side.',
      hasPhotos: false,
      status: 'new',
    });
  },
);

test(
  'photos added in step 2 go up with the request, shrunk to at most 2000 px',
  WITH_PICTURES,
  async ({ page, request }) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wizard-'));
    try {
      const big = path.join(folder, 'big-roof.jpg');
      await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6b8f71' } })
        .jpeg({ quality: 90 })
        .toFile(big);
      const wizard = new RequestWizardPage(page);
      const contact = visitor('Wizard photos');
      let uploaded: MultipartPart[] = [];
      await page.route('**/api/service-requests', (route) => {
        uploaded = multipartParts(route.request());
        return route.continue();
      });
      await wizard.openWizard();
      await wizard.fillContact(contact);
      await wizard.next.click();
      await wizard.chooseService('House Washing');
      await wizard.photoInput.setInputFiles([big, fixturePhoto('pixel-gps-orientation1.jpg')]);
      await expect(wizard.selectedPhotos).toHaveCount(2);
      await page.getByRole('button', { name: 'Remove pixel-gps-orientation1.jpg' }).click();
      await expect(wizard.selectedPhotos).toHaveCount(1);
      await wizard.next.click();
      await expect(wizard.summaryValue('Photos')).toHaveText('1 attached');
      await screenshotBothWidths(page, 'wizard-step3');

      const answered = serverAnswer(page, 'POST', '/api/service-requests');
      await wizard.submitButton.click();

      await answered;
      await expect(wizard.stepHeading('Request Submitted Successfully!')).toBeVisible();
      const photos = uploaded.filter((part) => part.name === 'photos');
      expect(photos).toHaveLength(1);
      const sent = await sharp(photos[0]!.data).metadata();
      expect({ width: sent.width, height: sent.height }).toEqual({ width: 2000, height: 1500 });
      const stored = await (await StaffApi.signIn(request)).serviceRequestFrom(contact.email);
      expect(stored?.hasPhotos).toBe(true);
      expect(stored?.photos).toHaveLength(1);
      expect(Math.max(stored!.photos[0]!.width, stored!.photos[0]!.height)).toBeLessThanOrEqual(2000);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

test('when sending fails, the visitor is told, keeps everything, and can try again', async ({
  page,
  request,
}) => {
  const wizard = new RequestWizardPage(page);
  const contact = visitor('Wizard retry');
  let failNext = true;
  await page.route('**/api/service-requests', (route) => {
    if (!failNext) return route.continue();
    failNext = false;
    return route.fulfill({
      status: 500,
      json: { error: { code: 'internal_error', message: 'Database locked' } },
    });
  });
  await wizard.openWizard();
  await wizard.fillContact(contact);
  await wizard.next.click();
  await wizard.chooseService('Gutter Cleaning');
  await wizard.next.click();

  await wizard.submitButton.click();

  await expect(wizard.failure).toContainText('Your request could not be sent.');
  await expect(wizard.failure).not.toContainText('Database locked');
  await expect(wizard.stepHeading('Schedule Your Estimate')).toBeVisible();
  await expect(wizard.summaryValue('Service')).toHaveText('Gutter Cleaning');
  await wizard.back.click();
  await wizard.back.click();
  await expect(wizard.field('email')).toHaveValue(contact.email);
  await wizard.next.click();
  await wizard.next.click();

  await wizard.submitButton.click();

  await expect(wizard.stepHeading('Request Submitted Successfully!')).toBeVisible();
  const stored = await (await StaffApi.signIn(request)).serviceRequestFrom(contact.email);
  expect(stored?.serviceType).toBe('gutter-cleaning');
});

test('Next checks the step as the server would, each message under its field', async ({ page }) => {
  const wizard = new RequestWizardPage(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await wizard.openWizard();
  // What a new customer typed, and got through to step 3 before.
  await wizard.fillContact({
    firstName: 'J',
    lastName: 'Doe',
    email: 'not-an-email',
    phone: 'abc',
    address: 'J',
  });

  await wizard.next.click();

  await expect(wizard.stepHeading('Your Information')).toBeVisible();
  await expect(wizard.fieldError('email')).toHaveText('Enter a valid e-mail address');
  // The spec's messages (section 5) for a phone and an address.
  await expect(wizard.fieldError('phone')).toHaveText('Valid phone number required');
  await expect(wizard.fieldError('address')).toHaveText('Complete address is required');
  // A one-letter first name is a name (the server takes it too).
  await expect(wizard.fieldError('firstName')).toHaveCount(0);
  await expect(wizard.field('email')).toHaveAttribute('aria-invalid', 'true');
  await expect(wizard.field('email')).toBeFocused();

  // Each message goes as its field is corrected; Next then moves on.
  await wizard.field('email').fill('j.doe@example.com');
  await expect(wizard.fieldError('email')).toHaveCount(0);
  await wizard.field('phone').fill('(707) 555-0190');
  await wizard.next.click();
  await expect(wizard.fieldError('address')).toHaveText('Complete address is required');
  await expect(wizard.field('address')).toBeFocused();
  await wizard.field('address').fill('42 Ocean View Dr, Shelter Cove');
  await wizard.next.click();

  await expect(wizard.stepHeading('Service Details')).toBeFocused();
  expect(requests.filter((path) => path === '/api/service-requests')).toEqual([]);
});

test('an answer the server refuses sends the visitor back to it, with the reason', async ({ page }) => {
  const wizard = new RequestWizardPage(page);
  await wizard.openWizard();
  await wizard.fillContact(visitor('Wizard refused'));
  await wizard.next.click();
  await wizard.chooseService('Window Cleaning');
  // Longer than the server takes; the page leaves lengths to the server.
  await wizard.description.fill('Moss. '.repeat(1000));
  await wizard.next.click();

  await wizard.submitButton.click();

  await expect(wizard.stepHeading('Service Details')).toBeFocused();
  await expect(page.locator('#wizard-description-error')).toHaveText('Must be at most 5000 characters');
  await expect(wizard.description).toHaveAttribute('aria-invalid', 'true');
});

test('with a scheduling calendar configured, step 3 frames it 600 px high', async ({ page, request }) => {
  const profile = (await (await request.get('/api/public/profile')).json()) as PublicProfile;
  const calendarUrl = 'https://calendar.example/washdesk/estimate';
  // The test server runs without SCHEDULING_CALENDAR_URL. The page reads the profile the server
  // puts in its HTML (as JSON beside the prerendered markup): hand it one with a calendar.
  await page.route('**/', async (route) => {
    const served = await route.fetch();
    const html = (await served.text()).replace(
      JSON.stringify(profile),
      JSON.stringify({ ...profile, schedulingCalendarUrl: calendarUrl }),
    );
    expect(html).toContain(calendarUrl);
    route.fulfill({ status: served.status(), contentType: 'text/html', body: html });
  });
  await page.route('https://calendar.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Pick a time</h1>' }),
  );
  const wizard = new RequestWizardPage(page);
  await wizard.openWizard();
  await wizard.fillContact(visitor('Wizard calendar'));
  await wizard.next.click();
  await wizard.chooseService('Pressure Washing');
  await wizard.next.click();

  const calendar = page.getByTitle('Scheduling calendar');
  await expect(calendar).toHaveAttribute('src', calendarUrl);
  await expect(calendar).toHaveAttribute('height', '600');
  expect((await calendar.boundingBox())?.height).toBeCloseTo(600, -1);
  await expect(page.getByText('Online booking is not available')).toHaveCount(0);
});
