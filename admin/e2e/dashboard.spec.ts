import fs from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { formatCents, type PhotoSubmission, type QuotePerformance, type WeeklyReportWeek } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';
import { failNextCall, shutEventStream } from './failing-backend.ts';
import { PICTURES, screenshotBothThemes } from './screenshots.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const readJson = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;

/** Blueprint's tooltip has no ARIA role of its own; its class is the stable handle. */
const tooltip = (page: Page) => page.locator('.bp6-tooltip');

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test.describe('at a known moment with a known week of submissions', () => {
  // A server of its own, standing at Wednesday 11 February 2026, 2:30 PM in California, with
  // submissions at known instants (backend/src/test/dashboard-week.ts); every figure below is
  // worked out by hand from those rows.
  let server: OwnTestServer;
  test.beforeAll(async () => {
    server = await startOwnTestServer('dashboard-week');
  });
  test.afterAll(async () => {
    // A fault the server reported while the test ran ends it with exit code 1.
    expect(await server?.stop()).toBe(0);
  });

  test('each figure and its trend measure the same stretch of time, and say what they measure', async ({
    page,
  }) => {
    const admin = new AdminPage(page);
    const { email, password } = server;
    const signedIn = await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } });
    expect(signedIn.ok()).toBe(true);
    await page.goto(`${server.url}/admin`);
    await expect(admin.pageTitle('Dashboard')).toBeVisible();
    await expect(page.getByText('Submissions, quotes and appointments at a glance')).toBeVisible();

    const card = (label: string) => ({
      figure: admin.statCard(label).getByRole('heading'),
      detail: admin.statCard(label).locator('p[tabindex]'),
    });
    // Today 3 against yesterday up to 2:30 PM 1: +2 (too few yesterday for a percentage).
    await expect(card("Today's Submissions").figure).toHaveText('3');
    await expect(card("Today's Submissions").detail).toHaveText('+2 from yesterday');
    await expect(card('Pending Reviews').figure).toHaveText('4');
    await expect(card('Pending Reviews').detail).toHaveText('0 reviewed');
    // Quoted this week 4 against last week up to Wednesday 2:30 PM 2: +2.
    await expect(card('Quote Requests').figure).toHaveText('4');
    await expect(card('Quote Requests').detail).toHaveText('+2 from last week');
    // 4 completed of 13: 30.8% → 31%.
    await expect(card('Completion Rate').figure).toHaveText('31%');
    await expect(card('Completion Rate').detail).toHaveText('4 of 13 completed');

    await card('Quote Requests').detail.hover();
    await expect(tooltip(page)).toHaveText(
      'Submissions received this week (since Monday) that got a quote, against those received last week up to the same moment. A percentage once the earlier figure is at least 10; below that, the difference in number.',
    );

    const performance = page.getByRole('region', { name: 'Quote Analysis Performance' });
    // No AI photo analysis at all: no accuracy, and the reason.
    const accuracy = performance.getByLabel('Photo Analysis Accuracy: —');
    await expect(accuracy).toHaveText('—');
    await accuracy.hover();
    await expect(tooltip(page)).toHaveText(
      "How often staff's quote fell inside the price range the AI gave from the photos (local estimates are not counted). Not enough data yet: 0 of the 10 quoted submissions with an AI photo analysis needed.",
    );
    // 5 quoted + 4 completed of 13 = 69.2% → 69%.
    const conversion = performance.getByLabel('Quote Conversion Rate: 69%');
    await conversion.hover();
    await expect(tooltip(page)).toHaveText(
      'Submissions that got a quote, of all submissions ever received. 9 of 13.',
    );
    await expect(performance.getByLabel('Processing Speed: —')).toHaveText('—');
  });
});

test('Recent Submissions lists the newest five, and "View All" opens Photo Submissions', async ({ page }) => {
  await page.goto('/admin');
  const newest = await readJson<PhotoSubmission[]>(page, '/api/photo-submissions?limit=5');
  const recent = page.getByRole('region', { name: 'Recent Submissions' });
  const rows = recent.getByRole('listitem');
  await expect(rows).toHaveCount(5);
  for (const [i, s] of newest.entries()) {
    await expect(rows.nth(i)).toContainText(s.customerName ?? `Customer #${s.id}`);
    await expect(rows.nth(i)).toContainText(s.serviceType ?? 'General Cleaning');
  }

  await recent.getByRole('button', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/admin\/photo-submissions$/);
  await expect(new AdminPage(page).pageTitle('Photo Submissions')).toBeVisible();
});

