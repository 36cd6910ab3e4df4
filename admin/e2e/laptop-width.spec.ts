import { expect as baseExpect, test, type Locator } from '@playwright/test';
import { AdminPage } from './admin-page.ts';

// The widest lists on an ordinary laptop window: every column and action shows without scrolling
// sideways, and the inbox's stage pickers show their whole stage name (not "Ne" for "New").
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

/** How far an element's content reaches past its box, in CSS pixels (0 when it all fits). */
const overflowOf = (box: Locator) => box.evaluate((el) => Math.max(0, el.scrollWidth - el.clientWidth));

test('the requests inbox fits a 1,280 px window, stage names whole', async ({ page }) => {
  await new AdminPage(page).open('/admin/requests', ['GET', '/api/leads']);
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await overflowOf(page.locator('.requests-table-scroll'))).toBe(0);
  expect(await overflowOf(page.locator('html'))).toBe(0);

  const pickers = table.getByRole('combobox', { name: /^Stage of / });
  expect(await pickers.count()).toBeGreaterThan(0);
  // The widest option's text, in the picker's own font, must fit inside the picker.
  const cut = await pickers.evaluateAll(
    (selects) =>
      (selects as HTMLSelectElement[]).filter((select) => {
        const context = document.createElement('canvas').getContext('2d')!;
        const style = getComputedStyle(select);
        context.font = style.font;
        const widest = Math.max(...[...select.options].map((o) => context.measureText(o.text).width));
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return room < widest;
      }).length,
  );
  expect(cut).toBe(0);
});

test('Call Logs fits a 1,280 px window with both actions on every row', async ({ page }) => {
  await new AdminPage(page).open('/admin/call-logs', ['GET', '/api/calls']);
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow.getByRole('button', { name: 'View Details' })).toBeInViewport();
  expect(await overflowOf(page.locator('.call-table__scroll'))).toBe(0);
  expect(await overflowOf(page.locator('html'))).toBe(0);
});
