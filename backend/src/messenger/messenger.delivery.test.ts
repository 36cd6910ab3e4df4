import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, messageSchema } from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { startFakeMeta, type FakeMeta } from '../test/fake-meta.ts';

const USER = '7310000000001234';
const sentSchema = messageSchema.strict();

let meta: FakeMeta;
let server: TestServer;
let conversationId: number;
beforeAll(async () => {
  meta = await startFakeMeta();
  server = await startTestServer({
    env: { META_PAGE_ACCESS_TOKEN: 'test-page-token', META_GRAPH_BASE_URL: meta.url },
  });
  conversationId = addConversation(server);
});

/** A conversation whose customer wrote a minute ago: Meta's 24-hour window is open. */
function addConversation(s: TestServer) {
  const now = new Date();
  const id = Number(
    s.db
      .prepare(
        `INSERT INTO messenger_conversations (facebook_user_id, first_name, last_name, status,
        last_message_at, created_at) VALUES (?, 'Sam', 'Ortiz', 'active', ?, ?)`,
      )
      .run(USER, now.toISOString(), now.toISOString()).lastInsertRowid,
  );
  s.db
    .prepare(
      `INSERT INTO messenger_messages (conversation_id, sender, message_text, delivery_status, created_at)
      VALUES (?, 'customer', 'Do you wash decks?', 'received', ?)`,
    )
    .run(id, new Date(now.getTime() - 60_000).toISOString());
  return id;
}
afterAll(async () => {
  await server.stop();
  await meta.close();
});
afterEach(() => {
  expect(server.errors).toEqual([]);
  meta.calls = [];
  meta.answer = 'accept';
});

const lastStored = () =>
  server.db
    .prepare('SELECT delivery_status, delivery_error, mid FROM messenger_messages ORDER BY id DESC LIMIT 1')
    .get();

describe('POST /api/messenger/send with a Meta page access token', () => {
  it('delivers through the Send API, stores the message as sent with Meta’s id, and answers 201', async () => {
    const res = await server.send('POST', '/api/messenger/send', {
      recipientId: USER,
      messageText: ' See you Tuesday at 9. ',
    });
    expect(res.status).toBe(201);
    const { message } = (await res.json()) as { message: unknown };
    expect(sentSchema.parse(message)).toMatchObject({
      conversationId,
      sender: 'staff',
      messageText: 'See you Tuesday at 9.',
      deliveryStatus: 'sent',
      deliveryError: null,
    });
    expect(meta.calls).toEqual([
      {
        path: '/v21.0/me/messages',
        authorization: 'Bearer test-page-token',
        body: {
          recipient: { id: USER },
          messaging_type: 'RESPONSE',
          message: { text: 'See you Tuesday at 9.', metadata: 'washdesk' },
        },
      },
    ]);
    expect(lastStored()).toEqual({ delivery_status: 'sent', delivery_error: null, mid: 'm_fake_1' });
  });

  it('keeps a refused message as not delivered and says why in staff words (24-hour window)', async () => {
    meta.answer = 'outside-24h';
    const before = server.count('messenger_messages');
    const res = await server.send('POST', '/api/messenger/send', {
      recipientId: USER,
      messageText: 'Hello?',
    });
    expect(res.status).toBe(502);
    const body = z.object({ ...errorBodySchema.shape, message: sentSchema }).parse(await res.json());
    const reason = "not delivered: Meta only allows replies within 24 hours of the customer's last message";
    expect(body.error).toEqual({ code: 'messenger_delivery_failed', message: reason });
    expect(body.message).toMatchObject({ deliveryStatus: 'not_delivered', deliveryError: reason });
    expect(server.count('messenger_messages')).toBe(before + 1);
    expect(lastStored()).toEqual({ delivery_status: 'not_delivered', delivery_error: reason, mid: null });
  });

  it('names an invalid token as the reason', async () => {
    meta.answer = 'bad-token';
    const res = await server.send('POST', '/api/messenger/send', { recipientId: USER, messageText: 'Hi' });
    expect(res.status).toBe(502);
    expect(errorBodySchema.parse(await res.json()).error.message).toBe(
      'not delivered: the Meta page access token is invalid or expired',
    );
  });

  it('calls Meta for nothing it refuses itself (blank text, unknown recipient)', async () => {
    expect(
      (await server.send('POST', '/api/messenger/send', { recipientId: USER, messageText: ' ' })).status,
    ).toBe(400);
    expect(
      (await server.send('POST', '/api/messenger/send', { recipientId: '42', messageText: 'Hi' })).status,
    ).toBe(404);
    expect(meta.calls).toEqual([]);
  });
});

describe('POST /api/messenger/send when Meta cannot be reached', () => {
  it('keeps the message as not delivered and says Messenger could not be reached', async () => {
    const closed = await startFakeMeta();
    await closed.close();
    const offline = await startTestServer({
      env: { META_PAGE_ACCESS_TOKEN: 'test-page-token', META_GRAPH_BASE_URL: closed.url },
    });
    try {
      addConversation(offline);
      const res = await offline.send('POST', '/api/messenger/send', { recipientId: USER, messageText: 'Hi' });
      expect(res.status).toBe(502);
      const body = z.object({ ...errorBodySchema.shape, message: sentSchema }).parse(await res.json());
      expect(body.error.message).toBe('not delivered: Messenger could not be reached');
      expect(body.message.deliveryStatus).toBe('not_delivered');
      expect(offline.errors).toEqual([]);
    } finally {
      await offline.stop();
    }
  });
});
