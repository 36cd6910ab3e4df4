import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PhotoSubmission, Stats } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';
import { failNextCall, shutEventStream } from './failing-backend.ts';
import { PICTURES, screenshotBothThemes, screenshotHere, WITH_PICTURES } from './screenshots.ts';

// The machine is shared by several test runs at once; a busy server answers slower than usual.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const PAGE_SIZE = 12;
const PHOTO = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg'),
);

/** A customer sends photos through the public form (or its "AI analysis" button); names are unique per test. */
async function customerSends(
  request: APIRequestContext,
  label: string,
  { photos = 1, analysed = false }: { photos?: number; analysed?: boolean } = {},
): Promise<PhotoSubmission> {
  const lastName = `${label}${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Sam',
    lastName,
    phone: '(707) 555-0188',
    email: `${lastName.toLowerCase()}@example.com`,
    address: '12 Ocean View Rd, Shelter Cove, CA',
    serviceType: 'House Soft Wash',
    notes: 'Green streaks on the north wall',
  })) {
    form.append(k, v);
  }
  for (let i = 0; i < photos; i++)
    form.append('photos', new Blob([PHOTO], { type: 'image/jpeg' }), `p${i}.jpg`);
  const response = await request.post(analysed ? '/api/analyze-photos' : '/api/photo-submissions', {
    multipart: form,
  });
  expect(response.ok()).toBe(true);
  const id = analysed ? ((await response.json()) as { submissionId: number }).submissionId : undefined;
  const submission = id
    ? ((await (await request.get(`/api/photo-submissions/${id}`)).json()) as PhotoSubmission)
    : ((await response.json()) as PhotoSubmission);
  return submission;
}

/** Opens the page of the list that holds the submission (others may have arrived since). */
async function openPageWith(page: Page, submission: PhotoSubmission) {
  const list = (await (
    await page.request.get('/api/photo-submissions?limit=200')
  ).json()) as PhotoSubmission[];
  const index = list.findIndex((s) => s.id === submission.id);
  expect(index).toBeGreaterThanOrEqual(0);
  const pageNumber = Math.floor(index / PAGE_SIZE) + 1;
  await page.goto(`/admin/photo-submissions${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
  return cardOf(page, submission);
}

const cardOf = (page: Page, submission: PhotoSubmission) =>
  page.getByRole('article', { name: submission.customerName!, exact: true });

const quoteDialog = (page: Page, submission: PhotoSubmission) =>
  page.getByRole('dialog', { name: `Submission from ${submission.customerName}` });

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test('the page shows its title, the server-wide counts and the newest submissions first', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await page.goto('/admin/photo-submissions');

  await expect(admin.pageTitle('Photo Submissions')).toBeVisible();
  await expect(page.getByText('Review customer photo submissions and create quotes')).toBeVisible();
  await expect(admin.sidebarEntry('Photo Submissions')).toHaveAttribute('aria-current', 'page');

  const count = (n: number) => n.toLocaleString('en-US');
  const figure = (label: string) => admin.statCard(label).getByRole('heading');
  await expectScreenAgrees(
    async () => (await (await page.request.get('/api/stats')).json()) as Stats,
    async (stats) => {
      await expect(figure('Total Submissions')).toHaveText(count(stats.totalSubmissions), ONE_LOOK);
      await expect(figure('Pending Review')).toHaveText(count(stats.pendingSubmissions), ONE_LOOK);
      await expect(figure('Reviewed')).toHaveText(count(stats.reviewedSubmissions), ONE_LOOK);
      await expect(figure('Quoted')).toHaveText(count(stats.quotedSubmissions), ONE_LOOK);
    },
  );

  const cards = page.getByRole('region', { name: 'Photo submissions' }).getByRole('article');
  const nameOf = (s: PhotoSubmission) => s.customerName ?? `Customer #${s.id}`;
  const pageAt = async (offset: number) => {
    const response = await page.request.get(`/api/photo-submissions?limit=${PAGE_SIZE}&offset=${offset}`);
    return {
      shown: (await response.json()) as PhotoSubmission[],
      total: Number(response.headers()['x-total-count']),
    };
  };
  await expectScreenAgrees(
    () => pageAt(0),
    async ({ shown, total }) => {
      await expect(cards).toHaveCount(shown.length, ONE_LOOK);
      await expect(cards.first().getByRole('heading')).toHaveText(nameOf(shown[0]!), ONE_LOOK);
      await expect(page.getByRole('navigation', { name: 'Photo submission pages' })).toContainText(
        `of ${total.toLocaleString('en-US')} submissions`,
        ONE_LOOK,
      );
    },
  );

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expectScreenAgrees(
    () => pageAt(PAGE_SIZE),
    async ({ shown }) => {
      await expect(cards.first().getByRole('heading')).toHaveText(nameOf(shown[0]!), ONE_LOOK);
    },
  );
});

