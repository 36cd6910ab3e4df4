import { expect, test } from '@playwright/test';
import { startInvoicesServer, type InvoicesServer } from './invoices-server.ts';

// Issue 35, item 4 on a 390 px phone against the fake Stripe (its own server: invoices-server.ts):
// the customer opens a done job's $300 invoice, pays $100 of it with a 15 % tip on Stripe's page,
// comes back, and the invoice owes $200: the tip was not taken off what is owed.

let server: InvoicesServer;
test.beforeAll(async () => {
  server = await startInvoicesServer();
});
test.afterAll(async () => {
  expect(await server.stop(), 'the server reported no fault').toBe(0);
});
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a customer pays part of an invoice with a tip on a phone, and the balance goes down by the part only', async ({
  page,
}) => {
  test.slow();
  const link = `${server.url}${server.invoicePath}`;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${server.invoiceNumber}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Pay the invoice' });
  await expect(form.getByLabel(/^Amount to pay/)).toHaveValue('300.00');
  await form.getByLabel(/^Amount to pay/).fill('400');
  await expect(form.getByText('That is more than the $300 still due')).toBeVisible();
  await expect(form.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  await form.getByLabel(/^Amount to pay/).fill('100');
  await form.getByRole('radio', { name: /15%/ }).check();
  const pay = form.getByRole('button', { name: 'Pay $115' });
  await expect(pay).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await pay.click();

  // Stripe's hosted page (the fake's): the part and the tip as two lines, then card.
  await expect(page.getByRole('button', { name: 'Pay with card' })).toBeVisible();
  await expect(page.getByText('Tip for the crew')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with card' }).click();

  // Back on the invoice: the webhook may land a moment after the page; wait for the state.
  await expect(page).toHaveURL(`${link}?paid=1`);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('dl[aria-label="Totals"]').innerText();
      },
      { timeout: 30_000 },
    )
    .toMatch(/Paid so far\s*\$100[\s\S]*Balance due\s*\$200/);
  const receipts = page.getByRole('region', { name: 'Receipts' });
  await expect(receipts).toContainText('Card (tip $15)');
  await expect(receipts).toContainText('$115');
  // What is left is still offered, less what was paid.
  await expect(page.getByRole('form', { name: 'Pay the invoice' }).getByLabel(/^Amount to pay/)).toHaveValue('200.00');
});
