import { expect, test, type Page } from '@playwright/test';
import { TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';
import {
  appointmentDialog,
  AppointmentApi,
  farDate,
  fillAppointmentDialog,
  uniqueCustomer,
  showOnly as showOnlyMatches,
} from './appointment-dialog.ts';
import { failNextCall } from './failing-backend.ts';
import { screenshotBothThemes, screenshotHere, WITH_PICTURES } from './screenshots.ts';

const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

const showOnly = (page: Page, name: string) =>
  showOnlyMatches(page, name, page.getByRole('list', { name: 'Appointments' }).getByRole('listitem'));

async function openScreen(page: Page) {
  const api = await AppointmentApi.signIn(page);
  const firstPage = page.waitForResponse((r) => r.url().includes('/api/appointments?'));
  await page.goto('/admin/appointment-scheduling');
  return { api, admin: new AdminPage(page), firstPage: await firstPage };
}

test(
  'shows the title, description and the first page of appointment cards',
  WITH_PICTURES,
  async ({ page }) => {
    const { admin, firstPage } = await openScreen(page);
    await expect(admin.pageTitle('Appointment Scheduling')).toBeVisible();
    await expect(page.getByText('Manage customer appointments and free estimates')).toBeVisible();
    await expect(admin.sidebarEntry('Appointments')).toHaveAttribute('aria-current', 'page');

    const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
    await expectScreenAgrees(
      async () => {
        const now = await page.request.get(firstPage.url());
        const shown = (await now.json()) as { customerName: string }[];
        return { shown, total: Number(now.headers()[TOTAL_COUNT_HEADER.toLowerCase()]) };
      },
      async ({ shown, total }) => {
        expect(shown.length).toBeGreaterThan(0);
        await expect(cards).toHaveCount(Math.min(20, total), ONE_LOOK);
        await expect(cards.first().getByRole('heading')).toHaveText(shown[0]!.customerName, ONE_LOOK);
        if (total > 20)
          await expect(page.getByText(`Showing 1–20 of ${total.toLocaleString('en-US')}`)).toBeVisible(
            ONE_LOOK,
          );
      },
    );
    await screenshotBothThemes(page, 'appointment-scheduling');
  },
);

test('a card shows "Time TBD" without a time and the estimate with a $', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({
    customerName: uniqueCustomer('Tbd Customer'),
    serviceType: 'deck-cleaning',
  });
  await api.change(appt.id, { preferredTime: null, estimateAmount: 612.5 });
  await page.goto('/admin/appointment-scheduling');
  await showOnly(page, appt.customerName);
  const c = card(page, appt.customerName);
  await expect(c).toContainText('Time TBD');
  await expect(c).toContainText('Estimate: $612.5');
  await expect(c).toContainText('Deck Cleaning');
  await expect(c).toContainText('Scheduled');

  // Editing something else keeps "Time TBD": nobody has to invent a time.
  await c.getByRole('button', { name: 'Edit' }).click();
  const dialog = appointmentDialog(page, `Edit appointment of ${appt.customerName}`);
  await expect(dialog.getByLabel('Preferred Time')).toHaveValue('');
  await dialog.getByLabel('Estimate Amount ($)').fill('700');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(new AdminPage(page).toast('Appointment updated successfully')).toBeVisible();
  await expect(c).toContainText('Estimate: $700');
  await expect(c).toContainText('Time TBD');
});

test('the search finds an appointment by name, and says when nothing matches', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({ customerName: uniqueCustomer('Searchable'), preferredDate: '2030-02-02' });
  await page.goto('/admin/appointment-scheduling');
  const search = page.getByRole('searchbox', { name: 'Search appointments' });
  await search.fill(appt.customerName);
  const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading')).toHaveText(appt.customerName);
  await search.fill(`${appt.customerName} nobody`);
  await expect(page.getByText(`No appointments match “${appt.customerName} nobody”`)).toBeVisible();
});

test('staff schedule an appointment and see it in the list', async ({ page }) => {
  await openScreen(page);
  const name = uniqueCustomer('Rosa Delgado');
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  await fillAppointmentDialog(page, {
    customerName: name,
    customerPhone: '(707) 555-0199',
    customerEmail: 'rosa@example.com',
    address: '44 Elk Ridge Rd, Redway, CA',
    service: 'Roof Cleaning',
    date: farDate(),
    time: '2:00 PM',
    notes: 'Moss on the north side',
  });
  await appointmentDialog(page).getByRole('button', { name: 'Schedule Appointment' }).click();

  await expect(new AdminPage(page).toast('Appointment scheduled successfully')).toBeVisible();
  await expect(appointmentDialog(page)).toBeHidden();
  await showOnly(page, name);
  const c = card(page, name);
  await expect(c).toContainText('Roof Cleaning');
  await expect(c).toContainText('2:00 PM');
  await expect(c).toContainText('Moss on the north side');
  await expect(c).toContainText('rosa@example.com');
});