test('Quote Analysis Performance shows the stored figures and says how each is computed', async ({
  page,
}) => {
  await page.goto('/admin');
  const p = await readJson<QuotePerformance>(page, '/api/stats/quote-performance');
  const card = page.getByRole('region', { name: 'Quote Analysis Performance' });
  const dash = (v: string | null) => v ?? '—';
  const accuracy = card.getByLabel(/^Photo Analysis Accuracy:/);
  await expect(accuracy).toHaveText(dash(p.accuracyPercent === null ? null : `${p.accuracyPercent}%`));
  await expect(card.getByLabel(/^Quote Conversion Rate:/)).toHaveText(
    dash(p.conversionPercent === null ? null : `${p.conversionPercent}%`),
  );
  await expect(card.getByLabel(/^Processing Speed:/)).toHaveText(
    dash(p.averageAnalysisMs === null ? null : `${(p.averageAnalysisMs / 1000).toFixed(1)}s avg`),
  );
  await expect(card.getByText('Operational')).toBeVisible();

  await card.getByLabel(/^Quote Conversion Rate:/).hover();
  await expect(tooltip(page)).toHaveText(
    `Submissions that got a quote, of all submissions ever received. ${p.quotedSubmissions} of ${p.totalSubmissions}.`,
  );
});

test('Quick Actions go to the photo submissions and the appointments', async ({ page }) => {
  const admin = new AdminPage(page);
  await page.goto('/admin');
  const actions = page.getByRole('region', { name: 'Quick Actions' });

  await actions.getByRole('button', { name: 'Review Photo Submissions' }).click();
  await expect(page).toHaveURL(/\/admin\/photo-submissions$/);
  await expect(admin.pageTitle('Photo Submissions')).toBeVisible();

  await page.goBack();
  await actions.getByRole('button', { name: 'Schedule Estimates' }).click();
  await expect(page).toHaveURL(/\/admin\/appointment-scheduling$/);
  await expect(admin.pageTitle('Appointment Scheduling')).toBeVisible();
});

test('"Generate Reports" shows the weekly summary and downloads it as CSV', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Generate Reports' }).click();
  await expect(page).toHaveURL(/\/admin\?report=weekly$/);
  const dialog = page.getByRole('dialog', { name: 'Weekly summary' });

  const weeks = await readJson<WeeklyReportWeek[]>(page, '/api/reports/weekly');
  const rows = dialog.getByRole('table', { name: 'Weekly summary' }).getByRole('row');
  await expect(rows).toHaveCount(weeks.length + 1);
  await expect(rows.first().getByRole('columnheader')).toHaveText([
    'Week starting',
    'Submissions',
    'Quotes',
    'Bookings',
    'Calls',
    // The owner sees the week's money too (issue 35), in dollars.
    'Quoted',
    'Won',
    'Invoiced',
    'Collected',
    'Tips',
  ]);
  const cells = (w: WeeklyReportWeek) => [w.submissions, w.quotes, w.bookings, w.calls].map(String);
  const money = (w: WeeklyReportWeek) =>
    [w.money!.quotedCents, w.money!.wonCents, w.money!.invoicedCents, w.money!.collectedCents, w.money!.tipsCents];
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    ...cells(weeks[0]!),
    ...money(weeks[0]!).map(formatCents),
  ]);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^washdesk-weekly-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  // The byte order mark tells spreadsheet programs the file is UTF-8.
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Week starting,Submissions,Quotes,Bookings,Calls,Quoted ($),Won ($),Invoiced ($),Collected ($),Tips ($)',
  );
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  expect(lines.slice(1)).toEqual(
    weeks.map((w) => [w.weekStart, ...cells(w), ...money(w).map(dollars)].join(',')),
  );

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);
});

test('figures that fail to load say so instead of showing numbers', async ({ page }) => {
  await shutEventStream(page);
  await failNextCall(page, 'GET', '**/api/stats');
  await failNextCall(page, 'GET', '**/api/stats/quote-performance');
  await page.goto('/admin');

  await expect(page.getByText('The figures could not be loaded')).toBeVisible();
  await expect(page.getByLabel(/^Photo Analysis Accuracy:/)).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Quote Analysis Performance' })
      .getByText('The performance figures could not be loaded'),
  ).toBeVisible();
});

test('a weekly summary that fails to load says so', async ({ page }) => {
  await shutEventStream(page);
  await failNextCall(page, 'GET', '**/api/reports/weekly?weeks=8');
  await page.goto('/admin?report=weekly');
  await expect(
    page.getByRole('dialog', { name: 'Weekly summary' }).getByText('The weekly summary could not be loaded'),
  ).toBeVisible();
});

test('screenshots of the dashboard', PICTURES, async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Recent Submissions' }).getByRole('listitem')).toHaveCount(5);
  await screenshotBothThemes(page, 'dashboard');
});
