import { expect, test } from '@playwright/test';
import { AdminPage, OwnerApi } from './admin-page.ts';
import { expireSessionsOf } from './test-database.ts';

const SESSION_EXPIRED = 'Your session expired. Please sign in again.';

test('signing in through the form lasts across a reload', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin');
  await admin.signInWithForm();
  await expect(admin.pageTitle('Dashboard')).toBeVisible();

  await page.reload();

  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  await expect(admin.signInButton).toBeHidden();
});

test('signing out returns to the sign-in form, and a reload does not bring the session back', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin');
  await expect(admin.pageTitle('Dashboard')).toBeVisible();

  await admin.signOut();

  await expect(admin.signInButton).toBeVisible();
  await expect(page.getByText(SESSION_EXPIRED)).toBeHidden();
  await page.reload();
  await expect(admin.signInButton).toBeVisible();
  await expect(admin.sidebar).toBeHidden();
});

test('an expired session says so at the next page change, and signing in again lands on that page', async ({
  page,
  request,
}) => {
  const staffMember = await (await OwnerApi.signIn(request)).addStaffMember('expiring');
  const admin = new AdminPage(page);
  await admin.open('/admin');
  await admin.signInWithForm(staffMember.email, staffMember.password);
  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The session ends as the page change's first read leaves the browser. Ended any earlier, a read
  // the dashboard makes on its own (another test's live event refreshes it) could meet the expiry
  // first and take the sidebar away under the click.
  let expired = 0;
  await page.route('**/api/settings/**', async (route) => {
    if (!expired && new URL(page.url()).pathname === '/admin/settings')
      expired = expireSessionsOf(staffMember.id);
    await route.continue();
  });
  await admin.sidebarEntry('Settings').click();

  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  await expect(admin.signInButton).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  expect(expired).toBeGreaterThan(0);
  await page.unroute('**/api/settings/**');

  await admin.signInWithForm(staffMember.email, staffMember.password);
  await expect(admin.pageTitle('Settings')).toBeVisible();
  await expect(page.getByText(SESSION_EXPIRED)).toBeHidden();
});

test('opening the admin with an expired session cookie shows the notice', async ({ page, request }) => {
  const staffMember = await (await OwnerApi.signIn(request)).addStaffMember('stale-cookie');
  const admin = new AdminPage(page);
  await admin.signInWithApi(staffMember);
  await admin.open('/admin/settings');
  await expect(admin.pageTitle('Settings')).toBeVisible();

  expireSessionsOf(staffMember.id);
  await page.reload();

  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  await admin.signInWithForm(staffMember.email, staffMember.password);
  await expect(admin.pageTitle('Settings')).toBeVisible();
});

test('a change refused because the session expired returns to sign-in, then to the same tab', async ({
  page,
  request,
}) => {
  // An owner of its own, so the test's expiry leaves the shared owner's sessions alone.
  const owner = await (await OwnerApi.signIn(request)).addStaffMember('expiring-owner', 'owner');
  const admin = new AdminPage(page);
  await admin.signInWithApi(owner);
  await admin.open('/admin/settings?tab=staff');
  await expect(admin.staffRow(owner.email)).toBeVisible();

  expireSessionsOf(owner.id);
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = admin.addStaffMemberDialog;
  await dialog.getByLabel('Name').fill('Never Added');
  await dialog.getByLabel('E-mail').fill('never-added@washdesk.example');
  await dialog.getByLabel('Initial password').fill('a-long-test-password');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  await expect(admin.toast('Staff member added')).toBeHidden();
  await admin.signInWithForm(owner.email, owner.password);
  await expect(admin.settingsTab('Staff')).toHaveAttribute('aria-selected', 'true');
  await expect(admin.staffRow(owner.email)).toBeVisible();
  await expect(admin.staffRow('never-added@washdesk.example')).toHaveCount(0);
});
