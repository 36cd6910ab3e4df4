import { expect, test, type Page } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { AppointmentApi, uniqueCustomer } from './appointment-dialog.ts';

// Tests share one database: each person here has a number and an e-mail nobody else uses.
const uniqueNumber = () => String(Math.floor(1_000_000 + Math.random() * 8_999_999));
const formats = (n: string) => ({
  dashed: `530-${n.slice(0, 3)}-${n.slice(3)}`,
  spaced: `(530) ${n.slice(0, 3)} ${n.slice(3)}`,
  e164: `+1530${n}`,
});

async function wizardRequest(page: Page, person: { firstName: string; phone: string; email: string }) {
  const response = await page.request.post('/api/service-requests', {
    data: {
      ...person,
      lastName: 'Timeline',
      address: '77 Alder Point Rd',
      city: 'Garberville',
      serviceType: 'house-washing',
      urgency: 'week',
      description: 'Moss on the north roof',
    },
  });
  expect(response.status()).toBe(201);
}

const customerIdOf = async (page: Page, q: string) => {
  const response = await page.request.get(`/api/customers?q=${encodeURIComponent(q)}`);
  const rows = (await response.json()) as { id: number }[];
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
};

test("a customer's timeline gathers a request and an appointment made with the number typed another way", async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const n = uniqueNumber();
  const phone = formats(n);
  const firstName = uniqueCustomer('Tam').replace(' ', '');
  const name = `${firstName} Timeline`;
  const email = `${firstName.toLowerCase()}@example.com`;
  await wizardRequest(page, { firstName, phone: phone.dashed, email });
  const appointments = await AppointmentApi.signIn(page);
  await appointments.create({ customerName: name, customerPhone: phone.spaced, customerEmail: null });

  await page.goto('/admin/requests');
  await page.getByRole('searchbox', { name: 'Search requests' }).fill(firstName);
  // Only the header and our row: the search has answered, so the row will not move under the click.
  await expect(page.getByRole('table', { name: 'Requests' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('row', { name }).getByRole('link', { name }).click();

  await expect(admin.pageTitle(name)).toBeVisible();
  await expect(page.getByText('1 request · 1 appointment')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem', { name: /^Appointment: House Wash/ })).toBeVisible();
  await expect(timeline.getByRole('listitem', { name: 'Website request: House Washing' })).toContainText(
    'Moss on the north roof',
  );
  // Newest first: the appointment was made after the request.
  await expect(timeline.getByRole('listitem').first()).toHaveAccessibleName(/^Appointment/);
  const contact = page.getByLabel('Contact details');
  await expect(contact.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:530${n}`);
  await expect(contact.getByRole('link', { name: 'Text' })).toHaveAttribute('href', `sms:530${n}`);
  await expect(contact.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', `mailto:${email}`);

  // "Open" takes staff to the entry on its own screen.
  await timeline
    .getByRole('listitem', { name: /^Appointment/ })
    .getByRole('link', { name: 'Open' })
    .click();
  await expect(admin.pageTitle('Appointment Scheduling')).toBeVisible();
});

test('two records of one person are merged into one timeline', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const [first, second] = [formats(uniqueNumber()), formats(uniqueNumber())];
  const firstName = uniqueCustomer('Mia').replace(' ', '');
  await wizardRequest(page, { firstName, phone: first.dashed, email: `${firstName}.home@example.com` });
  await wizardRequest(page, { firstName, phone: second.dashed, email: `${firstName}.work@example.com` });
  const id = await customerIdOf(page, first.dashed);

  await page.goto(`/admin/customers/${id}`);
  await expect(page.getByText('1 request', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Merge…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: 'Find the other record' }).fill(second.spaced);
  await dialog.getByRole('button', { name: new RegExp(`${firstName} Timeline`) }).click();
  await expect(dialog.getByText('This cannot be undone')).toBeVisible();
  await dialog.getByRole('button', { name: 'Merge records' }).click();
  await expect(admin.toast('Records merged')).toBeVisible();
  await expect(page.getByText('2 requests', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(2);
  // The second number now finds this record, and only it.
  expect(await customerIdOf(page, second.e164)).toBe(id);
});

test('Ctrl+K finds a customer by a phone number typed another way and opens their timeline', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const phone = formats(uniqueNumber());
  const firstName = uniqueCustomer('Omni').replace(' ', '');
  await wizardRequest(page, { firstName, phone: phone.dashed, email: `${firstName}@example.com` });

  await admin.open('/admin');
  await expect(page.getByRole('button', { name: /Search customers/ })).toBeVisible();
  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search customers' });
  await expect(search).toBeFocused();
  await search.fill('nobody-by-this-name-xyz');
  await expect(page.getByText('No customer matches "nobody-by-this-name-xyz"')).toBeVisible();
  await search.fill(phone.e164);
  await expect(page.getByRole('option', { name: new RegExp(`${firstName} Timeline`) })).toBeVisible();
  await search.press('Enter');
  await expect(admin.pageTitle(`${firstName} Timeline`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
});

test('a stranger on a known number gets a record of their own, suggested on both pages; one click merges, Ctrl+K finds both names', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const n = uniqueNumber();
  const phone = formats(n);
  const [owen, maya] = [uniqueCustomer('Owen').replace(' ', ''), uniqueCustomer('Maya').replace(' ', '')];
  await wizardRequest(page, { firstName: owen, phone: phone.dashed, email: `${owen}@example.com` });
  await wizardRequest(page, { firstName: maya, phone: phone.spaced, email: `${maya}@example.com` });
  const [owenId, mayaId] = [await customerIdOf(page, owen), await customerIdOf(page, maya)];
  expect(owenId).not.toBe(mayaId);
  const reason = `same phone (530) ${n.slice(0, 3)}-${n.slice(3)}`;

  // Both pages say why, under the other person's name.
  await page.goto(`/admin/customers/${mayaId}`);
  await expect(admin.pageTitle(`${maya} Timeline`)).toBeVisible();
  const onMaya = page.getByRole('region', { name: 'Possibly the same person' });
  await expect(onMaya).toContainText(`Possibly the same as ${owen} Timeline — ${reason}`);
  await page.goto(`/admin/customers/${owenId}`);
  const onOwen = page.getByRole('region', { name: 'Possibly the same person' });
  await expect(onOwen).toContainText(`Possibly the same as ${maya} Timeline — ${reason}`);

  await onOwen.getByRole('button', { name: `Merge ${maya} Timeline into this record` }).click();
  await expect(admin.toast('Records merged')).toBeVisible();
  await expect(page.getByText('2 requests', { exact: true })).toBeVisible();
  await expect(onOwen).toHaveCount(0);
  await expect(
    page.getByLabel('Contact details').getByText(`${maya} Timeline`, { exact: true }),
  ).toBeVisible();

  // Ctrl+K finds the one record by either name, saying the other.
  for (const name of [owen, maya]) {
    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: 'Search customers' });
    await search.fill(name);
    const found = page.getByRole('option', { name: new RegExp(`${owen} Timeline`) });
    await expect(found).toContainText(`Also known as ${maya} Timeline`);
    await expect(page.getByRole('option')).toHaveCount(1);
    await search.press('Escape');
  }
});

test('"Not the same person" settles a suggestion on both pages', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const phone = formats(uniqueNumber());
  const [first, second] = [uniqueCustomer('Ann').replace(' ', ''), uniqueCustomer('Bea').replace(' ', '')];
  await wizardRequest(page, { firstName: first, phone: phone.dashed, email: `${first}@example.com` });
  await wizardRequest(page, { firstName: second, phone: phone.dashed, email: `${second}@example.com` });
  const [firstId, secondId] = [await customerIdOf(page, first), await customerIdOf(page, second)];

  await page.goto(`/admin/customers/${secondId}`);
  const suggestion = page.getByRole('region', { name: 'Possibly the same person' });
  await suggestion.getByRole('button', { name: 'Not the same person' }).click();
  await expect(admin.toast('Marked as different people')).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  await page.goto(`/admin/customers/${firstId}`);
  await expect(admin.pageTitle(`${first} Timeline`)).toBeVisible();
  await expect(page.getByText('1 request', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Possibly the same person' })).toHaveCount(0);
});

test('Ctrl+K opens an empty search each time, never adding to the last one', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin');
  await expect(page.getByRole('button', { name: /Search customers/ })).toBeVisible();
  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search customers' });
  await search.fill('Whitfield');
  await search.press('Escape');
  await expect(search).toBeHidden();

  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.type('Dana');
  await expect(search).toHaveValue('Dana');
});
