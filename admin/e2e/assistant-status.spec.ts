import { expect, test } from '@playwright/test';
import type { AssistantStatus } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';

test('the header says the assistant is online, and its tooltip says from what and where', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/call-logs');
  await expect(admin.pageTitle('Call Logs')).toBeVisible();
  const status = (await (await page.request.get('/api/assistant/status')).json()) as AssistantStatus;
  // The demo data has active FAQ entries and no provider keys.
  expect(status).toMatchObject({ online: true, answersFrom: 'faq' });

  const tag = page.getByText('AI Assistant Online');
  await expect(tag).toBeVisible();
  await tag.hover();
  const tooltip = page.locator('.bp6-tooltip');
  await expect(tooltip).toContainText(/Answers from \d+ active FAQ entr(y|ies); no AI model key is set\./);
  await expect(tooltip).toContainText('Phone line not connected (Twilio is not configured).');
  await expect(tooltip).toContainText('Messenger not connected (no Meta page access token).');
});