test("a card shows the customer's photos, and a click opens one large", async ({ page }) => {
  const request = page.request;
  const submission = await customerSends(request, 'Photos', { photos: 2 });
  const card = await openPageWith(page, submission);

  await expect(card).toContainText('House Soft Wash · 2 photos');
  const thumbnails = card.getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveAttribute('src', submission.photos[0]!.thumbnailUrl);
  await expect.poll(() => thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);

  await thumbnails.nth(1).click();
  const viewer = page.getByRole('dialog', { name: `Photo 2 of 2 from ${submission.customerName}` });
  const large = viewer.getByRole('img');
  await expect(large).toHaveAttribute('src', submission.photos[1]!.url);
  await expect
    .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(submission.photos[1]!.width);
  await viewer.getByRole('button', { name: 'Previous photo' }).click();
  await expect(
    page.getByRole('dialog', { name: `Photo 1 of 2 from ${submission.customerName}` }),
  ).toBeVisible();
});

test(
  'staff quote from the AI analysis with "Use suggested price" and see it saved',
  WITH_PICTURES,
  async ({ page }) => {
    const request = page.request;
    const submission = await customerSends(request, 'Quote', { analysed: true });
    const analysis = submission.analysis!;
    expect(analysis).toBeTruthy();
    const card = await openPageWith(page, submission);

    await card.getByRole('button', { name: 'Create Quote' }).click();
    const dialog = quoteDialog(page, submission);
    const analysisSection = dialog.getByRole('region', { name: 'AI analysis' });
    await expect(analysisSection).toContainText(`${Math.round(analysis.confidence * 100)}%`);
    const area = analysis.surfaces.reduce((sum, s) => sum + s.squareFootage, 0);
    await expect(analysisSection).toContainText(`${area.toLocaleString('en-US')} sq ft`);
    await expect(analysisSection).toContainText(`$${analysis.suggestedTotal.toLocaleString('en-US')}`);
    await expect(analysisSection.getByRole('row')).toHaveCount(analysis.surfaces.length + 1);

    await screenshotHere(page, 'photo-submissions-quote-dialog', { width: 1440, height: 1100 });
    await dialog.getByRole('button', { name: 'Use suggested price' }).click();
    await expect(dialog.getByLabel('Quote amount')).toHaveValue(String(analysis.suggestedTotal));
    await dialog.getByRole('button', { name: 'Save Quote' }).click();

    await expect(
      page.getByRole('alert').filter({ hasText: 'Submission updated successfully' }),
    ).toBeVisible();
    await expect(
      dialog.getByText(`Quoted at $${analysis.suggestedTotal.toLocaleString('en-US')}.`),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save Quote' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Use suggested price' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'View Quote' })).toBeVisible();
    await expect(card).toContainText('Quoted');

    const saved = (await (
      await request.get(`/api/photo-submissions/${submission.id}`)
    ).json()) as PhotoSubmission;
    expect(saved).toMatchObject({ status: 'quoted', estimateAmount: analysis.suggestedTotal });
  },
);

