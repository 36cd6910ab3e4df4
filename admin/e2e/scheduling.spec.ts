import { expect, test, type Page } from '@playwright/test';
import type { Appointment, AppointmentSummary } from '@washdesk/contract';
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
import { screenshotBothThemes, WITH_PICTURES } from './screenshots.ts';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const allRow = (page: Page, name: string) =>
  section(page, 'All Appointments').getByRole('listitem').filter({ hasText: name });

const showOnly = (page: Page, name: string) =>
  showOnlyMatches(page, name, section(page, 'All Appointments').getByRole('listitem'));

test(
  'shows the title, description and the four tiles counted by the server',
  WITH_PICTURES,
  async ({ page }) => {
    await AppointmentApi.signIn(page);
    await page.goto('/admin/scheduling');
    const admin = new AdminPage(page);
    await expect(admin.pageTitle('Scheduling')).toBeVisible();
    await expect(page.getByText('Manage appointments and consultations')).toBeVisible();
    // Other tests book appointments in the shared database meanwhile, and the event stream
    // refreshes the open tiles: compare the screen with what the server counts now.
    const figure = (n: number) => n.toLocaleString('en-US');
    const tile = (label: string) => admin.statCard(label).getByRole('heading');
    await expectScreenAgrees(
      async () => (await (await page.request.get('/api/appointments/summary')).json()) as AppointmentSummary,
      async (summary) => {
        expect(summary.total).toBeGreaterThan(0);
        await expect(tile('Total Appointments')).toHaveText(figure(summary.total), ONE_LOOK);
        await expect(tile('Today')).toHaveText(figure(summary.today), ONE_LOOK);
        await expect(tile('Scheduled')).toHaveText(figure(summary.scheduled), ONE_LOOK);
        await expect(tile('Completed')).toHaveText(figure(summary.completed), ONE_LOOK);
      },
    );
    await expect(section(page, 'All Appointments').getByRole('listitem').first()).toBeVisible();
    await screenshotBothThemes(page, 'scheduling');
  },
);

test("today's appointments list a visit on today's date with its time and status", async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const { date } = (await (await page.request.get('/api/appointments/summary')).json()) as AppointmentSummary;
  const appt = await api.createForToday(date, {
    customerName: uniqueCustomer('Today Customer'),
    preferredTime: '4:00 PM',
    serviceType: 'gutter-cleaning',
  });
  await page.goto('/admin/scheduling');
  const row = section(page, "Today's Appointments")
    .getByRole('listitem')
    .filter({ hasText: appt.customerName });
  await expect(row).toContainText('Gutter Cleaning');
  await expect(row).toContainText('4:00 PM');
  await expect(row).toContainText('Scheduled');
});

