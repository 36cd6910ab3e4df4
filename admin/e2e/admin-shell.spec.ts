import { expect, test } from '@playwright/test';
import type { Stats } from '@washdesk/contract';
import { AdminPage, SETTINGS_TABS } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';

test('staff sign in and see the dashboard with the real figures', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin');
  await expect(page.getByText('Customer Portal Admin')).toBeVisible();

  await admin.signInWithForm();

  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  await admin.expectSidebarEntries();
  await expect(admin.sidebarEntry('Dashboard')).toHaveAttribute('aria-current', 'page');
  // The e2e server answers no channel with the assistant (no keys, no webhooks), and says so.
  await expect(page.getByText('AI Assistant Offline · no channel answered', { exact: true })).toBeVisible();

  // Other tests send photos meanwhile, and the open dashboard follows them.
  const figure = (label: string) => admin.statCard(label).getByRole('heading');
  await expectScreenAgrees(
    async () => (await (await page.request.get('/api/stats')).json()) as Stats,
    async (stats) => {
      await expect(figure("Today's Submissions")).toHaveText(
        stats.todaySubmissions.toLocaleString('en-US'),
        ONE_LOOK,
      );
      await expect(figure('Pending Reviews')).toHaveText(
        stats.pendingSubmissions.toLocaleString('en-US'),
        ONE_LOOK,
      );
      await expect(figure('Quote Requests')).toHaveText(
        stats.thisWeekQuotes.toLocaleString('en-US'),
        ONE_LOOK,
      );
      await expect(figure('Completion Rate')).toHaveText(`${stats.completionRate}%`, ONE_LOOK);
    },
  );
});

test('a wrong password is refused with the reason', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin');

  await admin.signInWithForm(undefined, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');
  await expect(admin.sidebar).toBeHidden();
});

test('the settings page highlights Settings, and only Settings', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();

  await admin.open('/admin/settings');

  await expect(admin.pageTitle('Settings')).toBeVisible();
  await expect(admin.sidebarEntry('Settings')).toHaveAttribute('aria-current', 'page');
  await expect(admin.sidebarEntry('Dashboard')).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Configure your AI assistant and system preferences')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(SETTINGS_TABS);
});

test('an unknown admin path answers 404 and says so', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();

  const response = await admin.open('/admin/no-such-screen');

  expect(response?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});
