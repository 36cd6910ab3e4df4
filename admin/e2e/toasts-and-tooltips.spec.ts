import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { addTextThread } from './test-database.ts';

// Spec section 9's toast and tooltip timing: a toast swiped right past 50 px is dismissed (less
// springs back), F8 focuses the toasts' region, tooltips open after 700 ms and, within 300 ms of
// one closing, the next opens at once. Time is Playwright's clock, paused and moved by hand: no
// test here waits for real time to pass.

/** A text thread of a number nobody else uses (area code 279 is this file's), as the webhook stores it. */
const addThread = () => addTextThread(`+1279${crypto.randomInt(2_000_000, 10_000_000)}`, 'Hello there');

/** Stops the page's clock a moment from now: from here on time moves only when the test says. */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Opens a text thread with the clock paused and makes a toast by taking the thread over. */
async function showTakeOverToast(page: Page) {
  const id = addThread();
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await page.clock.install();
  await admin.open(`/admin/texts?thread=${id}`);
  const thread = page.getByRole('region', { name: 'Text conversation', exact: true });
  await expect(thread.getByText('Hello there')).toBeVisible();
  await pauseClock(page);
  await thread.getByRole('button', { name: 'Take over' }).click();
  const toast = admin.toast('You have taken this conversation over');
  await expect(toast).toBeVisible();
  return { admin, toast, card: page.locator('.bp6-toast').filter({ has: toast }) };
}

/** Drags with the mouse from the middle of `box` by `dx` pixels, in small steps, and lets go. */
async function drag(page: Page, box: { x: number; y: number; width: number; height: number }, dx: number) {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 6 });
  await page.mouse.up();
}

test('a toast swiped right past 50 px is dismissed; a shorter swipe or one to the left leaves it', async ({
  page,
}) => {
  const { toast, card } = await showTakeOverToast(page);
  const box = (await card.boundingBox())!;
  await drag(page, box, 40);
  await drag(page, box, -120);
  // However long it is left (its own 5 s timeout is paused while the pointer is on it).
  await page.clock.runFor(1000);
  await expect(card).not.toHaveClass(/bp6-toast-exit/);
  await expect(toast).toBeVisible();
  // Back where it was after a short swipe.
  expect((await card.boundingBox())!.x).toBeCloseTo(box.x, 0);

  // From wherever the toast stands now (measured again, not remembered).
  await drag(page, (await card.boundingBox())!, 60);
  await expect(card).toHaveClass(/bp6-toast-exit/);
  // Its leaving animation runs on the (paused) clock.
  await page.clock.runFor(1000);
  await expect(toast).toBeHidden();
});

test('F8 moves the keyboard to the toasts, and Tab then reaches the toast', async ({ page }) => {
  const { card } = await showTakeOverToast(page);
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card).toBeFocused();
});

test('a tooltip opens after 700 ms; the next one within 300 ms of it opens at once, one after that waits again', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await page.clock.install();
  await admin.open('/admin');
  const details = page.locator('.stat-card__detail');
  await expect(details).toHaveCount(4);
  await expect(page.locator('.bp6-skeleton')).toHaveCount(0);
  await pauseClock(page);
  const tip = (text: RegExp) => page.locator('.bp6-tooltip').filter({ hasText: text });
  const today = tip(/Photo submissions received today/);
  const pending = tip(/Submissions waiting now/);
  const week = tip(/received this week/);

  await details.nth(0).hover();
  await page.clock.runFor(699);
  await expect(today).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(today).toBeVisible();

  // Straight on to the next figure: it opens at once.
  await details.nth(1).hover();
  await page.clock.runFor(1);
  await expect(pending).toBeVisible();

  // Away for longer than the skip delay: the next one waits the whole 700 ms again.
  await page.mouse.move(0, 0);
  await page.clock.runFor(1);
  await page.clock.runFor(301);
  await expect(pending).toHaveCount(0);
  await details.nth(2).hover();
  await page.clock.runFor(699);
  await expect(week).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(week).toBeVisible();
});
