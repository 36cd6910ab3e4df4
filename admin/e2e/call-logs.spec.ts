import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Appointment, Call } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';
import { CallLogsPage } from './call-logs-page.ts';
import { failNextCall, shutEventStream } from './failing-backend.ts';
import { screenshotBothThemes, WITH_PICTURES } from './screenshots.ts';

const figure = (n: number) => n.toLocaleString('en-US');

test.beforeEach(async ({ page }) => {
  await new AdminPage(page).signInWithApi();
});

test(
  'Call Logs is a table of the recent calls, newest first, with Call back on every row',
  WITH_PICTURES,
  async ({ page }) => {
    const admin = new AdminPage(page);
    const logs = new CallLogsPage(page);
    await admin.open('/admin/call-logs', ['GET', '/api/calls']);
    await expect(admin.pageTitle('Call Logs')).toBeVisible();
    await expect(page.getByText('Phone calls answered by the AI assistant')).toBeVisible();

    await expect(logs.table.getByRole('columnheader')).toHaveText([
      'Status',
      'Customer',
      'Phone number',
      'Summary',
      'Duration',
      'Time',
      'Actions',
    ]);
    // Phone tests add calls meanwhile, and the open table follows them.
    const column = (n: number) => logs.rows.locator(`td:nth-child(${n})`);
    await expectScreenAgrees(logs.firstPage, async ({ body: calls, total }) => {
      expect(calls.length).toBeGreaterThan(0);
      await expect(logs.rows).toHaveCount(calls.length, ONE_LOOK);
      await expect(logs.pager).toContainText(`1–${calls.length} of ${figure(total)}`, ONE_LOOK);
      // One cell per column on every row: the columns line up.
      await expect(logs.rows.locator('td')).toHaveCount(calls.length * 7, ONE_LOOK);
      const statuses = calls.map((c) => c.status);
      await expect(column(1)).toContainText(statuses, ONE_LOOK);
      const cells: [number, (c: Call) => string][] = [
        [2, (c) => c.customerName ?? 'Unknown caller'],
        [3, (c) => c.phoneNumber],
        [4, (c) => c.summary ?? 'No summary'],
        // Spec: the duration, or "N/A" when none was measured.
        [5, (c) => c.duration ?? 'N/A'],
      ];
      for (const [n, text] of cells) await expect(column(n)).toHaveText(calls.map(text), ONE_LOOK);
      const callBack = column(7).getByRole('link', { name: /^Call back/ });
      await expect(callBack).toHaveCount(calls.length, ONE_LOOK);
      expect(await callBack.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        calls.map((c) => `tel:${c.phoneNumber.replace(/[^\d+]/g, '')}`),
      );
    });
    await screenshotBothThemes(page, 'call-logs');
  },
);

test('the filters show the server’s counts, narrow the list, and stay in the address', async ({ page }) => {
  const admin = new AdminPage(page);
  const logs = new CallLogsPage(page);
  await admin.open('/admin/call-logs', ['GET', '/api/calls']);
  await expectScreenAgrees(logs.counts, async (counts) => {
    expect(counts.missed).toBeGreaterThan(0);
    await expect(logs.filter('All')).toHaveAccessibleName(`All (${figure(counts.all)})`, ONE_LOOK);
    await expect(logs.filter('Missed')).toHaveAccessibleName(`Missed (${figure(counts.missed)})`, ONE_LOOK);
    await expect(logs.filter('Callback requested')).toHaveAccessibleName(
      `Callback requested (${figure(counts.callbackRequested)})`,
      ONE_LOOK,
    );
  });
  await expect(logs.filter('All')).toBeChecked();

  await logs.filter('Missed').click();
  await expect(page).toHaveURL(/\/admin\/call-logs\?filter=missed$/);
  const missedNow = async () => (await logs.firstPage('&status=missed')).body;
  await expectScreenAgrees(missedNow, async (missed) => {
    await expect(logs.rows).toHaveCount(missed.length, ONE_LOOK);
    for (let i = 0; i < missed.length; i++) {
      await expect(logs.rows.nth(i).getByRole('cell').first()).toContainText('missed', ONE_LOOK);
      await expect(logs.rows.nth(i).getByRole('cell').nth(2)).toHaveText(missed[i]!.phoneNumber, ONE_LOOK);
    }
  });

  // A reload (or a link) lands on the same filter.
  await admin.afterAnswers(() => page.reload(), ['GET', '/api/calls']);
  await expect(logs.filter('Missed')).toBeChecked();
  await expectScreenAgrees(missedNow, (missed) => expect(logs.rows).toHaveCount(missed.length, ONE_LOOK));

  await logs.filter('Callback requested').click();
  await expect(page).toHaveURL(/\?filter=callback$/);
  await expectScreenAgrees(
    async () => (await logs.firstPage('&callbackRequested=true')).body,
    async (owed) => {
      if (owed.length === 0) {
        await expect(page.getByText('No caller is waiting for a call back')).toBeVisible(ONE_LOOK);
      } else {
        await expect(logs.rows).toHaveCount(owed.length, ONE_LOOK);
        await expect(logs.rows.first()).toContainText('Callback requested', ONE_LOOK);
      }
    },
  );

  await logs.filter('All').click();
  await expect(page).toHaveURL(/\/admin\/call-logs$/);
});