test(
  'the dialog shows each validation message of the spec under its field',
  WITH_PICTURES,
  async ({ page }) => {
    await openScreen(page);
    await page.getByRole('button', { name: 'Schedule Appointment' }).click();
    const dialog = appointmentDialog(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/appointments/create')) posted = true;
    });
    await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
    for (const message of [
      'Customer name is required',
      'Valid phone number required',
      'Complete address is required',
      'Service type is required',
      'Preferred date is required',
      'Preferred time is required',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await screenshotHere(page, 'appointment-dialog-messages', { width: 1440, height: 900 });

    // Too short, and an e-mail that is not one.
    await dialog.getByLabel('Customer Name').fill('   ');
    await dialog.getByLabel('Phone Number').fill('707555012');
    await dialog.getByLabel('Address').fill('12 A');
    await dialog.getByLabel('Email (optional)').fill('rosa@');
    await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(dialog.getByText('Customer name is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Valid phone number required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Complete address is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Enter a valid e-mail address', { exact: true })).toBeVisible();

    // Fixing a field clears its message; the others stay until they are fixed.
    await dialog.getByLabel('Phone Number').fill('7075550123');
    await dialog.getByLabel('Email (optional)').fill('');
    await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
    await expect(dialog.getByText('Valid phone number required')).toBeHidden();
    await expect(dialog.getByText('Enter a valid e-mail address')).toBeHidden();
    await expect(dialog.getByText('Preferred time is required')).toBeVisible();
    expect(posted).toBe(false);
  },
);

test('a failed create shows the failure toast and keeps the dialog open', async ({ page }) => {
  await openScreen(page);
  await failNextCall(page, 'POST', '**/api/appointments/create');
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  const name = uniqueCustomer('Failing Create');
  await fillAppointmentDialog(page, {
    customerName: name,
    customerPhone: '7075550100',
    address: '1 Main Street, Eureka',
    service: 'House Wash',
    date: farDate(),
    time: '9:00 AM',
  });
  await appointmentDialog(page).getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(new AdminPage(page).toast('Failed to schedule appointment')).toBeVisible();
  await expect(appointmentDialog(page)).toBeVisible();
  await appointmentDialog(page).getByRole('button', { name: 'Close' }).first().click();
  await showOnly(page, name);
  await expect(page.getByText(`No appointments match “${name}”`)).toBeVisible();
  await expect(card(page, name)).toBeHidden();
});

test('staff edit an appointment: new time, estimate and notes', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({ customerName: uniqueCustomer('Edit Customer') });
  await page.goto('/admin/appointment-scheduling');
  await showOnly(page, appt.customerName);
  await card(page, appt.customerName).getByRole('button', { name: 'Edit' }).click();
  const title = `Edit appointment of ${appt.customerName}`;
  const dialog = appointmentDialog(page, title);
  await expect(dialog.getByLabel('Customer Name')).toHaveValue(appt.customerName);
  await expect(dialog.getByLabel('Preferred Date')).toHaveValue(appt.scheduledDate);
  await dialog.getByLabel('Preferred Time').selectOption({ label: '3:00 PM' });
  await dialog.getByLabel('Estimate Amount ($)').fill('-4');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Amount cannot be negative')).toBeVisible();
  await dialog.getByLabel('Estimate Amount ($)').fill('475');
  await dialog.getByLabel('Notes (optional)').fill('Bring the tall ladder');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  await expect(new AdminPage(page).toast('Appointment updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const c = card(page, appt.customerName);
  await expect(c).toContainText('3:00 PM');
  await expect(c).toContainText('Estimate: $475');
  await expect(c).toContainText('Bring the tall ladder');
});

test('staff mark an appointment completed; it cannot be cancelled afterwards', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({ customerName: uniqueCustomer('Complete Customer') });
  await page.goto('/admin/appointment-scheduling');
  await showOnly(page, appt.customerName);
  const c = card(page, appt.customerName);
  await c.getByRole('button', { name: 'Edit' }).click();
  const dialog = appointmentDialog(page, `Edit appointment of ${appt.customerName}`);
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  // The visit is years away: staff are asked before the work is marked done.
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('which has not come yet');
  await ask.getByRole('button', { name: 'Not yet' }).click();
  await expect(ask).toBeHidden();
  await expect(c).toContainText('Scheduled');
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await ask.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(new AdminPage(page).toast('Appointment marked completed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(c).toContainText('Completed');

  await c.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel Appointment' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Mark Completed' })).toBeHidden();
});

