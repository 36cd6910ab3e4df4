import { expect as baseExpect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test('a business without data sees the empty texts and no made-up performance figures', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await page.goto('/admin');

  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  await expect(recent.getByText('No submissions yet')).toBeVisible();
  await expect(recent.getByText('Customer submissions will appear here')).toBeVisible();
  await expect(admin.statCard("Today's Submissions")).toContainText('No change from yesterday');
  await expect(admin.statCard('Completion Rate').getByRole('heading')).toHaveText('0%');

  const performance = page.getByRole('region', { name: 'Quote Analysis Performance' });
  for (const label of ['Photo Analysis Accuracy', 'Quote Conversion Rate', 'Processing Speed']) {
    await expect(performance.getByLabel(`${label}: —`)).toHaveText('—');
  }
  await expect(performance.getByText('Operational')).toBeVisible();
});
