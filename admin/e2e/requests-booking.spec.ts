import { expect as baseExpect, test } from '@playwright/test';
import path from 'node:path';
import { AdminPage } from './admin-page.ts';
import { appointmentDialog, farDate, uniqueCustomer } from './appointment-dialog.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg');

// How the inbox and the schedule write a calendar day ("Thu, Mar 5, 2026").
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

test('a customer asks on the home page; staff find the request, book its estimate, and see it booked and on the schedule', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const lastName = uniqueCustomer('Booker').split(' ').join('');
  const name = `Dana ${lastName}`;
  const email = `${lastName.toLowerCase()}@example.com`;

  // The customer: the wizard on the public home page, as a visitor fills it in.
  await page.goto('/');
  await page.getByRole('textbox', { name: /^First Name/ }).fill('Dana');
  await page.getByRole('textbox', { name: /^Last Name/ }).fill(lastName);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('(707) 555-0123');
  await page.getByRole('textbox', { name: /^Property Address/ }).fill('512 Redwood Drive, Garberville');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page
    .getByRole('group', { name: /Service Needed/ })
    .getByLabel('House Washing')
    .check();
  await page
    .getByRole('group', { name: /Timeline/ })
    .getByLabel('Within a week')
    .check();
  await page.getByRole('textbox', { name: /^Project Description/ }).fill('Green streaks on the north side.');
  await page.getByLabel('Add Photos for Quote').setInputFiles([PHOTO]);
  await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Request Submitted Successfully!' })).toBeVisible();

  // Staff: the inbox, searched by the customer's name.
  await admin.signInWithApi();
  await page.goto('/admin/requests');
  await expect(admin.pageTitle('Requests')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(lastName);
  const row = page.getByRole('row', { name });
  await expect(row).toBeVisible();
  await expect(page.getByRole('table', { name: 'Requests' }).getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('combobox', { name: `Stage of ${name}` })).toHaveValue('new');
  // The photo the customer sent with the request, loaded from the server.
  const photo = row.getByRole('img', { name: `Photo 1 of 1 from ${name}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await row.getByRole('button', { name: `Book estimate for ${name}` }).click();
  const dialog = appointmentDialog(page, `Book estimate for ${name}`);
  await expect(dialog).toBeVisible();
  // Prefilled from the request; the date and time are staff's to pick.
  await expect(dialog.getByLabel('Customer Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('(707) 555-0123');
  await expect(dialog.getByLabel('Email (optional)')).toHaveValue(email);
  await expect(dialog.getByLabel('Address')).toHaveValue('512 Redwood Drive, Garberville');
  await expect(dialog.getByLabel('Service Type')).toHaveValue('house-wash');
  await expect(dialog.getByLabel('Notes (optional)')).toHaveValue(
    'Asked for: House Washing (Within a week)\nGreen streaks on the north side.',
  );
  await expect(dialog.getByLabel('Preferred Date')).toHaveValue('');
  await expect(dialog.getByLabel('Preferred Time')).toHaveValue('');

  const date = farDate();
  await dialog.getByLabel('Preferred Date').fill(date);
  await dialog.getByLabel('Preferred Time').selectOption({ label: '3:00 PM' });
  await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(admin.toast('Appointment scheduled successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The row: the stage moved by this staff member, and the booked visit with a link to it.
  await expect(row.getByRole('combobox', { name: `Stage of ${name}` })).toHaveValue('estimate-booked');
  await expect(row.getByRole('button', { name: /^Estimate booked by / })).toBeVisible();
  const visit = row.getByRole('link', { name: `Estimate visit of ${name}` });
  await expect(visit).toHaveText(`${dayLabel(date)} at 3:00 PM`);
  await expect(row.getByRole('button', { name: `Book estimate for ${name}` })).toHaveCount(0);

  // The link opens the appointment on Appointment Scheduling.
  await visit.click();
  await expect(page).toHaveURL(/\/admin\/appointment-scheduling/);
  const details = page.getByRole('dialog', { name: `Appointment of ${name}` });
  await expect(details).toBeVisible();
  await expect(details).toContainText('House Wash');
  await expect(details).toContainText(dayLabel(date));
  await expect(details).toContainText('3:00 PM');
  await expect(details).toContainText('512 Redwood Drive, Garberville');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('searchbox', { name: 'Search appointments' }).fill(lastName);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
});
