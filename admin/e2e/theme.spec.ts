import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';

const DARK = 'bp6-dark';
const background = (el: Element) => getComputedStyle(el).backgroundColor;
/** Perceived lightness 0–255 of an "rgb(r, g, b)" colour. */
const lightness = (rgb: string) => {
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
};

test('the dark theme is remembered over a reload, and dialogs and toasts are dark too', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/settings?tab=staff');
  await expect(admin.pageTitle('Settings')).toBeVisible();
  await expect(page.locator('body')).not.toHaveClass(new RegExp(DARK));

  await page.getByText('Dark theme').click();
  await expect(page.locator('body')).toHaveClass(new RegExp(DARK));
  expect(await page.evaluate(() => localStorage.getItem('washdesk.theme'))).toBe('dark');

  await page.reload();
  await expect(admin.pageTitle('Settings')).toBeVisible();
  await expect(page.locator('body')).toHaveClass(new RegExp(DARK));
  await expect(page.getByRole('checkbox', { name: 'Dark theme' })).toBeChecked();
  expect(lightness(await page.locator('.admin-sidebar').evaluate(background))).toBeLessThan(80);

  // A dialog renders in a portal outside the app root; it must be dark as well.
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = admin.addStaffMemberDialog;
  await expect(dialog).toBeVisible();
  expect(lightness(await dialog.evaluate(background))).toBeLessThan(80);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // So must a toast.
  await admin.open('/admin/settings?tab=common-responses');
  const service = page.getByRole('region', { name: 'Service Areas' });
  await service.getByRole('button', { name: 'Edit Service Areas' }).click();
  await service.getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.bp6-toast').filter({ hasText: 'Response updated successfully' });
  await expect(toast).toBeVisible();
  expect(lightness(await toast.evaluate(background))).toBeLessThan(100);

  await page.getByText('Dark theme').click();
  await expect(page.locator('body')).not.toHaveClass(new RegExp(DARK));
  await page.reload();
  await expect(admin.pageTitle('Settings')).toBeVisible();
  await expect(page.locator('body')).not.toHaveClass(new RegExp(DARK));
  expect(await page.evaluate(() => localStorage.getItem('washdesk.theme'))).toBe('light');
});
