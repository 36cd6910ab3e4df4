import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

test('with no data yet the performance metrics show "—"', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/settings');

  const metrics = page.getByRole('region', { name: 'Performance Metrics' });
  for (const label of ['Response Accuracy', 'Avg Response Time', 'Total Interactions']) {
    await expect(metrics.getByRole('group', { name: label }).locator('dd')).toHaveText('—');
  }
});

test('with no channel configured, the header says the assistant is offline and why', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/settings');
  await expect(admin.pageTitle('Settings')).toBeVisible();
  // A fresh database has no FAQ entry and the test server sets no AI key.
  await expect(page.getByText('AI Assistant Online')).toHaveCount(0);
  const tag = page.getByText('AI Assistant Offline · no channel answered', { exact: true });
  await tag.hover();
  await expect(page.locator('.bp6-tooltip').getByRole('listitem')).toHaveText([
    'Phone: not answered (Twilio is not configured)',
    'Texts: not answered (Text auto-reply is off in AI Settings; TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER are not all set)',
    'Messenger: not answered (Meta is not configured)',
    'Photo quotes: local estimate (no AI key)',
    'Answers from the price list, services and common responses only: no AI key and no active FAQ entry.',
  ]);
});
