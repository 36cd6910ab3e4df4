import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { screenshotHere, WITH_PICTURES } from './screenshots.ts';

// Each sidebar entry, the page it opens and that page's title (spec section 2 for the first five).
const SCREENS = [
  ['Dashboard', '/admin', 'Dashboard'],
  ['Photo Submissions', '/admin/photo-submissions', 'Photo Submissions'],
  ['Appointments', '/admin/appointment-scheduling', 'Appointment Scheduling'],
  ['Settings', '/admin/settings', 'Settings'],
  ['Requests', '/admin/requests', 'Requests'],
  ['Scheduling', '/admin/scheduling', 'Scheduling'],
  ['Board', '/admin/board', 'Board'],
  ['Call Logs', '/admin/call-logs', 'Call Logs'],
  ['Messenger', '/admin/messenger-conversations', 'Facebook Messenger'],
  ['Texts', '/admin/texts', 'Texts'],
  ['AI Responses', '/admin/ai-responses', 'AI Responses'],
  ['FAQ', '/admin/faq-management', 'FAQ Management'],
  ['Customers', '/admin/customers', 'Customers'],
  ['Invoices', '/admin/invoices', 'Invoices'],
] as const;

test('every screen is one click away in the sidebar, and only its entry is highlighted', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin');
  await admin.expectSidebarEntries();
  await expect(admin.sidebarEntry('Quote Tool')).toHaveAttribute('href', '/photo-quote-tool');
  for (const [label, path, title] of SCREENS) {
    await admin.sidebarEntry(label).click();
    await expect(page).toHaveURL(path);
    await expect(admin.pageTitle(title)).toBeVisible();
    // By its name, not its text: a count of what is new may follow the label (e.g. "Messenger 2").
    const current = admin.sidebar.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAccessibleName(label);
  }
});

test(
  'on a 390 px wide window the sidebar folds behind a menu button and opens over the page',
  WITH_PICTURES,
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = new AdminPage(page);
    await admin.signInWithApi();
    await admin.open('/admin/appointment-scheduling');
    const title = admin.pageTitle('Appointment Scheduling');
    await expect(title).toBeVisible();
    await expect(admin.sidebar).toBeHidden();
    // The page starts at the top, under the menu bar, not below a stacked sidebar.
    expect((await title.boundingBox())!.y).toBeLessThan(150);

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await admin.expectSidebarEntries();
    // The panel opens from the left edge over the page, narrower than the window.
    const box = (await page.getByRole('complementary').boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBeLessThan(390);
    await screenshotHere(page, 'sidebar-390');

    await admin.sidebarEntry('Call Logs').click();
    await expect(page).toHaveURL('/admin/call-logs');
    await expect(admin.pageTitle('Call Logs')).toBeVisible();
    await expect(admin.sidebar).toBeHidden();

    // Escape closes it too.
    await menu.click();
    await expect(admin.sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(admin.sidebar).toBeHidden();
  },
);
