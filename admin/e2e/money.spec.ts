import fs from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  formatCents,
  type CustomerSummary,
  type WeeklyMoney,
  type WeeklyReportWeek,
} from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';

// The money screens (issue 35, items 6 and 7) on a server of its own standing at Wednesday
// 4 March 2026 with six weeks of quotes, invoices and payments (backend/src/test/e2e-money.ts):
// every figure on screen is the API's, formatted by the contract's formatCents.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('money');
});
test.afterAll(async () => {
  // A fault the server reported while the test ran ends it with exit code 1.
  expect(await server?.stop()).toBe(0);
});
test.beforeEach(async ({ page }) => {
  const { email, password } = server;
  const signedIn = await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } });
  expect(signedIn.ok()).toBe(true);
});

const readJson = async <T>(page: Page, path: string) =>
  (await (await page.request.get(`${server.url}${path}`)).json()) as T;

test("the owner's dashboard shows the last four weeks' money and its channels", async ({ page }) => {
  const weeks = await readJson<WeeklyMoney[]>(page, '/api/dashboard/money');
  expect(weeks.some((w) => w.collectedCents > 0)).toBe(true);
  await page.goto(`${server.url}/admin`);
  const card = page.getByRole('region', { name: 'Money', exact: true });
  // The first page this fresh server serves (a cold cache on a shared machine) may take a while.
  await expect(card.getByRole('table', { name: 'Money per week' })).toBeVisible({ timeout: 60_000 });
  const rows = card.getByRole('table', { name: 'Money per week' }).getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.first().getByRole('columnheader')).toHaveText([
    'Week',
    'Quoted',
    'Won',
    'Invoiced',
    'Collected',
    'Tips',
  ]);
  for (const [i, w] of weeks.entries()) {
    await expect(rows.nth(i + 1).getByRole('cell')).toHaveText([
      i === 0 ? 'This week' : /^Week of [A-Z][a-z]{2} \d{1,2}$/,
      ...[w.quotedCents, w.wonCents, w.invoicedCents, w.collectedCents, w.tipsCents].map(formatCents),
    ]);
  }
  const channels = card.getByRole('table', { name: 'Money by channel, the last 4 weeks' });
  await expect(channels.getByRole('row').filter({ hasText: 'Phone' })).toHaveCount(1);
  await expect(channels.getByRole('row').filter({ hasText: 'Website' })).toHaveCount(1);
});

test('the weekly summary shows the money and exports the QuickBooks files for a range', async ({ page }) => {
  const weeks = await readJson<WeeklyReportWeek[]>(page, '/api/reports/weekly');
  await page.goto(`${server.url}/admin?report=weekly`);
  const dialog = page.getByRole('dialog', { name: 'Weekly summary' });
  const row = dialog.getByRole('table', { name: 'Weekly summary' }).getByRole('row').nth(2);
  const m = weeks[1]!.money!;
  await expect(row.getByRole('cell')).toHaveText([
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    ...[weeks[1]!.submissions, weeks[1]!.quotes, weeks[1]!.bookings, weeks[1]!.calls].map(String),
    ...[m.quotedCents, m.wonCents, m.invoicedCents, m.collectedCents, m.tipsCents].map(formatCents),
  ]);

  await expect(dialog.getByRole('heading', { name: 'Export for QuickBooks' })).toBeVisible();
  // A range that ends before it starts is refused before anything is downloaded.
  await dialog.getByLabel('From').fill('2026-03-01');
  await dialog.getByLabel('To').fill('2026-02-01');
  await expect(dialog.getByRole('alert')).toHaveText('The last date must not be before the first');
  await dialog.getByLabel('To').fill('2026-02-28');
  await dialog.getByLabel('From').fill('2026-02-01');
  await expect(dialog.getByRole('alert')).toBeHidden();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export for QuickBooks: invoices' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('washdesk-quickbooks-invoices-from-2026-02-01-to-2026-02-28.csv');
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Invoice number,Customer,Invoice date,Due date,Item (Product/Service),Item Description,Item Quantity,Item Rate,Item Amount',
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => /^\d+,.*,02\/\d\d\/2026,/.test(line))).toBe(true);

  const payments = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export for QuickBooks: payments' }).click();
  const paymentLines = fs
    .readFileSync(await (await payments).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(paymentLines[0]).toBe('Payment date,Customer,Payment method,Reference no,Amount,Invoice no');
});

test('the Customers screen shows open balances and filters to those who owe', async ({ page }) => {
  const owing = await readJson<CustomerSummary[]>(page, '/api/customers?balance=open&limit=200');
  expect(owing.length).toBeGreaterThan(0);
  await page.goto(`${server.url}/admin/customers`);
  await page.getByLabel('Balance').selectOption({ label: 'Open balance' });
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(Math.min(owing.length, 25) + 1);
  const first = owing[0]!;
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(
    formatCents(first.openBalanceCents),
  );
  await page.getByLabel('Balance').selectOption({ label: 'Nothing owed' });
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('—');
});
