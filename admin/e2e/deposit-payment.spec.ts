import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { startDepositsServer, type DepositsServer, type QuotedLead } from './deposits-server.ts';

// The deposit, end to end (issue 35's first browser Must-show): a customer on a 390 px phone
// accepts a $320 quote asking 25 %, presses "Pay the $80 deposit", pays on the (fake) Stripe
// Checkout page and comes back to "Deposit paid"; the office, in another browser, sees "Deposit
// paid $80 · $240 left" appear on the quote without a reload. A bank payment stays "Bank payment
// pending" on both sides until the bank answers: failed, the deposit is due again; succeeded, paid.
// Real server, real SQLite, the real stripe SDK against the fake Stripe, which signs and delivers
// its events to the server's own webhook. Every step waits for a state, never a time.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: DepositsServer;
test.beforeAll(async () => {
  server = await startDepositsServer();
});
test.afterAll(async () => {
  // A fault the server reported (an unexpected error) fails the run here.
  expect(await server.stop()).toBe(0);
});

/** The office: signed in on its own browser context, the lead's quote dialog open in Requests. */
async function officeWatching(browser: Browser, lead: QuotedLead) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signedIn = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(signedIn.ok()).toBe(true);
  await page.goto(`${server.url}/admin/requests?q=${encodeURIComponent(lead.leadName)}`);
  await page
    .getByRole('row', { name: lead.leadName })
    .first()
    .getByRole('button', { name: 'Quote', exact: true })
    .click();
  const card = page
    .getByRole('dialog', { name: `Quote for ${lead.leadName}` })
    .getByRole('region', { name: 'Quote $320' });
  await expect(card.getByText('Waiting for the customer')).toBeVisible();
  return { context, card };
}

/** The customer's phone: opens the quote, sees the deposit, accepts with their name. */
async function customerAccepts(browser: Browser, lead: QuotedLead, name: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await context.newPage();
  await phone.goto(`${server.url}${lead.quotePath}`);
  const deposit = phone.getByRole('region', { name: 'Deposit' });
  await expect(deposit).toContainText('$80 deposit due when you accept; the rest after the work.');
  await phone.getByLabel('Your full name').fill(name);
  await phone.getByLabel('I accept this quote, its total and its terms').check();
  await phone.getByRole('button', { name: 'Accept quote' }).click();
  await expect(phone.getByRole('status').filter({ hasText: `as ${name}` })).toBeVisible();
  return { context, phone, deposit };
}

/** "Pay the $80 deposit" → Stripe's page (another origin) shows $80.00 and no fee line. */
async function toCheckout(phone: Page) {
  await phone.getByRole('button', { name: 'Pay the $80 deposit' }).click();
  await expect(phone.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(phone.getByTestId('amount')).toHaveText('$80.00');
  await expect(phone.locator('body')).not.toContainText(/fee|surcharge/i);
  // Nothing overflows sideways on the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a card deposit: paid on Stripe’s page, "Deposit paid" on the phone, and live in the office', async ({
  browser,
}) => {
  const office = await officeWatching(browser, server.card);
  const customer = await customerAccepts(browser, server.card, 'Rosa Ortega');
  try {
    // The office hears of the acceptance and sees the deposit due, then no reload ever happens.
    await expect(office.card.getByRole('status').filter({ hasText: 'Deposit $80 due' })).toBeVisible();
    await toCheckout(customer.phone);
    await customer.phone.getByRole('button', { name: 'Pay with card' }).click();
    // Back on the quote page (?paid=1): "Deposit paid" only once the ledger has the payment.
    await expect(customer.phone).toHaveURL(/\/quote\/[A-Za-z0-9_-]{43}\?paid=1$/);
    await expect(customer.deposit.getByRole('status')).toHaveText('Deposit paid');
    await expect(customer.phone.getByRole('button', { name: /^Pay the/ })).toHaveCount(0);
    await expect(
      office.card.getByRole('status').filter({ hasText: 'Deposit paid $80 · $240 left' }),
    ).toBeVisible();
  } finally {
    await customer.context.close();
    await office.context.close();
  }
});

test('a bank deposit stays "pending" until the bank answers: failed, due again; succeeded, paid', async ({
  browser,
}) => {
  const office = await officeWatching(browser, server.bank);
  const customer = await customerAccepts(browser, server.bank, 'Ben Whitaker');
  const settle = async (outcome: 'succeeded' | 'failed') => {
    const res = await fetch(`${server.controlUrl}/settle-bank/${outcome}`, { method: 'POST' });
    expect(res.status).toBe(204);
  };
  try {
    await toCheckout(customer.phone);
    await customer.phone.getByRole('button', { name: 'Pay with bank account' }).click();
    await expect(customer.phone).toHaveURL(/\?paid=1$/);
    await expect(customer.deposit.getByRole('status').first()).toHaveText('Bank payment pending');
    await expect(customer.deposit).not.toContainText('Deposit paid');
    await expect(
      office.card.getByRole('status').filter({ hasText: 'Bank payment pending $80' }),
    ).toBeVisible();

    // The bank refuses: the deposit is due again, in the office at once, on the phone when it looks again.
    await settle('failed');
    await expect(office.card.getByRole('status').filter({ hasText: 'Deposit $80 due' })).toBeVisible();
    await customer.phone.goto(`${server.url}${server.bank.quotePath}`);
    await expect(customer.deposit).toContainText('$80 deposit due now; the rest after the work.');

    // Paid again by bank account, and this time the bank pays.
    await toCheckout(customer.phone);
    await customer.phone.getByRole('button', { name: 'Pay with bank account' }).click();
    await expect(customer.deposit.getByRole('status').first()).toHaveText('Bank payment pending');
    await expect(
      office.card.getByRole('status').filter({ hasText: 'Bank payment pending $80' }),
    ).toBeVisible();
    await settle('succeeded');
    await expect(
      office.card.getByRole('status').filter({ hasText: 'Deposit paid $80 · $240 left' }),
    ).toBeVisible();
    await customer.phone.reload();
    await expect(customer.deposit.getByRole('status')).toHaveText('Deposit paid');
  } finally {
    await customer.context.close();
    await office.context.close();
  }
});
