import { expect, test, type Browser } from '@playwright/test';
import { accessibilityViolations } from '../../scripts/accessibility-audit.ts';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';

// The customer's own page from the text's sign-in link. The server is the 'customer-account'
// scenario: Dana's house wash booked for Wednesday 25 November 2026, an open invoice #1001 of
// $425 for an earlier job, and the sign-in link Dana asked for on /account, texted to her phone.

let server: OwnTestServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startOwnTestServer('customer-account');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

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

test('on a 390 px phone: from the texted link to the invoice\u2019s pay page in 3 taps', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const customer = await phone.newPage();
  let taps = 0;
  // Tap 1: the link in the text message.
  taps++;
  await customer.goto(`${server.url}${server.accountLinkPath}`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  // Tap 2: Continue spends the link and opens the account.
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
  // Tap 3: Pay opens the invoice's own page (the invoice page and its pay-with-a-tip are issue 35's).
  taps++;
  await invoices.getByRole('link', { name: 'Pay invoice #1001' }).tap();
  await expect(customer).toHaveURL(`${server.url}${server.invoicePath}`);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Invoice #1001');
  expect(taps).toBeLessThanOrEqual(4);

  // Back on the account, the visit's own page opens from it, already the customer's.
  await customer.goto(`${server.url}/account`);
  await customer.getByRole('button', { name: 'Confirm, move or cancel' }).tap();
  await expect(customer).toHaveURL(/\/visit\/[A-Za-z0-9_-]{43}$/);
  await expect(customer.getByRole('button', { name: 'Confirm visit' })).toBeVisible();
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