test('upcoming appointments show the next five, and View Details opens the record', async ({ page }) => {
  await AppointmentApi.signIn(page);
  const upcomingResponse = page.waitForResponse((r) => r.url().includes('when=upcoming'));
  await page.goto('/admin/scheduling');
  const upcomingUrl = (await upcomingResponse).url();
  const rows = section(page, 'Upcoming Appointments').getByRole('listitem');
  let first!: Appointment;
  await expectScreenAgrees(
    async () => (await (await page.request.get(upcomingUrl)).json()) as Appointment[],
    async (upcoming) => {
      expect(upcoming.length).toBeGreaterThan(0);
      expect(upcoming.length).toBeLessThanOrEqual(5);
      await expect(rows).toHaveCount(upcoming.length, ONE_LOOK);
      first = upcoming[0]!;
      await expect(rows.first()).toContainText(first.customerName, ONE_LOOK);
    },
  );

  await rows.first().getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Appointment of ${first.customerName}` });
  await expect(details.getByRole('row', { name: /^Phone/ })).toContainText(first.customerPhone);
  await expect(details.getByRole('row', { name: /^Address/ })).toContainText(first.address);
  await expect(details.getByRole('row', { name: /^Status/ })).toContainText('Scheduled');
  await details.getByRole('button', { name: 'Edit' }).click();
  await expect(appointmentDialog(page, `Edit appointment of ${first.customerName}`)).toBeVisible();
});

test('Contact offers call, text and e-mail links; e-mail is disabled without an address', async ({
  page,
}) => {
  const api = await AppointmentApi.signIn(page);
  const withEmail = await api.create({
    customerName: uniqueCustomer('Contact Mail'),
    customerPhone: '(707) 555-0133',
    customerEmail: 'contact.me@example.com',
  });
  const withoutEmail = await api.create({
    customerName: uniqueCustomer('Contact NoMail'),
    customerEmail: '',
  });
  await page.goto('/admin/scheduling');

  await showOnly(page, withEmail.customerName);
  await allRow(page, withEmail.customerName).getByRole('button', { name: 'Contact' }).click();
  const menu = page.getByRole('menu', { name: `Contact ${withEmail.customerName}` });
  await expect(menu.getByRole('menuitem', { name: 'Call (707) 555-0133' })).toHaveAttribute(
    'href',
    'tel:7075550133',
  );
  await expect(menu.getByRole('menuitem', { name: 'Text (707) 555-0133' })).toHaveAttribute(
    'href',
    'sms:7075550133',
  );
  await expect(menu.getByRole('menuitem', { name: 'E-mail contact.me@example.com' })).toHaveAttribute(
    'href',
    'mailto:contact.me@example.com',
  );
  await page.keyboard.press('Escape');

  await showOnly(page, withoutEmail.customerName);
  await allRow(page, withoutEmail.customerName).getByRole('button', { name: 'Contact' }).click();
  const other = page.getByRole('menu', { name: `Contact ${withoutEmail.customerName}` });
  await expect(other.getByRole('menuitem', { name: 'E-mail (no address on file)' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(other.getByRole('menuitem', { name: /^Call/ })).toHaveAttribute('href', 'tel:7075550142');
});

test('Schedule Appointment opens the same dialog and the new visit is listed', async ({ page }) => {
  await AppointmentApi.signIn(page);
  await page.goto('/admin/scheduling');
  const name = uniqueCustomer('Scheduling Create');
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  await fillAppointmentDialog(page, {
    customerName: name,
    customerPhone: '707-555-0177',
    address: '5 Pelican Way, Trinidad, CA',
    service: 'Window Washing',
    date: farDate(),
    time: '11:00 AM',
    notes: 'Second-storey windows',
  });
  await appointmentDialog(page).getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(new AdminPage(page).toast('Appointment scheduled successfully')).toBeVisible();
  await showOnly(page, name);
  const row = allRow(page, name);
  await expect(row).toContainText('Window Washing');
  await expect(row).toContainText('11:00 AM');
  await expect(row).toContainText('Second-storey windows');
});

test('Edit in All Appointments marks a visit completed, and the tiles follow', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  // Today's visit: its day has come, so marking it completed asks nothing more.
  const { date } = (await (await page.request.get('/api/appointments/summary')).json()) as AppointmentSummary;
  const appt = await api.createForToday(date, { customerName: uniqueCustomer('Scheduling Complete') });
  const summaries: AppointmentSummary[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/appointments/summary')) summaries.push((await r.json()) as AppointmentSummary);
  });
  await page.goto('/admin/scheduling');
  await showOnly(page, appt.customerName);
  await allRow(page, appt.customerName).getByRole('button', { name: 'Edit' }).click();
  await appointmentDialog(page, `Edit appointment of ${appt.customerName}`)
    .getByRole('button', { name: 'Mark Completed' })
    .click();
  await expect(new AdminPage(page).toast('Appointment marked completed')).toBeVisible();
  await expect(allRow(page, appt.customerName)).toContainText('Completed');
  // The tiles were fetched again after the change (and again for any other booking the event
  // stream announced meanwhile) and show the server's newest counts.
  await expect.poll(() => summaries.length).toBeGreaterThanOrEqual(2);
  const tile = new AdminPage(page).statCard('Completed').getByRole('heading');
  const shown = async () => (await tile.innerText()).replace(/,/g, '');
  await expect.poll(async () => (await shown()) === String(summaries.at(-1)!.completed)).toBe(true);
});

test('a failed status change shows the failure toast', async ({ page }) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({ customerName: uniqueCustomer('Scheduling Failing') });
  await page.goto('/admin/scheduling');
  await showOnly(page, appt.customerName);
  await failNextCall(page, 'PUT', `**/api/appointments/${appt.id}`);
  await allRow(page, appt.customerName).getByRole('button', { name: 'Edit' }).click();
  await appointmentDialog(page, `Edit appointment of ${appt.customerName}`)
    .getByRole('button', { name: 'Cancel Appointment' })
    .click();
  const ask = page.getByRole('alertdialog');
  await ask.getByLabel('Reason for cancelling').fill('Weather');
  await ask.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(new AdminPage(page).toast('Failed to update appointment')).toBeVisible();
});

test('shows 8 placeholder cards while the appointments load', async ({ page }) => {
  await AppointmentApi.signIn(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/appointments\?limit=20&offset=0$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/scheduling');
  const loading = page.getByLabel('Loading appointments');
  await expect(loading.locator('.bp6-skeleton')).toHaveCount(8);
  release();
  await expect(loading).toBeHidden();
  await expect(section(page, 'All Appointments').getByRole('listitem').first()).toBeVisible();
});
