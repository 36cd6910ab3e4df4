import { expect as baseExpect, test } from '@playwright/test';
import { AdminPage } from '../admin-page.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test('5,000 submissions: the first page is the newest, the last page reaches the oldest, in small responses', async ({
  page,
}) => {
  const rowsPerResponse: number[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/photo-submissions') return;
    rowsPerResponse.push(((await response.json()) as unknown[]).length);
  });
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await page.goto('/admin/photo-submissions');

  const cards = page.getByRole('region', { name: 'Photo submissions' }).getByRole('article');
  await expect(cards.first().getByRole('heading')).toHaveText('Volume No0');
  await expect(admin.statCard('Total Submissions').getByRole('heading')).toHaveText('5,000');
  const pages = page.getByRole('navigation', { name: 'Photo submission pages' });
  await expect(pages).toContainText('Showing 1–12 of 5,000 submissions');

  await pages.getByRole('button', { name: 'Last page' }).click();
  await expect(cards.last().getByRole('heading')).toHaveText('Volume No4999');
  await expect(pages).toContainText('of 5,000 submissions · Page 417 of 417');

  await pages.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(cards.first().getByRole('heading')).toHaveText(`Volume No${415 * 12}`);

  // The screen can show a page before this listener has read that page's answer.
  await expect.poll(() => rowsPerResponse.length).toBeGreaterThanOrEqual(3);
  expect(Math.max(...rowsPerResponse)).toBeLessThanOrEqual(100);
});

test('a page number past the end shows the last page', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await page.goto('/admin/photo-submissions?page=9999');

  const cards = page.getByRole('region', { name: 'Photo submissions' }).getByRole('article');
  await expect(cards.last().getByRole('heading')).toHaveText('Volume No4999');
  await expect(page).toHaveURL(/\?page=417$/);
});
