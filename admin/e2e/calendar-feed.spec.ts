import { expect, test } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
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