test('View Details shows the whole call and its conversation, and has an address of its own', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const logs = new CallLogsPage(page);
  await admin.open('/admin/call-logs', ['GET', '/api/calls']);
  const { body: calls } = await logs.firstPage();
  const answers = (await logs.api<{ callId: number | null }[]>('/api/ai-responses?limit=200')).body;
  const index = calls.findIndex((c) => answers.some((a) => a.callId === c.id));
  expect(index, 'the demo log has phone answers on the first page of calls').toBeGreaterThanOrEqual(0);
  const call = calls[index]!;
  const turns = (await logs.answersOf(call.id)).reverse();

  await logs.rows.nth(index).getByRole('button', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?call=${call.id}$`));
  const dialog = logs.details;
  await expect(dialog).toContainText(`Call from ${call.customerName ?? 'Unknown caller'}`);
  await expect(dialog).toContainText(call.phoneNumber);
  await expect(dialog.getByRole('link', { name: /^Call back/ })).toHaveAttribute(
    'href',
    `tel:${call.phoneNumber.replace(/[^\d+]/g, '')}`,
  );
  await expect(dialog).toContainText(call.callSid ?? String(call.id));
  await expect(dialog).toContainText(call.summary ?? 'No summary');
  // The conversation reads top to bottom, oldest turn first.
  const said = dialog.getByRole('region', { name: 'Conversation' }).getByRole('listitem');
  await expect(said).toHaveCount(turns.length);
  await expect(said.first()).toContainText(turns[0]!.customerMessage);
  await expect(said.last()).toContainText(turns.at(-1)!.aiResponse);

  // The address opens the same call after a reload, and closing forgets it.
  await admin.afterAnswers(() => page.reload(), ['GET', `/api/calls/${call.id}`]);
  await expect(logs.details).toContainText(call.phoneNumber);
  await logs.details.getByRole('button', { name: 'Close' }).click();
  await expect(logs.details).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/call-logs$/);

  // A call the assistant did not answer says so rather than showing an empty box.
  const silent = calls.findIndex((c) => !answers.some((a) => a.callId === c.id));
  if (silent >= 0) {
    await logs.rows.nth(silent).getByRole('button', { name: 'View Details' }).click();
    await expect(logs.details).toContainText('No assistant answers were stored for this call.');
  }
});

test('a call that booked an estimate links to the appointment, and the appointment back to the call', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  const logs = new CallLogsPage(page);
  const { body: calls } =
    await logs.api<{ id: number; appointmentId: number | null }[]>('/api/calls?limit=200');
  const call = calls.find((c) => c.appointmentId !== null);
  expect(call, 'the demo data has appointments booked on phone calls').toBeDefined();
  const { body: booked } = await logs.api<Appointment>(`/api/appointments/${call!.appointmentId}`);

  // The call and its appointment come from the server however long a busy machine takes.
  await admin.open(
    `/admin/call-logs?call=${call!.id}`,
    ['GET', `/api/calls/${call!.id}`],
    ['GET', `/api/appointments/${booked.id}`],
  );
  const section = logs.details.getByRole('region', { name: 'Booked appointment' });
  await expect(section).toContainText(booked.address);
  await expect(section).toContainText(booked.preferredTime ?? 'Time TBD');

  await admin.afterAnswers(
    () => section.getByRole('link', { name: 'Open the appointment' }).click(),
    ['GET', '/api/appointments'],
  );
  await expect(page).toHaveURL(/\/admin\/appointment-scheduling$/);
  const appointment = page.getByRole('dialog', { name: `Appointment of ${booked.customerName}` });
  await expect(appointment).toContainText(booked.address);
  await expect(appointment).toContainText('Booked by the phone assistant');

  // The call is still in the page's cache from the start of the test: no request to wait for.
  await appointment.getByRole('link', { name: 'View the call' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/call-logs\\?call=${call!.id}$`));
  await expect(logs.details.getByRole('region', { name: 'Booked appointment' })).toContainText(
    booked.address,
  );
});

test('Export Logs downloads the whole call log as CSV, at the office’s wall-clock time', async ({ page }) => {
  const admin = new AdminPage(page);
  const logs = new CallLogsPage(page);
  await admin.open('/admin/call-logs', ['GET', '/api/calls']);
  await expect(logs.rows.first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Logs' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^call-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);

  const { body: calls, total } = await logs.firstPage();
  expect(lines[0]).toBe(
    'Call ID,Created,Time Zone,Customer Name,Phone Number,Status,Duration,Duration (seconds),Intent,Summary,' +
      'Callback Requested,Forwarded To,Appointment ID,Call SID',
  );
  expect(lines).toHaveLength(total + 1);
  // The e2e server keeps the default BUSINESS_TIMEZONE, California's.
  const local = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(calls[0]!.createdAt))
      .map((p) => [p.type, p.value]),
  );
  // Newest first, and the phone number guarded against being run as a formula ("+1…").
  expect(lines[1]).toContain(
    `${calls[0]!.id},${local.year}-${local.month}-${local.day} ${local.hour}:${local.minute},${local.timeZoneName},`,
  );
  expect(lines[1]).toContain(calls[0]!.phoneNumber.replace(/^\+/, "'+"));
});

test('a call log that cannot be loaded says so and can be retried', async ({ page }) => {
  const admin = new AdminPage(page);
  const logs = new CallLogsPage(page);
  await shutEventStream(page);
  await failNextCall(page, 'GET', /\/api\/calls\?/);
  await admin.open('/admin/call-logs');
  await expect(page.getByText('The call log could not be loaded')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(logs.rows.first()).toBeVisible();
});

test('while the calls load, the table shows 10 placeholder rows', async ({ page }) => {
  // The real answer is held back until the placeholders have been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/calls\?/, async (route) => {
    await released;
    await route.fallback();
  });
  const logs = new CallLogsPage(page);
  await new AdminPage(page).open('/admin/call-logs');
  await expect(logs.table).toHaveAttribute('aria-busy', 'true');
  await expect(logs.table.locator('tbody tr[aria-hidden]')).toHaveCount(10);
  release();
  await expect(logs.rows.first()).toBeVisible();
  await expect(logs.table.locator('tbody tr[aria-hidden]')).toHaveCount(0);
});
