import { expect as baseExpect, test, type Page } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { openScheduleTools } from './schedule-tools-page.ts';

// The route and the rain day at 1366 px on a server of its own: the clock stands at Monday
// 30 November 2026, texting goes to a fake Twilio, and Tuesday 1 December has three visits
// (backend/src/test/e2e-schedule-tools.ts). The server's clock does not move, so the held texts
// cannot go before undo, whatever the machine's speed.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PHONES = ['+17075550181', '+17075550182', '+17075550183'];

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('schedule-tools');
});
test.afterAll(async () => {
  // A fault the server reported while the test ran ends it with exit code 1.
  expect(await server?.stop()).toBe(0);
});

const readJson = async <T>(page: Page, path: string) =>
  (await (await page.request.get(`${server.url}${path}`)).json()) as T;
const visitsOf = (page: Page) =>
  Promise.all(
    server.visitIds!.map((id) =>
      readJson<{ scheduledDate: string; preferredTime: string }>(page, `/api/appointments/${id}`),
    ),
  );
/** The rain-day texts to a customer, as the Texts screen lists them (reminders aside). */
async function rainDayTextsTo(page: Page, phone: string) {
  const threads = await readJson<{ id: number; phone: string }[]>(page, '/api/texts/threads');
  const thread = threads.find((t) => t.phone === phone);
  if (!thread) return [];
  const { messages } = await readJson<{ messages: { direction: string; body: string; state: string }[] }>(
    page,
    `/api/texts/threads/${thread.id}`,
  );
  return messages.filter((m) => m.direction === 'out' && m.body.includes('because of the weather'));
}

test.use({ viewport: { width: 1366, height: 900 } });

test('a rain day is previewed, sent in two clicks and undone within the window: visits back, texts cancelled', async ({
  page,
}) => {
  const tools = await openScheduleTools(page, server);
  const before = await visitsOf(page);
  expect(before.every((v) => v.scheduledDate === server.rainedOutDay)).toBe(true);

  await tools.rainDayButton.click(); // click 1
  const dialog = page.getByRole('dialog', { name: /Rain day/ });
  await dialog.getByLabel('Rained-out day').fill(server.rainedOutDay!);
  const moves = dialog.getByRole('table', { name: 'Rain day moves' });
  // Every customer, the new time, and the exact text they will get.
  await expect(moves.locator('tbody tr')).toHaveCount(3);
  await expect(moves.getByRole('row', { name: /Rosa Rainier/ })).toContainText(
    "Hi Rosa, because of the weather we've moved your free estimate from Tuesday, December 1 at 9:00 AM to Wednesday, December 2 at",
  );
  await dialog.getByRole('button', { name: 'Move 3 visits and text 3' }).click(); // click 2
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Moved 3 visits; 3 texts go in 10 minutes unless you undo.')).toBeVisible();
  const moved = await visitsOf(page);
  expect(moved.every((v) => v.scheduledDate !== server.rainedOutDay)).toBe(true);
  for (const phone of PHONES)
    expect((await rainDayTextsTo(page, phone)).map((t) => t.state)).toEqual(['pending']);

  await page.getByRole('button', { name: /^Undo rain day/ }).click();
  await expect(page.getByText('Rain day undone: 3 visits back, 3 texts cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Undo rain day/ })).toHaveCount(0);
  expect(await visitsOf(page)).toEqual(
    before.map((v) =>
      expect.objectContaining({ scheduledDate: v.scheduledDate, preferredTime: v.preferredTime }),
    ),
  );
  for (const phone of PHONES)
    expect((await rainDayTextsTo(page, phone)).map((t) => t.state)).toEqual(['cancelled']);
});

test('the route of the day in driving order with its miles, applied', async ({ page }) => {
  const tools = await openScheduleTools(page, server);
  await tools.routeButton.click();
  const dialog = page.getByRole('dialog', { name: "The crew day's route" });
  await dialog.getByLabel('Day').fill(server.rainedOutDay!);
  const stops = dialog.getByRole('table', { name: 'Stops in driving order' });
  await expect(stops.locator('tbody tr')).toHaveCount(3);
  await expect(dialog.getByLabel('Total distance')).toHaveText(/^\d+\.\d miles$/);
  const order = await stops
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-visit'))));
  await dialog.getByRole('button', { name: 'Apply this order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Route applied: /)).toBeVisible();
  // The stored times follow the driving order.
  const hours = await Promise.all(
    order.map(async (id) => {
      const { preferredTime } = await readJson<{ preferredTime: string }>(page, `/api/appointments/${id}`);
      const [h, rest] = preferredTime.split(':');
      return (Number(h) % 12) + (rest!.endsWith('PM') ? 12 : 0);
    }),
  );
  expect([...hours].sort((a, b) => a - b)).toEqual(hours);
});
