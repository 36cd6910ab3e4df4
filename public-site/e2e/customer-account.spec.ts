import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { accessibilityViolations } from '../../scripts/accessibility-audit.ts';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';

// The customer's own page from the text's sign-in link. The server is the 'customer-account'
// scenario: Dana's house wash booked for Wednesday 25 November 2026, an open invoice #1001 of
// $425 for an earlier job, and the sign-in link Dana asked for on /account, texted to her phone;
// Stripe configured against the fake Stripe; invoice #1002 is another customer's. Dana also
// accepted a $320 quote asking a 25 % deposit ($80), still to pay.

let server: OwnTestServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startOwnTestServer('customer-account');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

/** Dana's phone's cookies once her link was spent (the next tests use her session). */
let danaSignedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

const token = () => server.accountLinkPath!.split('/').at(-1)!;

/** What the office sees of the customer's sessions, and what the link's own state says. */
async function spentSoFar(browser: Browser) {
  const office = await browser.newContext();
  const signIn = await office.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(signIn.ok()).toBe(true);
  const sessions = (await (
    await office.request.get(`${server.url}/api/customers/${server.customerId}/account`)
  ).json()) as {
    liveSessions: number;
  };
  const state = (await (
    await office.request.get(`${server.url}/api/public/account/links/${token()}`)
  ).json()) as {
    state: string;
  };
  await office.close();
  return { liveSessions: sessions.liveSessions, state: state.state };
}

test('a mail scanner\u2019s headless browser that opens the link spends nothing', async ({ browser }) => {
  const scanner = await browser.newContext();
  const page = await scanner.newPage();
  const opened = await page.goto(`${server.url}${server.accountLinkPath}`);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  // The page is all there and working, scripts run, the link's state read: and no Continue pressed.
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect((await scanner.cookies()).map((c) => c.name)).not.toContain('washdesk_account');
  await scanner.close();
  expect(await spentSoFar(browser)).toEqual({ liveSessions: 0, state: 'usable' });
});

