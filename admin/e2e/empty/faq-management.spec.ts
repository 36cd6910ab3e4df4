import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

test('a fresh knowledge base invites staff to write the first entry', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/faq-management');
  await expect(admin.pageTitle('FAQ Management')).toBeVisible();
  await expect(page.getByText('No FAQ entries yet. Create your first one to get started.')).toBeVisible();
  for (const card of ['Total FAQs', 'Active FAQs', 'Categories']) {
    await expect(admin.statCard(card).getByRole('heading')).toHaveText('0');
  }
});
