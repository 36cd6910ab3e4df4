import { expect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

test('5,000 calls: the first page is the newest, paging reaches the oldest, in small responses', async ({
  page,
}) => {
  const rowsPerResponse: number[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/calls') return;
    rowsPerResponse.push(((await response.json()) as unknown[]).length);
  });
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/call-logs');

  const rows = page.getByRole('table', { name: 'Recent Calls' }).locator('tbody tr:not([aria-hidden])');
  await expect(rows.first()).toContainText('Caller No0');
  const pages = page.getByRole('navigation', { name: 'Call log pages' });
  await expect(pages).toContainText('1–50 of 5,000');

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(rows.first()).toContainText('Caller No50');
  await expect(pages).toContainText('51–100 of 5,000');

  await pages.getByRole('button', { name: 'Last page' }).click();
  await expect(rows.last()).toContainText('Caller No4999');
  await expect(pages).toContainText('4,951–5,000 of 5,000');

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(rows.first()).toContainText('Caller No4900');

  // The screen can show a page before this listener has read that page's answer.
  await expect.poll(() => rowsPerResponse.length).toBeGreaterThanOrEqual(4);
  expect(Math.max(...rowsPerResponse)).toBeLessThanOrEqual(100);
});

test('the Missed filter pages through its own 556 calls, and the page stays in the address', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open('/admin/call-logs');
  // The volume data misses every ninth call: numbers 0, 9, … 4995.
  const missed = page.getByRole('radio', { name: 'Missed (556)' });
  await missed.click();
  const rows = page.getByRole('table', { name: 'Recent Calls' }).locator('tbody tr:not([aria-hidden])');
  const pages = page.getByRole('navigation', { name: 'Call log pages' });
  await expect(pages).toContainText('1–50 of 556');
  await expect(rows.first()).toContainText('Caller No0');
  await expect(rows.nth(1)).toContainText('Caller No9');

  await pages.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/\?filter=missed&page=12$/);
  await expect(pages).toContainText('551–556 of 556');
  await expect(rows.last()).toContainText('Caller No4995');

  await page.reload();
  await expect(missed).toBeChecked();
  await expect(rows.last()).toContainText('Caller No4995');
});
