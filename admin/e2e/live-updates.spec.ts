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

/** A customer sends photos from their own browser (no staff cookie); returns the name on the card. */
async function customerSendsPhotos(page: Page, firstName: string) {
  const lastName = `Live${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName,
    lastName,
    phone: '(707) 555-0177',
    serviceType: 'House Soft Wash',
  }))
    form.append(k, v);
  form.append('photos', new Blob([PHOTO], { type: 'image/jpeg' }), 'front.jpg');
  const customer = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const sent = await customer.request.post('/api/photo-submissions', { multipart: form });
  expect(sent.status()).toBe(201);
  await customer.close();
  return `${firstName} ${lastName}`;
}

test('a photo sent through the public form appears on the open Photo Submissions page without a reload', async ({
  page,
}) => {
  await page.goto('/admin/photo-submissions');
  await expect(
    page.getByRole('region', { name: 'Photo submissions' }).getByRole('article').first(),
  ).toBeVisible();
  await markPage(page);
  const name = await customerSendsPhotos(page, 'Robin');
  await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  expect(await stillSamePage(page)).toBe('same page');
});

test("a photo submission updates the open dashboard's figures without a reload", async ({ page }) => {
  const admin = new AdminPage(page);
  await page.goto('/admin');
  await expect(admin.pageTitle('Dashboard')).toBeVisible();
  await markPage(page);
  const stats = async () =>
    (await (await page.request.get('/api/stats')).json()) as { todaySubmissions: number };
  const before = (await stats()).todaySubmissions;
  await customerSendsPhotos(page, 'Kai');
  const after = (await stats()).todaySubmissions;
  expect(after).toBeGreaterThan(before);
  // The card shows the server's figure (other tests may add more at the same time).
  const shown = admin.statCard("Today's Submissions").getByRole('heading');
  await expect
    .poll(async () => Number((await shown.innerText()).replace(/,/g, '')))
    .toBeGreaterThanOrEqual(after);
  expect(await stillSamePage(page)).toBe('same page');
});

test('browser notifications: asked for from Settings, shown for a new lead while the page is in the background, muted per kind', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  // The page is in the background (another window has focus); notifications shown are recorded.
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as { shownNotifications?: string[] }).shownNotifications = shown;
    document.hasFocus = () => false;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(options?.body ?? title);
      }
    }
    window.Notification = Recorded as typeof Notification;
  });
  const shown = () =>
    page.evaluate(() => (window as { shownNotifications?: string[] }).shownNotifications ?? []);

  await page.goto('/admin/settings?tab=notifications');
  const card = page.getByRole('region', { name: 'Browser notifications' });
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByRole('status')).toHaveText('Notifications are on in this browser.');

  await page.goto('/admin/photo-submissions');
  await expect(
    page.getByRole('region', { name: 'Photo submissions' }).getByRole('article').first(),
  ).toBeVisible();
  const first = await customerSendsPhotos(page, 'Noor');
  await expect.poll(shown).toContain(`New photo submission from ${first} (photo form)`);

  await page.goto('/admin/settings?tab=notifications');
  // Blueprint's switch: its label is what people click.
  const leads = card.locator('label').filter({ hasText: 'New web leads (requests and photo submissions)' });
  await leads.click();
  await expect(leads.getByRole('checkbox')).not.toBeChecked();
  await page.goto('/admin/photo-submissions');
  await expect(
    page.getByRole('region', { name: 'Photo submissions' }).getByRole('article').first(),
  ).toBeVisible();
  const second = await customerSendsPhotos(page, 'Omar');
  await expect(page.getByRole('article', { name: second, exact: true })).toBeVisible();
  expect(await shown()).not.toContain(`New photo submission from ${second} (photo form)`);
});
