import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { AdminPage } from './admin-page.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });

const PHOTO = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg'),
);

/** Marks the loaded page; the mark is gone if the page reloads or navigates away. */
const markPage = (page: Page) =>
  page.evaluate(() => ((window as { liveMark?: string }).liveMark = 'same page'));
const stillSamePage = (page: Page) => page.evaluate(() => (window as { liveMark?: string }).liveMark);

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test('a photo sent through the public form appears on the open Photo Submissions page without a reload', async ({
  page,
}) => {
  await page.goto('/admin/photo-submissions');
  await expect(
    page.getByRole('region', { name: 'Photo submissions' }).getByRole('article').first(),
  ).toBeVisible();
  await markPage(page);

  const lastName = `Live${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Robin',
    lastName,
    phone: '(707) 555-0177',
    serviceType: 'House Soft Wash',
  }))
    form.append(k, v);
  form.append('photos', new Blob([PHOTO], { type: 'image/jpeg' }), 'front.jpg');
  // A customer's browser: no staff cookie.
  const customer = await page.context().browser()!.newContext({ baseURL: page.url() });
  const sent = await customer.request.post('/api/photo-submissions', { multipart: form });
  expect(sent.status()).toBe(201);
  await customer.close();

  await expect(page.getByRole('article', { name: `Robin ${lastName}`, exact: true })).toBeVisible();
  expect(await stillSamePage(page)).toBe('same page');
});

test("a photo submission updates the open dashboard's figures without a reload", async ({ page }) => {
  const admin = new AdminPage(page);
  await page.goto('/admin');
  const stats = async () =>
    (await (await page.request.get('/api/stats')).json()) as { todaySubmissions: number };
  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  await markPage(page);
  const before = (await stats()).todaySubmissions;

  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Kai',
    lastName: `Dash${Date.now()}`,
    phone: '(707) 555-0166',
    serviceType: 'House Soft Wash',
  }))
    form.append(k, v);
  form.append('photos', new Blob([PHOTO], { type: 'image/jpeg' }), 'front.jpg');
  const customer = await page.context().browser()!.newContext({ baseURL: page.url() });
  expect((await customer.request.post('/api/photo-submissions', { multipart: form })).status()).toBe(201);
  await customer.close();

  const after = (await stats()).todaySubmissions;
  expect(after).toBeGreaterThan(before);
  // The card shows the server's figure (other tests may add more at the same time).
  const shown = admin.statCard("Today's Submissions").getByRole('heading');
  await expect
    .poll(async () => Number((await shown.innerText()).replace(/,/g, '')))
    .toBeGreaterThanOrEqual(after);
  expect(await stillSamePage(page)).toBe('same page');
});
