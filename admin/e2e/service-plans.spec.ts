import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { uniqueCustomer } from './appointment-dialog.ts';

// The "Service plan" card on a customer's record: staff add a plan (how often, which month, the
// services with their prices), see its next due dates, change and stop it, through the real
// server and its real season.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

test("a customer's service plan is added, changed and stopped from their record", async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const firstName = uniqueCustomer('Pat').replace(' ', '');
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  const created = await page.request.post('/api/service-requests', {
    data: {
      firstName,
      lastName: 'Plan',
      phone: `530-${digits.slice(0, 3)}-${digits.slice(3)}`,
      email: `${firstName.toLowerCase()}@example.com`,
      address: '77 Alder Point Rd',
      city: 'Garberville',
      serviceType: 'house-washing',
      urgency: 'week',
      description: 'Same again next spring',
    },
  });
  expect(created.status()).toBe(201);
  const rows = (await (await page.request.get(`/api/customers?q=${firstName}`)).json()) as { id: number }[];
  await page.goto(`/admin/customers/${rows[0]!.id}`);

  const card = page.getByRole('region', { name: 'Service plan' });
  await expect(card.getByText(/No plan/)).toBeVisible();
  await card.getByRole('button', { name: 'Add service plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service plan' });
  await dialog.getByLabel('How often').selectOption({ label: 'Every 2 years' });
  await dialog.getByLabel('Month').selectOption({ label: 'April' });
  await dialog.getByLabel('Price 1 ($)').fill('abc');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  // Refused by the server, said under the field.
  await expect(dialog.getByText('Enter a price of 0 or more, in dollars and cents')).toBeVisible();
  await dialog.getByLabel('Price 1 ($)').fill('450');
  await dialog.getByRole('button', { name: 'Add a service' }).click();
  await dialog.getByLabel('Service 2', { exact: true }).selectOption({ label: 'Gutter Cleaning' });
  await dialog.getByLabel('Price 2 ($)').fill('150.50');
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(admin.toast('Service plan added')).toBeVisible();

  // April comes next year (or this year, before April): then every two years.
  const now = new Date();
  const first = now.getMonth() + 1 <= 4 ? now.getFullYear() : now.getFullYear() + 1;
  await expect(card.getByText('Every 2 years in April')).toBeVisible();
  await expect(card.getByText('$600.50')).toBeVisible();
  await expect(card.getByLabel('Next due')).toHaveText(
    [first, first + 2, first + 4].map((y) => `April ${y}`).join(''),
  );

  await card.getByRole('button', { name: 'Edit plan' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit service plan' });
  await expect(edit.getByLabel('Price 2 ($)')).toHaveValue('150.50');
  await edit.getByLabel('Month').selectOption({ label: MONTHS[4]! });
  await edit.getByRole('button', { name: 'Save plan' }).click();
  await expect(admin.toast('Service plan saved')).toBeVisible();
  await expect(card.getByText('Every 2 years in May')).toBeVisible();

  await card.getByRole('button', { name: 'Stop plan' }).click();
  await expect(admin.toast('Service plan stopped')).toBeVisible();
  await expect(card.getByText(/No plan \(one stopped\)/)).toBeVisible();
});
