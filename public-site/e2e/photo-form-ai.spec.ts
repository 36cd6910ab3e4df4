import { expect, test } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '../../backend/src/test/fake-openai.ts';
import { startTestServer, type TestServer } from '../../backend/src/test/test-server.ts';
import { PhotoFormPage } from './photo-form-page.ts';
import { fixturePhoto } from './quote-tool-page.ts';

// With an AI key the photo form keeps its AI wording. This needs a server of its own: the shared
// e2e server has no key. It runs in this process against the fake OpenAI on 127.0.0.1, so the
// real SDK, the real pricing and the built page are all in the path.

let fake: FakeOpenAi;
let server: TestServer;
test.beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ env: { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: fake.url } });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

test('with an AI model the photos are analysed and the detailed quote is shown', async ({ page }) => {
  fake.setScenario('good');
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
  expect(server.errors).toEqual([]);
});
