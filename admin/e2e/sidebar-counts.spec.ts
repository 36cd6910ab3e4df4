import crypto from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { newForMeSchema } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
// Twilio's signature, as the simulator computes it (a test's use, never shipped).
// eslint-disable-next-line no-restricted-imports
import { twilioSignature } from '../../backend/src/phone-simulator/twilio-signature.ts';
import { AdminPage } from './admin-page.ts';
import { customerWritesOnMessenger } from './customer-webhooks.ts';

// The sidebar's counts for Texts and Messenger, as a new owner meets them: a customer's text and
// Messenger message raise them live, opening the screen clears them for this staff member, and what
// arrives while the screen is open is seen at once. The 'customer-messages' scenario: the real
// clock, Twilio's and Meta's webhooks on, no demo data. And a new texter files a lead in Requests, live.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

let server: OwnTestServer;
test.beforeAll(async () => {
  server = await startOwnTestServer('customer-messages');
});
test.afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

/** A customer's text, as Twilio's incoming-SMS webhook posts it (signed for the public address). */
async function customerTexts(from: string, body: string) {
  const { twilio } = server;
  const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
  const params = {
    AccountSid: twilio!.accountSid,
    MessageSid: sid,
    From: from,
    To: '+17075550100',
    Body: body,
    NumMedia: '0',
  };
  const path = '/api/twilio/incoming-sms';
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(twilio!.authToken, `${twilio!.publicBaseUrl}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
}

const customerMessages = (userId: string, text: string) => customerWritesOnMessenger(server, userId, text);

/** Signs the page's browser in as the scenario's owner. */
async function signIn(page: Page) {
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: server.email, password: server.password },
  });
  expect(login.ok()).toBe(true);
}

const countsOf = async (page: Page) =>
  newForMeSchema.parse(await (await page.request.get(`${server.url}/api/me/new`)).json());

test('texts and Messenger messages raise their sidebar counts live; opening each screen clears its own', async ({
  page,
}) => {
  await signIn(page);
  const admin = new AdminPage(page);
  // The page's one stream of live events: a stream opened again (it was, at each screen) starts
  // from that moment, and what arrived while it was replaced never refreshed the counts.
  const streams: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
  });
  await page.goto(`${server.url}/admin`);
  await expect(admin.sidebarEntry('Texts')).toBeVisible();
  await expect(admin.sidebarEntry('Texts')).not.toHaveAttribute('aria-description');

  await customerTexts('+17075550231', 'Is Thursday still good for the roof?');
  await customerTexts('+17075550231', 'Also the gutters please');
  await customerMessages('7700000000000231', 'Do you wash decks?');
  await expect(admin.sidebarEntry('Texts')).toHaveAttribute('aria-description', '2 unread');
  await expect(admin.sidebarEntry('Messenger')).toHaveAttribute('aria-description', '1 unread');

  // Opening Texts clears its count, and only its count.
  await admin.sidebarEntry('Texts').click();
  await expect(admin.pageTitle('Texts')).toBeVisible();
  await expect(admin.sidebarEntry('Texts')).not.toHaveAttribute('aria-description');
  await expect(admin.sidebarEntry('Messenger')).toHaveAttribute('aria-description', '1 unread');

  // A text arriving while Texts is open shows on it, and is seen: the count does not come back.
  await customerTexts('+17075550232', 'Can you come before noon?');
  await expect(page.getByRole('region', { name: 'Text conversations' })).toContainText(
    'Can you come before noon?',
  );
  await expect.poll(async () => (await countsOf(page)).unreadTexts).toBe(0);
  await expect(admin.sidebarEntry('Texts')).not.toHaveAttribute('aria-description');

  // Messenger, which never cleared its count: opening it does.
  await admin.sidebarEntry('Messenger').click();
  await expect(admin.pageTitle('Facebook Messenger')).toBeVisible();
  await expect(admin.sidebarEntry('Messenger')).not.toHaveAttribute('aria-description');
  await customerMessages('7700000000000232', 'What do you charge for a driveway?');
  await expect(page.getByRole('region', { name: 'Active Conversations' })).toContainText('driveway');
  await expect.poll(async () => (await countsOf(page)).unreadMessages).toBe(0);
  await expect(admin.sidebarEntry('Messenger')).not.toHaveAttribute('aria-description');

  // Three screens, one stream.
  expect(streams).toHaveLength(1);

  // Nothing else was counted along the way.
  expect(await countsOf(page)).toEqual({
    newLeads: 0,
    missedCalls: 0,
    unreadMessages: 0,
    unreadTexts: 0,
    changedVisits: 0,
  });
});

test('a new texter files a lead in Requests while staff look at it, as a caller does', async ({ page }) => {
  await signIn(page);
  // The admin's event stream is open (its answer's headers came) before the text arrives: an event
  // published before a first connection is not replayed to it.
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto(`${server.url}/admin/requests`);
  await streamOpen;
  // The inbox has loaded (empty, or with the other test's texters) before the text arrives.
  await expect(page.getByRole('searchbox', { name: 'Search requests' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'No requests yet' }).or(page.getByRole('table', { name: 'Requests' })),
  ).toBeVisible();
  const requests = page.getByRole('table', { name: 'Requests' });
  // A number nobody else uses (area code 530 is this test's), and words only this text has.
  const from = `+1530${crypto.randomInt(2_000_000, 10_000_000)}`;
  const words = `Do you do roofs in Arcata? ${crypto.randomUUID().slice(0, 8)}`;
  await customerTexts(from, words);
  // No reload: the event stream refreshes the list.
  const row = requests.getByRole('row').filter({ hasText: words });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Text');
  // A second text on the same thread is the same lead, not another.
  await customerTexts(from, 'Also the gutters');
  await expect
    .poll(async () => {
      const res = await page.request.get(`${server.url}/api/leads?q=${from.slice(2)}`);
      return ((await res.json()) as unknown[]).length;
    })
    .toBe(1);
});

test('a text that arrives after the screen has read its counts but before the live stream first connects still shows', async ({
  page,
}) => {
  await signIn(page);
  // The stream's first connection is held back until the text has arrived: the moment a page is
  // opening, when the counts were read and the stream is not yet subscribed.
  let letStreamThrough!: () => void;
  const held = new Promise<void>((resolve) => (letStreamThrough = resolve));
  await page.route(
    (url) => url.pathname === '/api/events',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const countsRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/new');
  const admin = new AdminPage(page);
  await page.goto(`${server.url}/admin`);
  const before = newForMeSchema.parse(await (await countsRead).json()).unreadTexts;
  await expect(admin.sidebarEntry('Texts')).toBeVisible();

  await customerTexts(`+1530${crypto.randomInt(2_000_000, 10_000_000)}`, 'Are you open on Saturdays?');
  const { unreadTexts } = await countsOf(page);
  expect(unreadTexts).toBe(before + 1);
  letStreamThrough();
  await expect(admin.sidebarEntry('Texts')).toHaveAttribute('aria-description', `${unreadTexts} unread`);
});
