import { expect, test } from '@playwright/test';
import type { AssistantStatus } from '@washdesk/contract';
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

test('with nothing to answer from, the header says the assistant is offline and why', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/settings');
  await expect(admin.pageTitle('Settings')).toBeVisible();
  // A fresh database has no FAQ entry and the test server sets no AI key.
  const status = (await (await page.request.get('/api/assistant/status')).json()) as AssistantStatus;
  expect(status).toMatchObject({ online: false, answersFrom: 'none' });

  await expect(page.getByText('AI Assistant Online')).toHaveCount(0);
  const tag = page.getByText('AI Assistant Offline');
  await tag.hover();
  await expect(page.locator('.bp6-tooltip')).toContainText(
    'No AI model key is set and no FAQ entry is active, so it has nothing to answer from.',
  );
});