test('a typed amount is checked, then saved', async ({ page }) => {
  const request = page.request;
  const submission = await customerSends(request, 'Typed');
  const card = await openPageWith(page, submission);
  await card.getByRole('button', { name: 'Create Quote' }).click();
  const dialog = quoteDialog(page, submission);
  await expect(dialog).toContainText('No AI analysis');

  await dialog.getByRole('button', { name: 'Save Quote' }).click();
  await expect(dialog.getByText('Enter the quoted amount')).toBeVisible();

  await dialog.getByLabel('Quote amount').fill('425.50');
  await dialog.getByRole('button', { name: 'Save Quote' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Submission updated successfully' })).toBeVisible();
  await expect(dialog.getByText('Quoted at $425.50.')).toBeVisible();
});

test('an amount typed with commas, as the screens show amounts, is taken; a malformed one is not', async ({
  page,
}) => {
  const request = page.request;
  const submission = await customerSends(request, 'Commas');
  const card = await openPageWith(page, submission);
  await card.getByRole('button', { name: 'Create Quote' }).click();
  const dialog = quoteDialog(page, submission);

  await dialog.getByLabel('Quote amount').fill('0x10');
  await dialog.getByRole('button', { name: 'Save Quote' }).click();
  await expect(dialog.getByText('Enter the quoted amount')).toBeVisible();

  await dialog.getByLabel('Quote amount').fill('1,250');
  await dialog.getByRole('button', { name: 'Save Quote' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Submission updated successfully' })).toBeVisible();
  await expect(dialog.getByText('Quoted at $1,250.')).toBeVisible();
  const saved = (await (
    await request.get(`/api/photo-submissions/${submission.id}`)
  ).json()) as PhotoSubmission;
  expect(saved.estimateAmount).toBe(1250);
});

test('a failed save says "Failed to update submission" and keeps the form', async ({ page }) => {
  const request = page.request;
  const submission = await customerSends(request, 'Failing');
  const card = await openPageWith(page, submission);
  await card.getByRole('button', { name: 'Create Quote' }).click();
  const dialog = quoteDialog(page, submission);
  await dialog.getByLabel('Quote amount').fill('300');
  await failNextCall(page, 'PUT', `**/api/photo-submissions/${submission.id}`);

  await dialog.getByRole('button', { name: 'Save Quote' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update submission' })).toBeVisible();
  await expect(dialog.getByLabel('Quote amount')).toHaveValue('300');
  const stored = (await (
    await request.get(`/api/photo-submissions/${submission.id}`)
  ).json()) as PhotoSubmission;
  expect(stored.status).toBe('pending');
});

test('a list that fails to load says so, and "Try again" loads it', async ({ page }) => {
  await shutEventStream(page);
  await failNextCall(page, 'GET', /\/api\/photo-submissions\?/);
  await page.goto('/admin/photo-submissions');

  await expect(page.getByText('The photo submissions could not be loaded')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();

  await expect(
    page.getByRole('region', { name: 'Photo submissions' }).getByRole('article').first(),
  ).toBeVisible();
});

test('"Contact" offers call, text and e-mail links for the customer', async ({ page }) => {
  const request = page.request;
  const submission = await customerSends(request, 'Contact');
  const card = await openPageWith(page, submission);

  await card.getByRole('button', { name: 'Contact', exact: true }).click();
  const menu = page.getByRole('menu', { name: `Contact ${submission.customerName}` });
  await expect(menu.getByRole('menuitem', { name: 'Call (707) 555-0188' })).toHaveAttribute(
    'href',
    'tel:7075550188',
  );
  await expect(menu.getByRole('menuitem', { name: 'Text (707) 555-0188' })).toHaveAttribute(
    'href',
    'sms:7075550188',
  );
  await expect(menu.getByRole('menuitem', { name: `E-mail ${submission.email}` })).toHaveAttribute(
    'href',
    `mailto:${submission.email}`,
  );
});

test('screenshots of the photo submissions page', PICTURES, async ({ page }) => {
  await page.goto('/admin/photo-submissions');
  await expect(
    page.getByRole('region', { name: 'Photo submissions' }).getByRole('article').first(),
  ).toBeVisible();
  await screenshotBothThemes(page, 'photo-submissions');
});
