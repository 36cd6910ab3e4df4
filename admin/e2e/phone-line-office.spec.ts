import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Call } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
// Twilio's signature, as the simulator computes it (a test's use, never shipped).
// eslint-disable-next-line no-restricted-imports
import { twilioSignature } from '../../backend/src/phone-simulator/twilio-signature.ts';
import { AdminPage } from './admin-page.ts';

// Issue 24 items 5-7 as staff meet them: a caller's voicemail played in Call Logs (the audio from
// a fake Twilio API on 127.0.0.1, fetched by the server), blocking and unblocking a number, and
// the office's hours and holidays in Settings → Telephony. The 'phone-line' scenario: the clock
// on Monday 23 November 2026, 9:30 AM in California, Twilio's webhooks on, no demo data.

const expect = baseExpect.configure({ timeout: 15_000 });
const CALLER = '+17075550188';

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('phone-line');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

let calls = 0;
/** A Twilio webhook as Twilio sends it: a signed form for the public address. */
async function asTwilio(path: string, params: Record<string, string>) {
  const { twilio } = server;
  const signature = twilioSignature(twilio!.authToken, `${twilio!.publicBaseUrl}${path}`, params);
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
    body: new URLSearchParams(params).toString(),
  });
}
function caller(from: string) {
  const callSid = `CA${String(++calls).padStart(32, 'f')}`;
  const common = { AccountSid: server.twilio!.accountSid, CallSid: callSid, From: from, To: '+17075550100' };
  return {
    callSid,
    dial: () => asTwilio('/api/twilio/incoming-call', { ...common, CallStatus: 'ringing' }),
    say: (speech: string) =>
      asTwilio('/api/twilio/process-speech', { ...common, CallStatus: 'in-progress', SpeechResult: speech }),
  };
}

async function signIn(page: Page) {
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(login.ok()).toBe(true);
}

test('a voicemail plays in Call Logs through the server, and its number can be blocked and unblocked', async ({
  page,
}) => {
  const { twilio } = server;
  const call = caller(CALLER);
  expect((await call.dial()).status).toBe(200);
  const asked = await (await call.say('Can I talk to a person please')).text();
  expect(asked).toContain('<Record');
  const recordingUrl = `${twilio!.apiUrl}/2010-04-01/Accounts/${twilio!.accountSid}/Recordings/${twilio!.recordingSid}`;
  const recorded = await asTwilio('/api/twilio/recording-status', {
    AccountSid: twilio!.accountSid,
    CallSid: call.callSid,
    RecordingSid: twilio!.recordingSid,
    RecordingUrl: recordingUrl,
    RecordingStatus: 'completed',
    RecordingDuration: '1',
  });
  expect(recorded.status).toBe(204);
  expect(
    (
      await asTwilio('/api/twilio/recording-transcript', {
        AccountSid: twilio!.accountSid,
        CallSid: call.callSid,
        RecordingSid: twilio!.recordingSid,
        TranscriptionStatus: 'completed',
        TranscriptionText: 'Hi, this is Lee, please call me about the deck.',
      })
    ).status,
  ).toBe(204);

  await signIn(page);
  await page.goto(`${server.url}/admin/call-logs`);
  const row = page.getByRole('table', { name: 'Recent Calls' }).getByRole('row').filter({ hasText: CALLER });
  await row.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog');
  const voicemail = dialog.getByRole('region', { name: 'Voicemail' });
  await expect(voicemail).toContainText('Hi, this is Lee, please call me about the deck.');
  // The player loads the audio from this server, which fetched it from (fake) Twilio.
  const audio = voicemail.locator('audio');
  const id = ((await (await page.request.get(`${server.url}/api/calls?limit=50`)).json()) as Call[]).find(
    (c) => c.phoneNumber === CALLER,
  )!.id;
  expect(await audio.evaluate((a: HTMLAudioElement) => a.src)).toBe(
    `${server.url}/api/calls/${id}/recording`,
  );
  await audio.evaluate((a: HTMLAudioElement) => a.load());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(1);
  // Twilio's address never reaches the page.
  expect(await page.content()).not.toContain(twilio!.apiUrl);

  // Block the number from the call; the list under Call Logs shows it, and the line screens it.
  const admin = new AdminPage(page);
  await dialog.getByRole('button', { name: 'Block number' }).click();
  await expect(admin.toast('Number blocked')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unblock number' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const blockedList = page.getByRole('table', { name: 'Blocked numbers' });
  await expect(blockedList).toContainText(CALLER);
  const screened = await (await caller('(707) 555-0188').dial()).text();
  expect(screened).toContain('<Hangup/>');
  expect(screened).not.toContain('<Gather');

  await blockedList.getByRole('button', { name: `Unblock ${CALLER}` }).click();
  await expect(admin.toast('Number unblocked')).toBeVisible();
  await expect(page.getByText('No blocked numbers.')).toBeVisible();
  expect(await (await caller(CALLER).dial()).text()).toContain('<Gather');
});

test('business hours and holidays are set in Settings → Telephony, checked before they are saved', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/settings?tab=telephony`);
  const card = page.getByRole('region', { name: 'Business hours' });
  await expect(card.getByLabel('Monday opens')).toHaveValue('08:00');
  await expect(card.getByLabel('Saturday opens')).toHaveCount(0);

  // Monday closes before it opens: refused under the day, nothing saved.
  await card.getByLabel('Monday closes').fill('07:00');
  await card.getByRole('button', { name: 'Save business hours' }).click();
  await expect(card).toContainText('Closing time must be after opening time');
  const stored = async () =>
    (await (await page.request.get(`${server.url}/api/settings/business-hours`)).json()) as {
      days: Record<string, { opens: string; closes: string } | null>;
      holidays: string[];
    };
  expect((await stored()).days.monday).toEqual({ opens: '08:00', closes: '17:00' });

  await card.getByLabel('Monday closes').fill('16:30');
  await card
    .locator('label.bp6-switch')
    .filter({ has: page.getByLabel('Saturday open') })
    .click();
  await card.getByLabel('Saturday closes').fill('12:00');
  await card.getByLabel('Holiday date').fill('2026-12-25');
  await card.getByRole('button', { name: 'Add holiday' }).click();
  await card.getByRole('button', { name: 'Save business hours' }).click();
  await expect(new AdminPage(page).toast('Business hours updated successfully')).toBeVisible();
  expect(await stored()).toMatchObject({
    days: { monday: { opens: '08:00', closes: '16:30' }, saturday: { opens: '08:00', closes: '12:00' } },
    holidays: ['2026-12-25'],
  });

  await page.reload();
  await expect(card.getByLabel('Monday closes')).toHaveValue('16:30');
  await expect(card.getByRole('list', { name: 'Holidays' })).toContainText('2026-12-25');
  await card.getByRole('button', { name: 'Remove holiday 2026-12-25' }).click();
  await card.getByRole('button', { name: 'Save business hours' }).click();
  await expect.poll(async () => (await stored()).holidays).toEqual([]);
});