test('staff cancel an appointment and can restore it', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({ customerName: uniqueCustomer('Cancel Customer') });
  await page.goto('/admin/appointment-scheduling');
  await showOnly(page, appt.customerName);
  const c = card(page, appt.customerName);
  const dialog = appointmentDialog(page, `Edit appointment of ${appt.customerName}`);
  await c.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
  const ask = page.getByRole('alertdialog');
  await ask.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(ask.getByText('Give a reason for cancelling')).toBeVisible();
  await ask.getByLabel('Reason for cancelling').fill('Customer is selling the house');
  await ask.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(new AdminPage(page).toast('Appointment cancelled')).toBeVisible();
  await expect(c).toContainText('Cancelled');
  await expect(c).toContainText('Reason for cancelling: Customer is selling the house');

  await c.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Restore Appointment' }).click();
  await expect(new AdminPage(page).toast('Appointment restored')).toBeVisible();
  await expect(c).toContainText('Scheduled');
  await expect(c).not.toContainText('Reason for cancelling');
});

test('failed edits and status changes show the failure toast', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({ customerName: uniqueCustomer('Failing Edit') });
  await page.goto('/admin/appointment-scheduling');
  await showOnly(page, appt.customerName);
  const c = card(page, appt.customerName);
  const dialog = appointmentDialog(page, `Edit appointment of ${appt.customerName}`);
  const admin = new AdminPage(page);

  await failNextCall(page, 'PUT', `**/api/appointments/${appt.id}`);
  await c.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.toast('Failed to update appointment')).toBeVisible();
  await expect(dialog).toBeVisible();

  // A fresh page, so the first toast is gone and the second one is surely the status change's.
  await page.reload();
  await showOnly(page, appt.customerName);
  await failNextCall(page, 'PUT', `**/api/appointments/${appt.id}`);
  await c.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark Completed' }).click();
  await expect(admin.toast('Failed to update appointment')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Not yet' }).click();
  // The header's close button and the footer's both say Close; either does.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(c).toContainText('Scheduled');
});

test('a past date is refused in the dialog with the message the API gives', async ({ page }) => {
  await openScreen(page);
  const name = uniqueCustomer('Past Date');
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  await fillAppointmentDialog(page, {
    customerName: name,
    customerPhone: '7075550100',
    address: '1 Main Street, Eureka',
    service: 'House Wash',
    date: '2020-01-01',
    time: '9:00 AM',
  });
  const dialog = appointmentDialog(page);
  await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(dialog.getByText('Choose today or a later date', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await showOnly(page, name);
  await expect(page.getByText(`No appointments match “${name}”`)).toBeVisible();
});

test('a taken slot warns with the other booking and books only after "Book anyway"', async ({ page }) => {
  const { api } = await openScreen(page);
  const taken = await api.create({ customerName: uniqueCustomer('Slot Holder'), preferredTime: '11:00 AM' });
  const name = uniqueCustomer('Second Booking');
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  const input = {
    customerName: name,
    customerPhone: '7075550100',
    address: '1 Main Street, Eureka',
    service: 'House Wash',
    date: taken.scheduledDate,
    time: '11:00 AM',
  };
  await fillAppointmentDialog(page, input);
  const dialog = appointmentDialog(page);
  await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText('This time slot is already booked');
  await expect(warning).toContainText(`${taken.customerName} is already booked on`);
  await expect(warning).toContainText('at 11:00 AM');
  // Changing the time makes the warning stale, so it goes; changing it back and sending warns again.
  await dialog.getByLabel('Preferred Time').selectOption({ label: '12:00 PM' });
  await expect(warning).toBeHidden();
  await dialog.getByLabel('Preferred Time').selectOption({ label: '11:00 AM' });
  await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
  await warning.getByRole('button', { name: 'Book anyway' }).click();
  await expect(new AdminPage(page).toast('Appointment scheduled successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await showOnly(page, name);
  await expect(card(page, name)).toContainText('11:00 AM');
});
