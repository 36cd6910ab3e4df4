import crypto from 'node:crypto';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { AdminPage } from './admin-page.ts';
import { postPhotoForm } from './photo-form-post.ts';
import { inTestDatabase } from './test-database.ts';

// On an ordinary laptop window the widest lists show every column and action without scrolling
// sideways, and the inbox's stage pickers show their whole stage name (not "Ne" for "New"). On a
// phone no screen is wider than the window, and a wide table scrolls inside its card instead of
// being cut off by it.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
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
  expect(await overflowOf(page.locator('.table-scroll'))).toBe(0);
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
  expect(await overflowOf(page.locator('.table-scroll'))).toBe(0);
  expect(await overflowOf(page.locator('html'))).toBe(0);
});

/**
 * An invoice and a payment of the long-named customer, written as their owners would, so the money
 * screens show a table (not their empty state) at 390 px whatever ran before.
 */
function moneyRowsOf(customerId: number, name: string) {
  inTestDatabase((db) => {
    const now = new Date().toISOString();
    const today = now.slice(0, 10);
    const jobId = Number(
      db
        .prepare(
          `INSERT INTO jobs (customer_id, customer_name, customer_phone, address, title, price_cents, duration_minutes,
            status, created_at, updated_at) VALUES (?, ?, '(707) 555-0199', '8 Briceland Rd, Redway, CA', 'Roof cleaning',
            48500, 60, 'done', ?, ?)`,
        )
        .run(customerId, name, now, now).lastInsertRowid,
    );
    const invoiceId = Number(
      db
        .prepare(
          `INSERT INTO invoices (number, job_id, customer_id, customer_name, address, token, subtotal_cents,
            total_cents, issued_on, due_on, created_at, updated_at)
           VALUES (?, ?, ?, ?, '8 Briceland Rd, Redway, CA', ?, 48500, 48500, ?, ?, ?, ?)`,
        )
        .run(800_000_000 + jobId, jobId, customerId, name, crypto.randomUUID(), today, today, now, now)
        .lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO payments (kind, status, method, purpose, amount_cents, tip_cents, customer_id, invoice_id,
        job_id, source_key, reference, occurred_at, created_at, updated_at)
       VALUES ('payment', 'succeeded', 'check', 'invoice', 20000, 1500, ?, ?, ?, ?, 'Check 2211', ?, ?, ?)`,
    ).run(customerId, invoiceId, jobId, `manual:${crypto.randomUUID()}`, now, now, now);
  });
}

/** Tables wider than their card with nothing between that scrolls: their last columns are cut off. */
const cutOffTables = (page: Page) =>
  page.locator('table').evaluateAll((tables) =>
    tables
      .filter((table) => {
        for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return false;
          if (table.getBoundingClientRect().width > box.clientWidth + 1) return true;
        }
        return false;
      })
      .map((table) => table.getAttribute('aria-label') ?? table.className),
  );

test('on a 390 px phone no screen is wider than the window and no table is cut off', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The newest lead has a long unbroken name and e-mail, as a typo or a company name can be: it
  // must wrap, not widen the dashboard, the lists or the customer's page.
  const lastName = `Widename${Date.now()}${'x'.repeat(24)}`;
  const sent = await postPhotoForm(page.request, {
    firstName: 'Nora',
    lastName,
    phone: '(707) 555-0199',
    email: `${lastName.toLowerCase()}@example.com`,
    address: '8 Briceland Rd, Redway, CA',
    serviceType: 'Roof Cleaning',
  });
  expect(sent.status()).toBe(201);
  const found = await page.request.get(`/api/customers?q=${lastName.toLowerCase()}`);
  const [customer] = (await found.json()) as { id: number }[];
  moneyRowsOf(customer!.id, `Nora ${lastName}`);
  const screens = [
    ['/admin', 'Dashboard'],
    ['/admin/photo-submissions', 'Photo Submissions'],
    ['/admin/appointment-scheduling', 'Appointment Scheduling'],
    ['/admin/settings', 'Settings'],
    ['/admin/settings?tab=staff', 'Settings'],
    ['/admin/requests', 'Requests'],
    ['/admin/scheduling', 'Scheduling'],
    ['/admin/board', 'Board'],
    ['/admin/call-logs', 'Call Logs'],
    ['/admin/messenger-conversations', 'Facebook Messenger'],
    ['/admin/texts', 'Texts'],
    ['/admin/ai-responses', 'AI Responses'],
    ['/admin/faq-management', 'FAQ Management'],
    ['/admin/invoices', 'Invoices'],
    ['/admin/payments', 'Payments'],
    ['/admin/customers', 'Customers'],
    [`/admin/customers/${customer!.id}`, undefined],
  ] as const;
  const admin = new AdminPage(page);
  for (const [path, title] of screens) {
    await page.goto(path);
    if (title) await expect(admin.pageTitle(title)).toBeVisible();
    else await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    // Lists arrive after the title: wait until nothing on the page is still loading.
    await expect(page.locator('[aria-busy="true"], .bp6-skeleton')).toHaveCount(0);
    expect({ path, overflow: await overflowOf(page.locator('html')) }).toEqual({ path, overflow: 0 });
    expect({ path, cut: await cutOffTables(page) }).toEqual({ path, cut: [] });
  }
});

/**
 * Whether `target`'s right edge lies inside the window and inside every box around it that clips
 * (a scrolling table wrapper counts: an action scrolled out of sight is not visible).
 */
const rightEdgeShown = (target: Locator) =>
  target.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    if (right > document.documentElement.clientWidth) return false;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== 'visible' && right > box.getBoundingClientRect().right + 1)
        return false;
    }
    return true;
  });

test.describe('a 1,024 × 768 window', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("the requests inbox shows every row's estimate action without scrolling sideways", async ({
    page,
  }) => {
    await new AdminPage(page).open('/admin/requests', ['GET', '/api/leads']);
    const table = page.getByRole('table', { name: 'Requests' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    expect(await overflowOf(page.locator('.table-scroll'))).toBe(0);
    expect(await overflowOf(page.locator('html'))).toBe(0);
    const actions = table.getByRole('button', { name: /^Book estimate for / });
    expect(await actions.count()).toBeGreaterThan(0);
    for (const action of await actions.all()) expect(await rightEdgeShown(action)).toBe(true);
    expect(await rightEdgeShown(table.getByRole('columnheader', { name: 'Estimate' }))).toBe(true);
  });

  test('Call Logs shows both actions on every row without scrolling sideways', async ({ page }) => {
    await new AdminPage(page).open('/admin/call-logs', ['GET', '/api/calls']);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1).getByRole('button', { name: 'View Details' })).toBeVisible();
    expect(await overflowOf(page.locator('.table-scroll'))).toBe(0);
    expect(await overflowOf(page.locator('html'))).toBe(0);
    for (const action of await table.getByRole('button', { name: 'View Details' }).all())
      expect(await rightEdgeShown(action)).toBe(true);
  });
});
