import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { TOTAL_COUNT_HEADER } from '@washdesk/contract';
import { startOwnTestServer, type OwnTestServer } from '../../scripts/own-test-server.ts';
import { AdminPage } from './admin-page.ts';
import { customerWritesOnMessenger } from './customer-webhooks.ts';
import { expectScreenAgrees, ONE_LOOK } from './screen-agrees.ts';
import { failNextCall } from './failing-backend.ts';
import { PICTURES, screenshotBothThemes } from './screenshots.ts';

// Customers reach the inbox through Meta's webhook; these tests put their conversations straight
// into the test server's database, as the webhook would, each with its own unique Messenger id.
function addConversation(
  person: { firstName: string | null; lastName: string | null },
  messages: [sender: 'customer' | 'staff' | 'assistant', text: string][],
) {
  const facebookUserId = `99${Date.now()}${Math.floor(Math.random() * 1e4)
    .toString()
    .padStart(4, '0')}`;
  const db = new Database(path.join(process.env.WASHDESK_E2E_DATA_DIR!, 'washdesk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const start = Date.now() - messages.length * 60_000;
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    const id = Number(
      db
        .prepare(
          `INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name, status,
          last_message_at, created_at) VALUES (?, ?, ?, 'active', ?, ?)`,
        )
        .run(
          facebookUserId,
          person.firstName,
          person.lastName,
          messages.length ? at(messages.length - 1) : null,
          at(0),
        ).lastInsertRowid,
    );
    const insert = db.prepare(`INSERT INTO messenger_messages (conversation_id, sender, message_text,
      delivery_status, created_at) VALUES (?, ?, ?, ?, ?)`);
    messages.forEach(([sender, text], i) =>
      insert.run(id, sender, text, sender === 'customer' ? 'received' : 'sent', at(i)),
    );
    return { id, facebookUserId };
  } finally {
    db.close();
  }
}

async function openMessenger(page: Page, conversationId?: number) {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  await admin.open(
    `/admin/messenger-conversations${conversationId ? `?conversation=${conversationId}` : ''}`,
  );
  await expect(admin.pageTitle('Facebook Messenger')).toBeVisible();
  return admin;
}

const conversationList = (page: Page) => page.getByRole('region', { name: 'Active Conversations' });
const panel = (page: Page) => page.getByRole('region', { name: 'Conversation', exact: true });
const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });

// The header's count is checked against the database, so no other test may add a conversation
// meanwhile.
test.describe.configure({ mode: 'serial' });

test('the inbox lists conversations, counts the active ones, and opens a thread', async ({ page }) => {
  const unique = `Marlow${Date.now()}`;
  const mine = addConversation({ firstName: unique, lastName: 'Quinn' }, [
    ['customer', `Do you clean gutters? ${unique}`],
    ['assistant', 'Yes, gutter cleaning is one of our services.'],
    ['staff', 'Happy to add it to your house wash.'],
  ]);
  await openMessenger(page);
  // Other tests open conversations meanwhile, and the list follows them.
  await expectScreenAgrees(
    async () =>
      (await page.request.get('/api/messenger/conversations?status=active&limit=1')).headers()[
        TOTAL_COUNT_HEADER.toLowerCase()
      ],
    (total) => expect(page.getByText(`${total} active conversations`)).toBeVisible(ONE_LOOK),
  );
  await expect(panel(page).getByText('Select a conversation')).toBeVisible();

  const row = conversationList(page).getByRole('button', { name: new RegExp(`${unique} Quinn`) });
  await expect(row).toContainText('MQ');
  await expect(row).toContainText('active');
  await row.click();

  await expect(panel(page).getByRole('heading', { name: `${unique} Quinn` })).toBeVisible();
  await expect(panel(page).getByText(`Messenger ID: ${mine.facebookUserId}`)).toBeVisible();
  const bubbles = thread(page).locator('.messenger-bubble');
  await expect(bubbles).toHaveCount(3);
  await expect(bubbles.nth(0)).toHaveAttribute('data-sender', 'customer');
  await expect(bubbles.nth(0)).toContainText(`Do you clean gutters? ${unique}`);
  await expect(bubbles.nth(2)).toContainText('Staff');
  // Customer on the left, the business on the right.
  const customerBox = (await bubbles.nth(0).boundingBox())!;
  const staffBox = (await bubbles.nth(2).boundingBox())!;
  expect(customerBox.x).toBeLessThan(staffBox.x);
});

