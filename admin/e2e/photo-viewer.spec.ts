import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import type { PhotoSubmission } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';

// The large photo view on the windows staff use: the photo and its Previous/Next buttons are
// wholly inside the window, for a wide photo and a tall one, at each size.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
];
const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/photos', name));

/** A submission with a wide photo (an aerial of roofs) and a tall one (a phone held upright). */
async function customerSendsTwoPhotos(page: Page): Promise<PhotoSubmission> {
  const form = new FormData();
  const fields = {
    firstName: 'Wren',
    lastName: `Viewer${Date.now()}`,
    phone: '(707) 555-0175',
    serviceType: 'House Soft Wash',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'photos',
    new Blob([fixture('house-roofs-aerial-canon5d3.jpg')], { type: 'image/jpeg' }),
    'a.jpg',
  );
  form.append(
    'photos',
    new Blob([fixture('samsung-j327-orientation6.jpg')], { type: 'image/jpeg' }),
    'b.jpg',
  );
  const response = await page.request.post('/api/photo-submissions', { multipart: form });
  expect(response.status()).toBe(201);
  return (await response.json()) as PhotoSubmission;
}

/** How far a box reaches outside the window on any side, in CSS pixels (0 when wholly inside). */
async function outsideWindow(page: Page, box: Locator) {
  const rect = await box.boundingBox();
  const view = page.viewportSize()!;
  expect(rect).not.toBeNull();
  return Math.max(
    0,
    -rect!.x,
    -rect!.y,
    rect!.x + rect!.width - view.width,
    rect!.y + rect!.height - view.height,
  );
}

for (const size of SIZES) {
  test(`the photo viewer shows the whole photo and its buttons at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await new AdminPage(page).signInWithApi();
    const submission = await customerSendsTwoPhotos(page);
    expect(submission.photos.map((p) => p.width > p.height)).toEqual([true, false]);
    await page.goto(`/admin/photo-submissions?submission=${submission.id}`);
    const details = page.getByRole('dialog', { name: `Submission from ${submission.customerName}` });
    await details.getByRole('button', { name: /^Photo 1 of 2 from / }).click();

    const viewer = page.getByRole('dialog', { name: /^Photo [12] of 2 from / });
    for (const which of ['wide', 'tall']) {
      const image = viewer.getByRole('img', { name: /, full size$/ });
      // The photo has loaded and has its size on screen.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const previous = viewer.getByRole('button', { name: 'Previous photo' });
      const next = viewer.getByRole('button', { name: 'Next photo' });
      expect({ which, image: await outsideWindow(page, image) }).toEqual({ which, image: 0 });
      expect({ which, previous: await outsideWindow(page, previous) }).toEqual({ which, previous: 0 });
      expect({ which, next: await outsideWindow(page, next) }).toEqual({ which, next: 0 });
      // Shown whole and not shrunk to a stamp: at least a third of the window's height or width.
      const rect = (await image.boundingBox())!;
      expect(Math.max(rect.height / size.height, rect.width / size.width)).toBeGreaterThan(1 / 3);
      if (which === 'wide') {
        await next.click();
        await expect(page.getByRole('dialog', { name: /^Photo 2 of 2 from / })).toBeVisible();
      }
    }
  });
}
