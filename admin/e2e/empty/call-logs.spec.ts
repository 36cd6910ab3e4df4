import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

test('a fresh database has no calls, and says so', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/call-logs');
  await expect(admin.pageTitle('Call Logs')).toBeVisible();
  await expect(page.getByText('No calls recorded yet')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Call log pages' })).toBeHidden();
});
