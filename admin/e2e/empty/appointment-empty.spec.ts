import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

// A fresh database without demo data: the empty texts of both appointment screens.

test('Appointment Scheduling says there are none yet, and where they will come from', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/appointment-scheduling');
  await expect(admin.pageTitle('Appointment Scheduling')).toBeVisible();
  await expect(page.getByText('No appointments scheduled yet')).toBeVisible();
  await expect(
    page.getByText('Appointments booked by the AI assistant during phone calls appear here automatically.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule Appointment' })).toBeEnabled();
});

test('Scheduling shows zero tiles and each empty text', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/scheduling');
  await expect(admin.pageTitle('Scheduling')).toBeVisible();
  for (const tile of ['Total Appointments', 'Today', 'Scheduled', 'Completed'])
    await expect(admin.statCard(tile).getByRole('heading')).toHaveText('0');
  await expect(page.getByText('No appointments scheduled for today')).toBeVisible();
  await expect(page.getByText('No upcoming appointments')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'All Appointments' }).getByText('No appointments scheduled yet'),
  ).toBeVisible();
});
