import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

test('with no AI responses logged, every figure is "—" and the list says it is empty', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  // The page's figures and list are checked once the server has answered for them.
  await admin.open('/admin/ai-responses', ['GET', '/api/ai-responses'], ['GET', '/api/ai-responses/summary']);
  await expect(admin.pageTitle('AI Responses')).toBeVisible();
  await expect(page.getByText('No AI responses yet')).toBeVisible();
  for (const card of ['Total Responses', 'Avg Response Time', 'Success Rate']) {
    await expect(admin.statCard(card).getByRole('heading')).toHaveText('—');
  }

  await admin.afterAnswers(
    () => page.getByRole('button', { name: 'Analyze Patterns' }).click(),
    ['GET', '/api/ai-responses/intents'],
  );
  await expect(page.getByRole('dialog', { name: 'Response patterns' })).toContainText(
    'Patterns appear once the assistant has answered customers.',
  );
});

test('Settings\' Performance Metrics show "—" before the assistant has answered anyone', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/settings', ['GET', '/api/ai-responses/summary']);
  const metrics = page.getByRole('region', { name: 'Performance Metrics' });
  for (const metric of ['Response Accuracy', 'Avg Response Time', 'Total Interactions']) {
    await expect(metrics.getByRole('group', { name: metric }).locator('dd')).toHaveText('—');
  }
});
