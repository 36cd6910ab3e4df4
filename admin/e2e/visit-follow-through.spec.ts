import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { AppointmentApi, uniqueCustomer } from './appointment-dialog.ts';

// Issue 33, items 7 and 8 in the browser: "Copy visit link" on an appointment, and the Customers
// screen's filters. Tests share one database, so each makes people and a town nobody else uses.

test("staff copy a visit's link from the appointment, and it opens the customer's page", async ({
  page,
  context,
  request,
}) => {
  const api = await AppointmentApi.signIn(page);
  const appointment = await api.create({ customerName: uniqueCustomer('Link Customer') });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = new AdminPage(page);
  await admin.open(`/admin/appointment-scheduling?appointment=${appointment.id}`);
  const dialog = page.getByRole('dialog', { name: `Appointment of ${appointment.customerName}` });
  await dialog.getByRole('button', { name: 'Copy visit link' }).click();
  await expect(admin.toast('Visit link copied')).toBeVisible();
  const box = dialog.getByRole('textbox', { name: 'Visit link' });
  await expect(box).toHaveValue(/\/visit\/[A-Za-z0-9_-]{43}$/);
  const link = await box.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The customer has no session: `request` does not share the page's staff cookie.
  const visit = await request.get(`/api/public/visits/${link.split('/visit/')[1]}`);
  expect(visit.status()).toBe(200);
  expect(await visit.json()).toMatchObject({
    date: appointment.scheduledDate,
    time: appointment.preferredTime,
    service: 'Free estimate: House Wash',
  });
});

test('the Customers screen narrows every customer to a town and to when they were last served', async ({
  page,
}) => {
  const api = await AppointmentApi.signIn(page);
  const town = `Fernbrook${Date.now().toString(36)}`;
  // Each with a number of their own: one number is one customer.
  const phone = () => `(530) ${200 + Math.floor(Math.random() * 700)}-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const served = await api.create({
    customerName: uniqueCustomer('Served'),
    customerPhone: phone(),
    customerEmail: '',
    address: `5 Oak St, ${town}`,
  });
  const waiting = await api.create({
    customerName: uniqueCustomer('Waiting'),
    customerPhone: phone(),
    customerEmail: '',
    address: `9 Elm St, ${town}, CA`,
  });
  await api.change(served.id, { status: 'completed' });

  const admin = new AdminPage(page);
  await admin.open('/admin/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.getByLabel('Town').selectOption({ label: `${town} (2)` });
  const rows = page.getByRole('table').getByRole('row');
  // The header and the town's two customers.
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: served.customerName })).toContainText(town);
  await expect(rows.filter({ hasText: waiting.customerName })).toContainText('Never');

  await page.getByLabel('Last service').selectOption({ label: 'Never' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(waiting.customerName);
  await page.getByLabel('Last service').selectOption({ label: 'In the past year' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(served.customerName);

  // A name opens the customer's timeline.
  await page.getByRole('link', { name: served.customerName }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
});
