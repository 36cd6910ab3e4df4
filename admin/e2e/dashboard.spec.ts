import fs from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { PhotoSubmission, QuotePerformance, Stats, WeeklySummary } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { failNextCall } from './failing-backend.ts';
import { screenshotBothThemes } from './screenshots.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** The dashboard's trend rule, written out again so the test can fail if the screen drifts. */
function expectedTrend(current: number, previous: number, suffix: string) {
  if (current === previous) return `No change ${suffix}`;
  if (previous === 0) return `+${current} ${suffix}`;
  const change = Math.round(((current - previous) / previous) * 100);
  return change === 0 ? `No change ${suffix}` : `${change > 0 ? '+' : ''}${change}% ${suffix}`;
}

const readJson = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;

/** Blueprint's tooltip has no ARIA role of its own; its class is the stable handle. */
const tooltip = (page: Page) => page.locator('.bp6-tooltip');

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test('the four figures and their trends are computed from the data', async ({ page }) => {
  const admin = new AdminPage(page);
  await page.goto('/admin');
  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  await expect(page.getByText('Submissions, quotes and appointments at a glance')).toBeVisible();

  const stats = await readJson<Stats>(page, '/api/stats');
  const [thisWeek, lastWeek] = await readJson<WeeklySummary[]>(page, '/api/reports/weekly?weeks=2');
  const today = admin.statCard("Today's Submissions");
  await expect(today.getByRole('heading')).toHaveText(String(stats.todaySubmissions));
  await expect(today).toContainText(
    expectedTrend(stats.todaySubmissions, stats.yesterdaySubmissions, 'from yesterday'),
  );
  await expect(admin.statCard('Pending Reviews').getByRole('heading')).toHaveText(
    String(stats.pendingSubmissions),
  );
  const quotes = admin.statCard('Quote Requests');
  await expect(quotes.getByRole('heading')).toHaveText(String(stats.quoteRequests));
  await expect(quotes).toContainText(expectedTrend(thisWeek!.quotes, lastWeek!.quotes, 'this week'));
  await expect(admin.statCard('Completion Rate').getByRole('heading')).toHaveText(`${stats.completionRate}%`);

  // The spec's fixed sample trends are not shown unless the data happens to say so.
  await today.getByText(/from yesterday/).hover();
  await expect(tooltip(page)).toContainText("Photo submissions received today against yesterday's");
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
    `Submissions that got a quote: ${p.quotedSubmissions} of ${p.totalSubmissions}.`,
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

  const weeks = await readJson<WeeklySummary[]>(page, '/api/reports/weekly');
  const rows = dialog.getByRole('table', { name: 'Weekly summary' }).getByRole('row');
  await expect(rows).toHaveCount(weeks.length + 1);
  await expect(rows.first().getByRole('columnheader')).toHaveText([
    'Week starting',
    'Submissions',
    'Quotes',
    'Bookings',
    'Calls',
  ]);
  const cells = (w: WeeklySummary) => [w.submissions, w.quotes, w.bookings, w.calls].map(String);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    ...cells(weeks[0]!),
  ]);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^washdesk-weekly-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Week starting,Submissions,Quotes,Bookings,Calls');
  expect(lines.slice(1)).toEqual(weeks.map((w) => [w.weekStart, ...cells(w)].join(',')));

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);
});

test('figures that fail to load say so instead of showing numbers', async ({ page }) => {
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
  await failNextCall(page, 'GET', '**/api/reports/weekly?weeks=8');
  await page.goto('/admin?report=weekly');
  await expect(
    page.getByRole('dialog', { name: 'Weekly summary' }).getByText('The weekly summary could not be loaded'),
  ).toBeVisible();
});

test('screenshots of the dashboard', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Recent Submissions' }).getByRole('listitem')).toHaveCount(5);
  await screenshotBothThemes(page, 'dashboard');
});
