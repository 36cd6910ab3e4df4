import { expect, test } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { PhotoFormPage } from './photo-form-page.ts';
import { fixturePhoto } from './quote-tool-page.ts';

// With an AI key the photo form keeps its AI wording. This needs a server of its own: the shared
// e2e server has no key. It talks to the fake OpenAI on 127.0.0.1 (answering its 'good' analysis),
// so the real SDK, the real pricing and the built page are all in the path.

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('ai-key');
});
test.afterAll(async () => {
  // A fault the server reported while the test ran ends it with exit code 1.
  expect(await server?.stop()).toBe(0);
});

test('with an AI model the photos are analysed and the detailed quote is shown', async ({ page }) => {
  const form = new PhotoFormPage(page);
  await page.goto(`${server.url}/photo-form`);
  await expect(page.getByRole('region', { name: 'AI Analysis' })).toBeVisible();
  await form.fill({ firstName: 'Robin', lastName: 'Analysed', phone: '(707) 555-0161' });
  await form.chooseService('House Soft Wash');
  await form.photoInput.setInputFiles([fixturePhoto('pixel-gps-orientation1.jpg')]);
  await expect(form.analysisButton).toHaveText('Get Instant AI Estimate');

  await form.analysisButton.click();

  // The fake model's house: 1,800 sq ft, moderate: 1800 × $0.525 = $945, +10% = $95 (94.5 rounded);
  // its driveway: 450 sq ft × $0.40 = $180. Total $1,220 over 2,250 sq ft.
  await expect(form.toast).toContainText('AI Analysis Complete!');
  await expect(form.toast).toContainText('2,250 sq ft in total, estimated at $1,220.');
  await expect(form.thankYou).toContainText('Your photos were analyzed.');
  await expect(form.thankYou.getByRole('list', { name: 'Surfaces found' }).getByRole('listitem')).toHaveText([
    /House soft wash\s*1,800 sq ft\s*86% confidence/,
    /Concrete cleaning\s*450 sq ft\s*90% confidence/,
  ]);
  await expect(form.thankYou.locator('.photo-thanks__total')).toHaveText('$1,220');
  await expect(form.thankYou).toContainText('California High-End Rate. Valid for 30 days.');
});
