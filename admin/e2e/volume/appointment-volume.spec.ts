import { expect, test, type Page, type Response } from '@playwright/test';
import { TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { AdminPage } from '../admin-page.ts';

// The volume database holds 5,000 appointments, "Client No0" (earliest date) to "Client No4999".
// The screen's order (today first, then upcoming, then past) is the server's: the cards are
// checked against the names in the list answers the page received.
const ROWS = 5000;
/** The first render waits for the app's code on a busy test machine, not for these lists. */
const FIRST_RENDER = { timeout: 15_000 };

/** Every appointment list answer the page receives, to prove none carried the whole table. */
function watchAppointmentLists(page: Page) {
  const sizes: number[] = [];
  const names: string[][] = [];
  const pending: Promise<unknown>[] = [];
  page.on('response', (r: Response) => {
    if (!/\/api\/appointments\?/.test(r.url())) return;
    expect(r.headers()[TOTAL_COUNT_HEADER.toLowerCase()]).toBeDefined();
    pending.push(
      r.json().then((rows: { customerName: string }[]) => {
        sizes.push(rows.length);
        names.push(rows.map((row) => row.customerName));
      }),
    );
  });
  const settle = async () => {
    await Promise.all(pending);
    return sizes;
  };
  return Object.assign(settle, {
    /** The names of the last list the page received. */
    lastList: async () => {
      await Promise.all(pending);
      return names.at(-1)!;
    },
  });
}

/**
 * The names in the last page's appointment list (offset 4,980 of 5,000), for a click just about
 * to happen; a refetch of another page arriving meanwhile (the event stream, a focus) is not it.
 */
async function lastPageList(page: Page) {
  const answer = await page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/appointments' && url.searchParams.get('offset') === '4980';
  });
  return ((await answer.json()) as { customerName: string }[]).map((row) => row.customerName);
}

test('Appointment Scheduling pages from the first to the last of 5,000 appointments', async ({ page }) => {
  const admin = new AdminPage(page);
  const sizes = watchAppointmentLists(page);
  await admin.signInWithApi();
  await admin.open('/admin/appointment-scheduling');
  const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
  await expect(cards).toHaveCount(20, FIRST_RENDER);
  await expect(page.getByText('Showing 1–20 of 5,000')).toBeVisible();
  await expect(cards.first().getByRole('heading')).toHaveText((await sizes.lastList())[0]!);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 21–40 of 5,000')).toBeVisible();
  // The pager moves at once; the cards follow when the server's page arrives.
  const lastPage = lastPageList(page);
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText('Page 250 of 250')).toBeVisible();
  await expect(cards.last().getByRole('heading')).toHaveText((await lastPage).at(-1)!);

  // The server searches all 5,000; the screen shows just the match.
  await page.getByRole('searchbox', { name: 'Search appointments' }).fill('Client No4321');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading')).toHaveText('Client No4321');

  const seen = await sizes();
  expect(seen.length).toBeGreaterThanOrEqual(4);
  expect(Math.max(...seen)).toBeLessThanOrEqual(20);
  expect(Math.max(...seen)).toBeLessThan(ROWS);
});

test('Scheduling counts all 5,000 and pages All Appointments to the last one', async ({ page }) => {
  const admin = new AdminPage(page);
  const sizes = watchAppointmentLists(page);
  await admin.signInWithApi();
  await admin.open('/admin/scheduling');
  await expect(admin.statCard('Total Appointments').getByRole('heading')).toHaveText('5,000', FIRST_RENDER);
  // Every seventh seeded appointment is completed.
  await expect(admin.statCard('Completed').getByRole('heading')).toHaveText(
    Math.ceil(ROWS / 7).toLocaleString('en-US'),
  );
  await expect(page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('listitem')).toHaveCount(
    5,
  );

  const all = page.getByRole('region', { name: 'All Appointments' });
  await expect(all.getByRole('listitem')).toHaveCount(20);
  const lastPage = lastPageList(page);
  await all.getByRole('button', { name: 'Last page' }).click();
  await expect(all.getByText('Page 250 of 250')).toBeVisible();
  // The oldest day: four seeded visits are six hours apart, so "Client No0" shares its day with up
  // to three others (which ones depends on the hour the test runs); a day's visits go by time, then id.
  const last = (await lastPage).at(-1)!;
  expect(['Client No0', 'Client No1', 'Client No2', 'Client No3']).toContain(last);
  await expect(all.getByRole('listitem').last()).toContainText(`${last} ·`);

  const seen = await sizes();
  expect(Math.max(...seen)).toBeLessThanOrEqual(20);
});
