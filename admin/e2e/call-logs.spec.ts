import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { AiResponse, Call } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { failNextCall } from './failing-backend.ts';
import { screenshotBothThemes } from './screenshots.ts';

/** The call log as the API answers it, through the page's own signed-in session. */
async function firstPageOfCalls(page: Page) {
  const response = await page.request.get('/api/calls?limit=50');
  expect(response.ok()).toBe(true);
  return { calls: (await response.json()) as Call[], total: Number(response.headers()['x-total-count']) };
}

const callRows = (page: Page) => page.getByRole('list', { name: 'Recent Calls' }).getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test('Call Logs lists the recent calls from the server, newest first', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/call-logs');
  await expect(admin.pageTitle('Call Logs')).toBeVisible();
  await expect(page.getByText('Phone calls answered by the AI assistant')).toBeVisible();

  const { calls, total } = await firstPageOfCalls(page);
  expect(calls.length).toBeGreaterThan(0);
  await expect(callRows(page)).toHaveCount(calls.length);
  await expect(page.getByRole('navigation', { name: 'Call log pages' })).toContainText(
    `1–${calls.length} of ${total}`,
  );

  const newest = callRows(page).first();
  await expect(newest).toContainText(calls[0]!.phoneNumber);
  await expect(newest).toContainText(calls[0]!.status);
  await expect(newest).toContainText(calls[0]!.customerName ?? 'Unknown caller');
  await expect(newest).toContainText(calls[0]!.duration ?? 'N/A');
  if (calls[0]!.summary) await expect(newest).toContainText(calls[0]!.summary);

  // A call without a measured duration says "N/A" (spec); the demo log has one in progress.
  const unmeasured = calls.findIndex((c) => c.duration === null);
  if (unmeasured >= 0) await expect(callRows(page).nth(unmeasured)).toContainText('N/A');

  await screenshotBothThemes(page, 'call-logs');
});

test('View Details shows the whole call and what the assistant answered during it', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/call-logs');
  const { calls } = await firstPageOfCalls(page);
  const answers = (await (await page.request.get('/api/ai-responses?limit=200')).json()) as AiResponse[];
  const answered = answers.find((a) => a.callId !== null && calls.some((c) => c.id === a.callId));
  expect(answered, 'the demo log has phone answers on the first page of calls').toBeDefined();
  const index = calls.findIndex((c) => c.id === answered!.callId);
  const call = calls[index]!;

  await callRows(page).nth(index).getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Call from ${call.customerName ?? 'Unknown caller'}`);
  await expect(dialog).toContainText(call.phoneNumber);
  await expect(dialog).toContainText(call.callSid ?? String(call.id));
  await expect(dialog).toContainText(call.summary ?? 'No summary');
  const conversation = dialog.getByRole('region', { name: 'Conversation' });
  await expect(conversation).toContainText(answered!.customerMessage);
  await expect(conversation).toContainText(answered!.aiResponse);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A call the assistant did not answer says so rather than showing an empty box.
  const silent = calls.findIndex((c) => !answers.some((a) => a.callId === c.id));
  if (silent >= 0) {
    await callRows(page).nth(silent).getByRole('button', { name: 'View Details' }).click();
    await expect(page.getByRole('dialog')).toContainText('No assistant answers were stored for this call.');
  }
});

test('Export Logs downloads the whole call log as CSV', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open('/admin/call-logs');
  await expect(callRows(page).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Logs' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^call-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);

  const { calls, total } = await firstPageOfCalls(page);
  expect(lines[0]).toBe(
    'Call ID,Created,Customer Name,Phone Number,Status,Duration,Duration (seconds),Intent,Summary,Call SID',
  );
  expect(lines).toHaveLength(total + 1);
  // Newest first, and the phone number guarded against being run as a formula ("+1…").
  expect(lines[1]).toContain(`${calls[0]!.id},${calls[0]!.createdAt},`);
  expect(lines[1]).toContain(calls[0]!.phoneNumber.replace(/^\+/, "'+"));
});

test('a call log that cannot be loaded says so and can be retried', async ({ page }) => {
  const admin = new AdminPage(page);
  await failNextCall(page, 'GET', /\/api\/calls\?/);
  await admin.open('/admin/call-logs');
  await expect(page.getByText('The call log could not be loaded')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(callRows(page).first()).toBeVisible();
});

test('while the calls load, the list shows 10 placeholder rows', async ({ page }) => {
  // The real answer is held back until the placeholders have been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/calls\?/, async (route) => {
    await released;
    await route.fallback();
  });
  await new AdminPage(page).open('/admin/call-logs');
  const list = page.getByRole('list', { name: 'Recent Calls' });
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(list.locator('li[aria-hidden]')).toHaveCount(10);
  release();
  await expect(callRows(page).first()).toBeVisible();
  await expect(list.locator('li[aria-hidden]')).toHaveCount(0);
});
