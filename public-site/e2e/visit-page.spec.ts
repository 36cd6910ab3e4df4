import { expect, test, type Browser } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';

// A visit reminder's link on a 390 px phone: the customer confirms, then moves the visit to a free
// time, while the office's Appointment Scheduling screen, open in another browser, shows each
// answer as it comes (the event stream, no reload). The server is the 'visit-reminder' scenario:
// Dana's house wash on Wednesday 25 November 2026 at 2:00 PM, its 48-hour reminder sent by text.

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('visit-reminder');
});
test.afterAll(async () => {
  // A fault the server reported while the test ran ends it with exit code 1.
  expect(await server?.stop()).toBe(0);
});

async function officeScreen(browser: Browser) {
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await office.newPage();
  const signIn = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto(`${server.url}/admin/appointment-scheduling`);
  const card = page.getByRole('listitem', { name: 'Dana Whitfield' });
  await expect(card).toContainText('Wed, Nov 25, 2026');
  return { office, page, card };
}

test('a customer confirms and reschedules from the reminder link, and the office sees it live', async ({
  browser,
}) => {
  const { office, page: officePage, card } = await officeScreen(browser);
  await expect(card.getByTestId('customer-answer')).toHaveCount(0);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const customer = await phone.newPage();
  await customer.goto(`${server.url}${server.visitPath!}`);
  await expect(customer.getByRole('heading', { level: 1 })).toContainText('Your visit with');
  await expect(customer.getByTestId('visit-date')).toHaveText('Wednesday, November 25');
  await expect(customer.getByTestId('visit-time')).toHaveText('2:00 PM');
  await expect(customer.getByText('512 Redwood Drive, Garberville')).toBeVisible();
  // Nothing of the customer but the visit: no name, no phone.
  await expect(customer.getByText('Dana')).toHaveCount(0);
  // The page fits the phone: nothing scrolls sideways.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await customer.getByRole('button', { name: 'Confirm visit' }).tap();
  await expect(customer.getByRole('status')).toHaveText(
    'Thank you, your visit on Wednesday, November 25 at 2:00 PM is confirmed.',
  );
  await expect(card.getByTestId('customer-answer')).toContainText(
    'Confirmed by the customer from the reminder link',
  );

  await customer.getByRole('button', { name: 'Reschedule' }).tap();
  await customer.getByLabel('New day', { exact: true }).selectOption({ label: 'Thursday, November 26' });
  await customer.getByLabel('New time', { exact: true }).selectOption('10:00 AM');
  await customer.getByRole('button', { name: 'Move my visit' }).tap();
  await expect(customer.getByRole('status')).toHaveText(
    'Your visit is moved to Thursday, November 26 at 10:00 AM. See you then!',
  );
  await expect(customer.getByTestId('visit-date')).toHaveText('Thursday, November 26');

  // The office's screen, never reloaded, shows the new time and who moved it.
  await expect(card).toContainText('Thu, Nov 26, 2026');
  await expect(card).toContainText('10:00 AM');
  await expect(card.getByTestId('customer-answer')).toContainText(
    'Moved by the customer from the reminder link',
  );
  await expect(card.getByTestId('customer-answer')).toContainText(
    'from 2025-11-25 at 2:00 PM to 2026-11-26 at 10:00 AM'.replace('2025', '2026'),
  );
  expect(officePage.url()).toBe(`${server.url}/admin/appointment-scheduling`);
  await phone.close();
  await office.close();
});
