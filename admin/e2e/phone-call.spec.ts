import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';
import { CallLogsPage } from './call-logs-page.ts';

// A phone call placed with `npm run call` (the simulator, playing Twilio against the server's
// signed webhooks), then found by staff in Call Logs. The server is the 'phone-line' scenario: the
// webhooks on, no demo data, the clock on Monday 23 November 2026, so "next Tuesday" is December 1.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const CALLER = '+17075550123';
const SAID = [
  "Hi, this is Dana Whitfield, I'd like a free estimate for a house wash at 512 Redwood Drive, Garberville next Tuesday at 10 AM",
  'yes',
  "No thanks, that's all. Bye",
];

/** Runs `npm run call` with what the caller says piped in; resolves with what it printed. */
function placeCall(server: OwnTestServer, lines: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'backend/scripts/phone-call.ts', '--from', CALLER],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        WASHDESK_URL: server.url,
        TWILIO_AUTH_TOKEN: server.twilio!.authToken,
        PUBLIC_BASE_URL: server.twilio!.publicBaseUrl,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(lines.map((line) => `${line}\n`).join(''));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { exited, kill: () => child.kill('SIGKILL') };
}

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('phone-line');
});
test.afterAll(async () => {
  // A fault the server reported while the test ran ends it with exit code 1.
  expect(await server?.stop()).toBe(0);
});

test('a simulated call appears in Call Logs with its transcript and booked appointment', async ({ page }) => {
  const call = placeCall(server, SAID);
  let printed: Awaited<typeof call.exited>;
  try {
    printed = await call.exited;
  } finally {
    call.kill();
  }
  expect(printed.stderr).toBe('');
  expect(printed.code).toBe(0);
  const assistant = printed.stdout
    .split('\n')
    .filter((line) => line.startsWith('Assistant: '))
    .map((line) => line.slice('Assistant: '.length));
  // The greeting, the read-back, the booking, the goodbye.
  expect(assistant).toHaveLength(4);
  expect(assistant[1]).toContain('Tuesday, December 1 at 10:00 AM');
  expect(assistant[2]).toContain('booked');
  expect(printed.stdout).toContain(`Open Call Logs: ${server.url}/admin/call-logs`);

  const response = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(response.ok()).toBe(true);
  const admin = new AdminPage(page);
  const logs = new CallLogsPage(page);
  await admin.open(`${server.url}/admin/call-logs`, ['GET', '/api/calls']);

  // The only call of this server: completed, named from the booking, with its number to call back.
  await expect(logs.rows).toHaveCount(1);
  const row = logs.rows.first();
  await expect(row.getByRole('cell').nth(0)).toHaveText('completed');
  await expect(row.getByRole('cell').nth(1)).toHaveText('Dana Whitfield');
  await expect(row.getByRole('cell').nth(2)).toHaveText(CALLER);
  await expect(row.getByRole('link', { name: /^Call back/ })).toHaveAttribute('href', `tel:${CALLER}`);

  await admin.afterAnswers(
    () => row.getByRole('button', { name: 'View Details' }).click(),
    ['GET', '/api/ai-responses'],
  );
  const details = logs.details;
  await expect(details).toContainText('Call from Dana Whitfield');
  // The transcript: what the caller said and what the assistant answered, oldest first.
  const turns = details.getByRole('region', { name: 'Conversation' }).getByRole('listitem');
  await expect(turns).toHaveCount(SAID.length);
  for (const [i, said] of SAID.entries()) {
    await expect(turns.nth(i)).toContainText(`Caller: ${said}`);
    await expect(turns.nth(i)).toContainText(`Assistant: ${assistant[i + 1]}`);
  }
  const booked = details.getByRole('region', { name: 'Booked appointment' });
  await expect(booked).toContainText('House Wash');
  await expect(booked).toContainText('Tue, Dec 1, 2026');
  await expect(booked).toContainText('10:00 AM');
  await expect(booked).toContainText('512 Redwood Drive');

  // The link opens the appointment on the schedule, and the appointment leads back to the call.
  await admin.afterAnswers(
    () => booked.getByRole('link', { name: 'Open the appointment' }).click(),
    ['GET', '/api/appointments'],
  );
  const appointment = page.getByRole('dialog', { name: 'Appointment of Dana Whitfield' });
  await expect(appointment).toContainText('512 Redwood Drive');
  await expect(appointment).toContainText('Tue, Dec 1, 2026');
  await expect(appointment).toContainText('Booked by the phone assistant');
  await appointment.getByRole('link', { name: 'View the call' }).click();
  await expect(logs.details).toContainText('Call from Dana Whitfield');
});