test('a customer without a name is "Facebook User" and the last 4 characters of the id', async ({ page }) => {
  const anon = addConversation({ firstName: null, lastName: null }, []);
  const shown = `Facebook User ${anon.facebookUserId.slice(-4)}`;
  await openMessenger(page, anon.id);

  await expect(panel(page).getByRole('heading', { name: shown })).toBeVisible();
  await expect(thread(page).getByText('No messages in this conversation')).toBeVisible();
  const row = conversationList(page).getByRole('button', { name: new RegExp(shown) });
  await expect(row).toContainText('FU');
});

test('sending without a Messenger connection keeps the message and says it was not delivered', async ({
  page,
}) => {
  const unique = `Sender${Date.now()}`;
  addConversation({ firstName: unique, lastName: 'Vale' }, [['customer', 'Can you come Friday?']]);
  await openMessenger(page);
  await conversationList(page)
    .getByRole('button', { name: new RegExp(unique) })
    .click();
  const input = panel(page).getByRole('textbox', { name: 'Message' });
  const send = panel(page).getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();

  const reply = `Friday works, see you at 9. ${unique}`;
  await input.fill(reply);
  await input.press('Enter');

  const toast = page.getByRole('alert').filter({ hasText: 'Saved, not delivered' });
  await expect(toast).toContainText('Messenger is not connected, so the customer did not get this message.');
  await expect(input).toHaveValue('');
  const bubble = thread(page).locator('.messenger-bubble').filter({ hasText: reply });
  await expect(bubble).toHaveAttribute('data-sender', 'staff');
  await expect(bubble).toContainText('Not delivered');
  const recent = page
    .getByRole('region', { name: 'Recent Messages' })
    .getByRole('button', { name: new RegExp(unique) });
  await expect(recent.first()).toContainText('Staff');
  await expect(recent.first()).toContainText(reply);
});

