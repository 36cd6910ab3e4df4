import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CSRF_HEADER, type PhotoSubmission } from '@washdesk/contract';
import { AdminPage, testOwner } from './admin-page.ts';

const PHOTO = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/photos/pixel-gps-orientation1.jpg'),
);

/** A customer sends the public photo form; the name and phone are this test's own. */
async function customerSends(request: APIRequestContext, lastName: string, phone: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Ines',
    lastName,
    phone,
    email: `${lastName.toLowerCase()}@example.com`,
    address: '7 Harbor Lookout, Shelter Cove, CA',
    serviceType: 'House Soft Wash',
  }))
    form.append(k, v);
  form.append('photos', new Blob([PHOTO], { type: 'image/jpeg' }), 'wall.jpg');
  const response = await request.post('/api/photo-submissions', { multipart: form });
  expect(response.ok()).toBe(true);
  return (await response.json()) as PhotoSubmission;
}

test('staff find submissions by name or phone, narrow them by status, and the address keeps the filter', async ({
  page,
}) => {
  const tag = `Srch${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  const phone = `(530) ${digits.slice(0, 3)}-${digits.slice(3)}`;
  const first = await customerSends(page.request, `${tag}a`, phone);
  const second = await customerSends(page.request, `${tag}b`, '(707) 555-0101');
  const login = await page.request.post('/api/auth/login', { data: testOwner });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const quoted = await page.request.put(`/api/photo-submissions/${second.id}`, {
    data: { status: 'quoted', estimateAmount: 480 },
    headers: { [CSRF_HEADER]: csrfToken },
  });
  expect(quoted.ok()).toBe(true);

  const admin = new AdminPage(page);
  await admin.open('/admin/photo-submissions');
  const cards = page.getByRole('region', { name: 'Photo submissions' }).getByRole('article');
  const search = page.getByRole('searchbox', { name: 'Search photo submissions' });

  await search.fill(tag.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag.toLowerCase()}`));
  await expect(cards).toHaveText([new RegExp(second.customerName!), new RegExp(first.customerName!)]);

  // The phone as staff would type it from a note, without the brackets.
  await search.fill(`530-${digits.slice(0, 3)}-${digits.slice(3)}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(first.customerName!);

  await search.fill(tag);
  await expect(cards).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('quoted');
  await expect(page).toHaveURL(/[?&]status=quoted/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(second.customerName!);
  await expect(cards.first()).toContainText('Quoted');

  // A reload (or a shared link) shows the same narrowed list.
  await page.reload();
  await expect(search).toHaveValue(tag);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('quoted');
  await expect(cards).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('reviewed');
  await expect(page.getByText('No photo submissions match')).toBeVisible();
  await page.getByRole('button', { name: 'Show all submissions' }).click();
  await expect(search).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&](q|status)=/);
  await expect(cards.first()).toBeVisible();
});
