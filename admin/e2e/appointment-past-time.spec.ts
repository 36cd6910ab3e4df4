import { expect as baseExpect, test } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';
import { appointmentDialog, fillAppointmentDialog } from './appointment-dialog.ts';

// An hour of today that has already begun cannot be booked: the dialog shows the API's message
// under the time. The server's clock stands at a known moment (Wednesday 11 February 2026,
// 2:30 PM in California; backend/src/test/dashboard-week.ts), so "today" and "now" are fixed.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('dashboard-week');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

test('a time already past today is refused with a clear message; a later one is booked', async ({ page }) => {
  const { email, password } = server;
  expect((await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } })).ok()).toBe(
    true,
  );
  await page.goto(`${server.url}/admin/appointment-scheduling`);
  await expect(new AdminPage(page).pageTitle('Appointment Scheduling')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Appointment' }).click();
  await fillAppointmentDialog(page, {
    customerName: 'Ines Marlow',
    customerPhone: '7075550144',
    address: '9 Pine Street, Redway',
    service: 'House Wash',
    date: '2026-02-11',
    time: '2:00 PM',
  });
  const dialog = appointmentDialog(page);
  await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(
    dialog.getByText('That time has already passed today: choose a later time or another day', {
      exact: true,
    }),
  ).toBeVisible();
  const booked = await page.request.get(`${server.url}/api/appointments?q=Marlow`);
  expect(await booked.json()).toEqual([]);

  await dialog.getByLabel('Preferred Time').selectOption({ label: '3:00 PM' });
  await dialog.getByRole('button', { name: 'Schedule Appointment' }).click();
  await expect(dialog).toBeHidden();
  const after = (await (await page.request.get(`${server.url}/api/appointments?q=Marlow`)).json()) as {
    scheduledDate: string;
    preferredTime: string;
  }[];
  expect(after.map((a) => [a.scheduledDate, a.preferredTime])).toEqual([['2026-02-11', '3:00 PM']]);
});