test('a failed send says so and keeps the text to try again', async ({ page }) => {
  const unique = `Failing${Date.now()}`;
  addConversation({ firstName: unique, lastName: 'Moss' }, [['customer', 'Hello?']]);
  await openMessenger(page);
  await conversationList(page)
    .getByRole('button', { name: new RegExp(unique) })
    .click();
  await failNextCall(page, 'POST', '**/api/messenger/send');

  const input = panel(page).getByRole('textbox', { name: 'Message' });
  await input.fill('This one fails');
  await panel(page).getByRole('button', { name: 'Send', exact: true }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Failed to send message. Please try again.' });
  await expect(toast).toContainText('Error');
  await expect(input).toHaveValue('This one fails');
  await expect(thread(page).getByText('This one fails')).toHaveCount(0);
});

test('a long thread shows its latest messages first and loads older ones on request', async ({ page }) => {
  const messages = Array.from({ length: 60 }, (_, i): ['customer', string] => [
    'customer',
    `Long thread message ${i + 1}.`,
  ]);
  const long = addConversation({ firstName: 'Long', lastName: `Thread${Date.now()}` }, messages);
  const threadRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/conversations/${long.id}/messages`)) threadRequests.push(r.url());
  });
  await openMessenger(page, long.id);

  await expect(thread(page).getByText('Long thread message 60.')).toBeVisible();
  await expect(thread(page).getByText('Long thread message 11.', { exact: true })).toBeVisible();
  await expect(thread(page).getByText('Long thread message 10.', { exact: true })).toHaveCount(0);
  await thread(page).getByRole('button', { name: 'Load older messages' }).click();
  await expect(thread(page).getByText('Long thread message 1.', { exact: true })).toBeVisible();
  await expect(thread(page).getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  expect(threadRequests.every((u) => new URL(u).searchParams.get('limit') === '50')).toBe(true);
});

test('screenshots of the messenger', PICTURES, async ({ page }) => {
  await new AdminPage(page).signInWithApi();
  const [first] = (await (await page.request.get('/api/messenger/conversations?limit=1')).json()) as {
    id: number;
  }[];
  await openMessenger(page, first!.id);
  await expect(
    page.getByRole('region', { name: 'Recent Messages' }).getByRole('button').first(),
  ).toBeVisible();
  await screenshotBothThemes(page, 'messenger');
});

test.describe('with Meta connected (a fake Meta on 127.0.0.1)', () => {
  let server: OwnTestServer;
  test.beforeAll(async () => {
    server = await startOwnTestServer('messenger');
  });
  test.afterAll(async () => {
    // A fault the server reported while the test ran ends it with exit code 1.
    expect(await server?.stop()).toBe(0);
  });

  const customerWrites = (userId: string, text: string) => customerWritesOnMessenger(server, userId, text);
  const sentToMeta = async () =>
    (
      (await (await fetch(`${server.metaUrl}/__calls`)).json()) as { body: { message: { text: string } } }[]
    ).map((c) => c.body.message.text);

  test('a customer message arrives, staff answer, Meta gets the answer, and the thread shows who handles it', async ({
    page,
  }) => {
    const userId = `77${Date.now()}`;
    const shown = `Facebook User ${userId.slice(-4)}`;
    await customerWrites(userId, 'Hello, are you open on Saturdays?');
    const { email, password } = server;
    expect(
      (await page.request.post(`${server.url}/api/auth/login`, { data: { email, password } })).ok(),
    ).toBe(true);
    await page.goto(`${server.url}/admin/messenger-conversations`);
    await conversationList(page)
      .getByRole('button', { name: new RegExp(shown) })
      .click();
    await expect(panel(page).getByRole('heading', { name: shown })).toBeVisible();
    await expect(thread(page).getByText('Hello, are you open on Saturdays?')).toBeVisible();
    // The AI answered first (the server has no model key: its honest no-model answer).
    await expect(thread(page).locator('[data-sender="assistant"]')).toHaveCount(1);
    const handler = panel(page).getByLabel('Handled by');
    await expect(handler).toHaveText(/Handled by\s*AI$/);
    await expect(panel(page).getByLabel('Reply window')).toContainText("Meta's 24-hour reply window is open");

    // A second message while the thread is open appears without reloading (the thread polls).
    await customerWrites(userId, 'I mean for a driveway wash.');
    await expect(thread(page).getByText('I mean for a driveway wash.')).toBeVisible();

    const reply = `Yes, Saturday mornings work. ${userId}`;
    const input = panel(page).getByRole('textbox', { name: 'Message' });
    await input.fill(reply);
    await input.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Message sent' })).toContainText(
      'Your message has been sent successfully.',
    );
    await expect.poll(sentToMeta).toContain(reply);
    const bubble = thread(page).locator('.messenger-bubble').filter({ hasText: reply });
    await expect(bubble).toHaveAttribute('data-sender', 'staff');
    await expect(bubble).toContainText('Staff · test-owner');
    await expect(handler).toContainText('test-owner');
    await expect(panel(page).getByRole('button', { name: 'Hand back to AI' })).toBeVisible();

    await panel(page).getByRole('button', { name: 'Hand back to AI' }).click();
    await expect(handler).toHaveText(/Handled by\s*AI$/);
    await expect(panel(page).getByRole('button', { name: 'Hand back to AI' })).toHaveCount(0);
  });
});
