import { expect, test, type Page } from '@playwright/test';
import {
  CSRF_HEADER,
  PAY_AT_THE_VISIT,
  PREFERRED_TIMES,
  type Crew,
  type InvoiceRow,
} from '@washdesk/contract';
import { testOwner } from './admin-page.ts';
import { uniqueCustomer } from './appointment-dialog.ts';
import { inTestDatabase } from './test-database.ts';

// Issue 35, item 4 in the browser: the crew marks a job done, its invoice appears under Invoices;
// the customer opens it on a 390 px phone (this server has no Stripe: "pay at the visit", no Pay
// button); staff record a check and then cash, and the customer's page shows it paid with both
// receipts. Tests share the database: the job's visit is booked in a week of 2087 nobody else uses.

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: testOwner });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** A sold job, booked on the board and moved to done the crew's way; its invoice. */
async function doneJob(
  page: Page,
  csrf: string,
  customerName: string,
): Promise<InvoiceRow & { token: string }> {
  const jobId = inTestDatabase((db) => {
    const now = new Date().toISOString();
    const id = Number(
      db
        .prepare(
          `INSERT INTO jobs (customer_name, customer_phone, address, title, price_cents, duration_minutes,
            status, created_at, updated_at) VALUES (?, '(707) 555-0199', '44 Spruce Point Rd, Trinidad, CA',
            'House wash', 115000, 60, 'unscheduled', ?, ?)`,
        )
        .run(customerName, now, now).lastInsertRowid,
    );
    const line = db.prepare(
      'INSERT INTO job_line_items (job_id, position, service, amount_cents) VALUES (?, ?, ?, ?)',
    );
    line.run(id, 1, 'House wash', 100_000);
    line.run(id, 2, 'Gutter brightening', 15_000);
    return id;
  });
  const post = async (path: string, data: unknown, status: number) => {
    const res = await page.request.post(path, { data, headers: { [CSRF_HEADER]: csrf } });
    expect(res.status(), await res.text()).toBe(status);
  };
  const crews = (await (await page.request.get('/api/crews')).json()) as Crew[];
  const crew = crews.find((c) => c.active)!;
  // A weekday of 2087 and the first of the board's hours the booking rules accept there (other runs
  // may hold some): the server decides, the test does not guess a free slot.
  const day = `2087-03-0${3 + Math.floor(Math.random() * 5)}`; // Monday 3 to Friday 7 March
  let booked = false;
  for (const time of PREFERRED_TIMES) {
    const res = await page.request.post(`/api/schedule/jobs/${jobId}/visit`, {
      data: { date: day, time, crewId: crew.id },
      headers: { [CSRF_HEADER]: csrf },
    });
    if (res.status() === 201) {
      booked = true;
      break;
    }
    expect([409, 422], await res.text()).toContain(res.status());
  }
  expect(booked, `no free hour on ${day}`).toBe(true);
  for (const status of ['on_the_way', 'in_progress', 'done'])
    await post(`/api/jobs/${jobId}/status`, { status }, 200);
  // The invoice is made by the reaction to "done": wait for the state, not a time.
  let row: InvoiceRow | undefined;
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/invoices?limit=100')).json()) as InvoiceRow[];
      row = list.find((i) => i.jobId === jobId);
      return Boolean(row);
    })
    .toBe(true);
  const full = (await (await page.request.get(`/api/invoices/${row!.id}`)).json()) as { token: string };
  return { ...row!, token: full.token };
}

test('a done job is invoiced; the customer reads it on a phone; staff record a check and cash until it is paid', async ({
  page,
  browser,
}) => {
  test.slow();
  const csrf = await signIn(page);
  const customerName = uniqueCustomer('Invoice Customer');
  const invoice = await doneJob(page, csrf, customerName);
  expect(invoice).toMatchObject({ totalCents: 115_000, balanceCents: 115_000, status: 'open' });

  // The customer's phone: the invoice, and without Stripe no Pay button.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const customer = await phone.newPage();
  await customer.goto(`/invoice/${invoice.token}`);
  await expect(customer.getByRole('heading', { level: 1, name: `Invoice #${invoice.number}` })).toBeVisible();
  const services = customer.getByRole('list', { name: 'Services' });
  await expect(services).toContainText('House wash');
  await expect(services).toContainText('Gutter brightening');
  await expect(customer.getByText('Balance due')).toBeVisible();
  await expect(customer.getByText(PAY_AT_THE_VISIT)).toBeVisible();
  await expect(customer.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  // Nothing wider than the phone.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The office: Invoices, the invoice, a check and then cash.
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.getByRole('button', { name: `#${invoice.number}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Invoice #${invoice.number}` });
  const totals = dialog.locator('dl[aria-label="Totals"]');
  await expect(totals).toContainText(/Balance due\s*\$1,150/);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await dialog.getByLabel('Method').selectOption('check');
  await dialog.getByLabel(/^Amount/).fill('500');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Enter the check number')).toBeVisible();
  await dialog.getByLabel('Check number').fill('2231');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment recorded' })).toBeVisible();
  await expect(totals).toContainText(/Balance due\s*\$650/);
  await expect(dialog.getByRole('table', { name: 'Payments' })).toContainText('Check 2231');

  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await dialog.getByLabel(/^Amount/).fill('700');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('That is more than the $650 still due')).toBeVisible();
  await dialog.getByLabel(/^Amount/).fill('650');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(totals).toContainText(/Balance due\s*\$0/);
  await expect(dialog.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The customer's page, opened again: paid, with both receipts.
  await customer.reload();
  await expect(customer.getByText('Paid in full. Thank you!')).toBeVisible();
  const receipts = customer.getByRole('region', { name: 'Receipts' });
  await expect(receipts).toContainText('Check');
  await expect(receipts).toContainText('Cash');
  await phone.close();
});
