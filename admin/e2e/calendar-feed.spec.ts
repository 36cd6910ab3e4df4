import { expect, test } from '@playwright/test';
import { AdminPage, OwnerApi } from './admin-page.ts';
import { AppointmentApi, uniqueCustomer } from './appointment-dialog.ts';

test('staff create a calendar link, copy it, a calendar app reads it, and revoking it shuts it', async ({
  page,
  context,
  request,
}) => {
  const api = await AppointmentApi.signIn(page);
  const appt = await api.create({
    customerName: uniqueCustomer('Calendar Customer'),
    serviceType: 'deck-cleaning',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = new AdminPage(page);
  await admin.open('/admin/settings?tab=calendar');
  const card = page.getByRole('region', { name: 'Calendar subscription' });
  await card.getByRole('button', { name: 'Create calendar link' }).click();
  await expect(admin.toast('Calendar link created')).toBeVisible();
  const linkBox = card.getByRole('textbox', { name: 'Calendar link' });
  await expect(linkBox).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar-feed\/[0-9a-f]{64}\.ics$/);
  const link = await linkBox.inputValue();

  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(admin.toast('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A calendar app has no session: `request` does not share the page's staff cookie.
  expect((await request.get('/api/calendar-feeds')).status()).toBe(401);
  const feed = await request.get(link);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`SUMMARY:Deck Cleaning – ${appt.customerName}`);

  // The new link is the newest in the list; revoking it hides the secret link and shuts the feed.
  const rows = card.getByRole('list', { name: 'Calendar links' }).getByRole('listitem');
  await rows.first().getByRole('button', { name: 'Revoke' }).click();
  await expect(admin.toast('Calendar link revoked')).toBeVisible();
  await expect(linkBox).toBeHidden();
  expect((await request.get(link)).status()).toBe(404);
});

// Issue 21, item 2: links outlive nobody. The owner sees every staff member's links, who made each,
// when, and when a calendar last read it, and can revoke any of them.
test('the owner sees a staff member’s calendar link, when it was last read, and revokes it', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const owner = new AdminPage(page);
  await owner.signInWithApi();
  const staff = await (await OwnerApi.signIn(page.request)).addStaffMember(`feeds-${Date.now()}`);

  // The staff member makes a link in a browser session of their own.
  const theirs = await playwright.request.newContext({ baseURL });
  const login = await theirs.post('/api/auth/login', {
    data: { email: staff.email, password: staff.password },
  });
  expect(login.ok()).toBe(true);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const created = await theirs.post('/api/calendar-feeds', { headers: { 'X-CSRF-Token': csrfToken } });
  expect(created.status()).toBe(201);
  const { path } = (await created.json()) as { path: string };
  await theirs.dispose();

  const card = page.getByRole('region', { name: 'Calendar subscription' });
  const row = card
    .getByRole('list', { name: 'Calendar links' })
    .getByRole('listitem')
    .filter({ hasText: `by ${staff.name}` });
  await owner.open('/admin/settings?tab=calendar', ['GET', '/api/calendar-feeds']);
  await expect(card).toContainText('Every staff member’s links are listed here.');
  await expect(row).toContainText('Not read by a calendar yet');

  // A calendar app reads it (no session); the owner's list says so when it is loaded again.
  expect((await request.get(path)).status()).toBe(200);
  await owner.open('/admin/settings?tab=calendar', ['GET', '/api/calendar-feeds']);
  await expect(row).toContainText(/Last read by a calendar [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  await owner.afterAnswers(
    () => row.getByRole('button', { name: 'Revoke' }).click(),
    ['DELETE', /^\/api\/calendar-feeds\/\d+$/],
    ['GET', '/api/calendar-feeds'],
  );
  await expect(owner.toast('Calendar link revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get(path)).status()).toBe(404);
});