test('on a 390 px phone: from the texted link to an invoice paid with a tip in 4 taps', async ({
  browser,
}) => {
  test.slow();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const customer = await phone.newPage();
  let taps = 0;
  // The link in the text message opens the sign-in page.
  await customer.goto(`${server.url}${server.accountLinkPath}`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  // Tap 1: Continue spends the link and opens the account.
  taps++;
  await customer.getByRole('button', { name: 'Continue' }).tap();
  await expect(customer).toHaveURL(`${server.url}/account`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(customer.getByText('Signed in as Dana Whitfield')).toBeVisible();
  const invoices = customer.getByRole('region', { name: 'Invoices' });
  await expect(invoices).toContainText('Invoice #1001');
  await expect(invoices).toContainText('$425 due by Friday, December 4');
  const visits = customer.getByRole('region', { name: 'Visits' });
  await expect(visits).toContainText('Wednesday, November 25 at 2:00 PM');
  await expect(visits.getByRole('button', { name: 'Confirm, move or cancel' })).toBeVisible();
  // The page fits the phone: nothing scrolls sideways; and it passes Lighthouse's axe checks.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await accessibilityViolations(customer)).toEqual([]);
  expect(await spentSoFar(browser)).toEqual({ liveSessions: 1, state: 'unusable' });

  // Tap 2: a 15 % tip on the $425 owed.
  const pay = invoices.getByRole('form', { name: 'Pay invoice #1001' });
  taps++;
  await pay.getByRole('radio', { name: '15% ($63.75)' }).tap();
  // Tap 3: Pay, for the invoice and the tip (no card fee, ever).
  taps++;
  await pay.getByRole('button', { name: 'Pay $488.75' }).tap();
  // Tap 4: Stripe's hosted page (the fake Stripe's), the tip its own line.
  await expect(customer.getByText('Tip for the crew')).toBeVisible();
  taps++;
  await customer.getByRole('button', { name: 'Pay with card' }).tap();
  expect(taps).toBeLessThanOrEqual(4);

  // Back on the account: the webhook may land a moment after the page, so wait for the state.
  await expect(customer).toHaveURL(`${server.url}/account?paid=1001`);
  await expect
    .poll(
      async () => {
        await customer.reload();
        return customer.getByRole('region', { name: 'Invoices' }).innerText();
      },
      { timeout: 30_000 },
    )
    .toContain('Paid in full');
  const receipts = customer.getByRole('region', { name: 'Payments and receipts' });
  await expect(receipts).toContainText('$488.75 paid on');
  await expect(receipts).toContainText('Card · invoice #1001 · includes a $63.75 tip');
  // Paid: nothing is offered to pay again.
  await expect(customer.getByRole('form', { name: 'Pay invoice #1001' })).toHaveCount(0);

  // In Spanish, the same account (the page's own words from the catalogs).
  await customer.goto(`${server.url}/account?lang=es`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Su cuenta');
  await expect(customer.getByRole('region', { name: 'Facturas' })).toContainText('Pagada por completo');
  await expect(customer.getByRole('region', { name: 'Pagos y recibos' })).toContainText(
    'Tarjeta · factura n.º 1001 · incluye una propina de $63.75',
  );
  await expect(customer.getByRole('region', { name: 'Citas' })).toContainText(
    'miércoles, 25 de noviembre a las 2:00 PM',
  );

  // Back in English, the visit's own page opens from the account, already the customer's.
  await customer.goto(`${server.url}/account?lang=en`);
  await customer.getByRole('button', { name: 'Confirm, move or cancel' }).tap();
  await expect(customer).toHaveURL(/\/visit\/[A-Za-z0-9_-]{43}$/);
  await expect(customer.getByRole('button', { name: 'Confirm visit' })).toBeVisible();
  danaSignedIn = await phone.storageState();
  await phone.close();
});

test('a signed-in customer cannot pay someone else\u2019s invoice from the account', async ({ browser }) => {
  // Dana's own phone, signed in by her link in the test above; invoice #1002 is another customer's.
  const phone = await browser.newContext({ storageState: danaSignedIn });
  const page = await phone.newPage();
  await page.goto(`${server.url}/account`);
  await expect(page.getByText('Signed in as Dana Whitfield')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('#1002');
  const tryToPay = (invoiceNumber: number) =>
    page.evaluate(async (n) => {
      const res = await fetch(`/api/public/account/invoices/${n}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tipCents: 500 }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { error?: { message: string }; url?: string },
      };
    }, invoiceNumber);
  const theirs = await tryToPay(server.otherInvoiceNumber!);
  expect(theirs.status).toBe(404);
  expect(theirs.body.url).toBeUndefined();
  expect(theirs.body.error?.message).toBe('That is not one of your items');
  await phone.close();
});

test('an accepted quote\u2019s deposit is paid from the account, and shows paid once the ledger has it', async ({
  browser,
}) => {
  test.slow();
  const phone = await browser.newContext({
    storageState: danaSignedIn,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto(`${server.url}/account`);
  const quotes = page.getByRole('region', { name: 'Quotes' });
  await expect(quotes).toContainText('Accepted · deposit of $80 to pay');
  // Accepting is the quote's own page; paying its deposit is here.
  await expect(quotes.getByRole('link', { name: 'See the quote' })).toBeVisible();
  await quotes.getByRole('button', { name: 'Pay the $80 deposit' }).tap();
  // Stripe's hosted page (the fake Stripe's): the deposit alone, no card fee.
  await expect(page.getByTestId('amount')).toHaveText('$80.00');
  await page.getByRole('button', { name: 'Pay with card' }).tap();

  // Back on the account: the webhook may land a moment after the page, so wait for the state.
  await expect(page).toHaveURL(/\/account\?paid=deposit-\d+$/);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('region', { name: 'Quotes' }).innerText();
      },
      { timeout: 30_000 },
    )
    .toContain('Deposit paid');
  await expect(quotes.getByRole('button', { name: /deposit/ })).toHaveCount(0);
  const receipts = page.getByRole('region', { name: 'Payments and receipts' });
  await expect(receipts).toContainText('$80 paid on');
  await expect(receipts).toContainText('Card · deposit');
  // In Spanish, the same figures from the ledger.
  await page.goto(`${server.url}/account?lang=es`);
  await expect(page.getByRole('region', { name: 'Cotizaciones' })).toContainText('Depósito pagado');
  await phone.close();
});

test('the spent link, opened again, offers a new one', async ({ browser }) => {
  const later = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await later.newPage();
  await page.goto(`${server.url}${server.accountLinkPath}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
  await page.getByLabel('Mobile number or e-mail').fill('707 555 0188');
  await page.getByRole('button', { name: 'Send me a new link' }).tap();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  await later.close();
});
