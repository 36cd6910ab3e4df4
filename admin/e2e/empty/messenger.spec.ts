import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

test('a fresh inbox says there are no conversations and no messages yet', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/messenger-conversations');

  await expect(admin.pageTitle('Facebook Messenger')).toBeVisible();
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await expect(page.getByText('0 active conversations')).toBeVisible();
  await expect(page.getByText('Select a conversation')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Messages' })).toContainText('No messages yet');
});
