import { expect as baseExpect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test('a business without submissions sees the empty text and zero counts', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await page.goto('/admin/photo-submissions');

  await expect(admin.pageTitle('Photo Submissions')).toBeVisible();
  await expect(page.getByText('No photo submissions yet')).toBeVisible();
  for (const label of ['Total Submissions', 'Pending Review', 'Reviewed', 'Quoted']) {
    await expect(admin.statCard(label).getByRole('heading')).toHaveText('0');
  }
  await expect(page.getByRole('navigation', { name: 'Photo submission pages' })).toHaveCount(0);
});
