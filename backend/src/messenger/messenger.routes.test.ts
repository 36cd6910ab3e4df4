import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  TOTAL_COUNT_HEADER,
  conversationSchema,
  errorBodySchema,
  messageSchema,
  recentMessageSchema,
} from '@washdesk/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectInvalid, expectNotFound } from '../test/expect-errors.ts';

const conversationsSchema = conversationSchema.strict().array();
const messagesSchema = messageSchema.strict().array();
const recentSchema = recentMessageSchema.strict().array();

const NAMED_USER = '2400118877665511';
const ANON_USER = '100200300456789';
let named: number;
let anon: number;

let server: TestServer;
beforeAll(async () => {
  // The clock stands a few hours after the last customer messages: Meta's 24-hour window is open.
  server = await startTestServer({ clock: () => Date.parse('2024-03-02T12:00:00.000Z') });
  const addConversation = server.db.prepare(`INSERT INTO messenger_conversations
    (facebook_user_id, first_name, last_name, status, last_message_at, created_at) VALUES (?, ?, ?, 'active', ?, ?)`);
  named = Number(
    addConversation.run(NAMED_USER, 'Dana', 'Reyes', '2024-03-01T18:05:00.000Z', '2024-03-01T18:00:00.000Z')
      .lastInsertRowid,
  );
  anon = Number(
    addConversation.run(ANON_USER, null, null, '2024-03-02T09:30:00.000Z', '2024-03-02T09:00:00.000Z')
      .lastInsertRowid,
  );
  const addMessage = server.db.prepare(`INSERT INTO messenger_messages
    (conversation_id, sender, message_text, delivery_status, created_at) VALUES (?, ?, ?, ?, ?)`);
  // Inserted out of time order on purpose: the API must sort by created_at.
  addMessage.run(named, 'customer', 'Dana 3: thanks!', 'received', '2024-03-01T18:05:00.000Z');
  addMessage.run(named, 'customer', 'Dana 1: hi, roof quote?', 'received', '2024-03-01T18:00:00.000Z');
  addMessage.run(named, 'assistant', 'Dana 2: send photos please', 'sent', '2024-03-01T18:01:00.000Z');
  for (let i = 1; i <= 9; i++) {
    addMessage.run(
      anon,
      i % 2 ? 'customer' : 'staff',
      `Anon ${i}`,
      i % 2 ? 'received' : 'sent',
      `2024-03-02T09:${String(20 + i).padStart(2, '0')}:00.000Z`,
    );
  }
});
afterAll(() => server.stop());
afterEach(() => expect(server.errors).toEqual([]));

const conversations = async () => {
  const res = await server.get('/api/messenger/conversations');
  expect(res.status).toBe(200);
  return { rows: conversationsSchema.parse(await res.json()), total: res.headers.get(TOTAL_COUNT_HEADER) };
};

const thread = async (id: number) => {
  const res = await server.get(`/api/messenger/conversations/${id}/messages`);
  expect(res.status).toBe(200);
  return messagesSchema.parse(await res.json());
};

describe('GET /api/messenger/conversations', () => {
  it('lists the most recent conversation first with its last message text', async () => {
    const { rows, total } = await conversations();
    expect(total).toBe('2');
    expect(rows.map((c) => c.id)).toEqual([anon, named]);
    expect(rows[0]).toMatchObject({
      facebookUserId: ANON_USER,
      firstName: null,
      lastName: null,
      lastMessageAt: '2024-03-02T09:30:00.000Z',
      lastMessageText: 'Anon 9',
    });
    expect(rows[1]).toMatchObject({
      facebookUserId: NAMED_USER,
      firstName: 'Dana',
      lastName: 'Reyes',
      status: 'active',
      lastMessageText: 'Dana 3: thanks!',
    });
  });
});

describe('GET /api/messenger/conversations?status=active', () => {
  it('counts only conversations with that status in X-Total-Count', async () => {
    const archived = server.db
      .prepare(
        `INSERT INTO messenger_conversations (facebook_user_id, status, created_at)
        VALUES ('archived-user-1', 'archived', '2024-01-01T00:00:00.000Z')`,
      )
      .run().lastInsertRowid;
    try {
      const res = await server.get('/api/messenger/conversations?status=active&limit=1');
      expect(res.status).toBe(200);
      expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
      expect(conversationsSchema.parse(await res.json())).toHaveLength(1);
      const all = await server.get('/api/messenger/conversations?limit=1');
      expect(all.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
      await expectInvalid(
        await server.get('/api/messenger/conversations?status=closed'),
        'status',
        'status must be active or archived',
      );
    } finally {
      server.db.prepare('DELETE FROM messenger_conversations WHERE id = ?').run(archived);
    }
  });
});

describe('GET /api/messenger/conversations/:id', () => {
  it('answers one conversation, and 404 for an unknown one', async () => {
    const res = await server.get(`/api/messenger/conversations/${named}`);
    expect(res.status).toBe(200);
    expect(conversationSchema.strict().parse(await res.json())).toMatchObject({
      id: named,
      facebookUserId: NAMED_USER,
      firstName: 'Dana',
    });
    await expectNotFound(await server.get('/api/messenger/conversations/99999'));
  });
});

describe('GET /api/messenger/conversations/:id/messages', () => {
  it('pages a long thread from the newest end: limit and offset, total in X-Total-Count', async () => {
    const first = await server.get(`/api/messenger/conversations/${anon}/messages?limit=4`);
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe('9');
    expect(messagesSchema.parse(await first.json()).map((m) => m.messageText)).toEqual([
      'Anon 6',
      'Anon 7',
      'Anon 8',
      'Anon 9',
    ]);
    const older = await server.get(`/api/messenger/conversations/${anon}/messages?limit=4&offset=4`);
    expect(messagesSchema.parse(await older.json()).map((m) => m.messageText)).toEqual([
      'Anon 2',
      'Anon 3',
      'Anon 4',
      'Anon 5',
    ]);
  });

  it('answers the thread oldest first', async () => {
    const messages = await thread(named);
    expect(messages.map((m) => m.messageText)).toEqual([
      'Dana 1: hi, roof quote?',
      'Dana 2: send photos please',
      'Dana 3: thanks!',
    ]);
    expect(messages.map((m) => m.sender)).toEqual(['customer', 'assistant', 'customer']);
    expect(messages.every((m) => m.conversationId === named)).toBe(true);
  });

  it('answers 404 for an unknown conversation and for a non-numeric id', async () => {
    await expectNotFound(await server.get('/api/messenger/conversations/99999/messages'));
    await expectNotFound(await server.get('/api/messenger/conversations/x/messages'));
  });
});

describe('GET /api/messenger/messages', () => {
  it('answers the latest 10 messages across conversations, newest first, with display names', async () => {
    const res = await server.get('/api/messenger/messages');
    expect(res.status).toBe(200);
    const recent = recentSchema.parse(await res.json());
    expect(recent).toHaveLength(10);
    expect(recent.map((m) => m.messageText)).toEqual([
      'Anon 9',
      'Anon 8',
      'Anon 7',
      'Anon 6',
      'Anon 5',
      'Anon 4',
      'Anon 3',
      'Anon 2',
      'Anon 1',
      'Dana 3: thanks!',
    ]);
    expect(recent[0]).toMatchObject({
      facebookUserId: ANON_USER,
      displayName: 'Facebook User 6789',
      conversationId: anon,
    });
    expect(recent[9]).toMatchObject({
      facebookUserId: NAMED_USER,
      displayName: 'Dana Reyes',
      conversationId: named,
    });
  });
});

describe('POST /api/messenger/send', () => {
  it('answers 503 while Messenger is not connected, and keeps the message as not delivered', async () => {
    const before = server.count('messenger_messages');
    const res = await server.send('POST', '/api/messenger/send', {
      recipientId: NAMED_USER,
      messageText: '  We can come Tuesday.  ',
    });
    expect(res.status).toBe(503);
    const body = z
      .strictObject({ ...errorBodySchema.shape, message: messageSchema.strict() })
      .parse(await res.json());
    expect(body.error).toEqual({
      code: 'messenger_not_connected',
      message: 'not delivered: Messenger is not connected',
    });
    expect(body.message).toMatchObject({
      conversationId: named,
      sender: 'staff',
      messageText: 'We can come Tuesday.',
      deliveryStatus: 'not_delivered',
      deliveryError: 'not delivered: Messenger is not connected',
    });
    expect(server.count('messenger_messages')).toBe(before + 1);

    const messages = await thread(named);
    const last = messages.at(-1)!;
    expect(last).toEqual(body.message);
    expect(messages.some((m) => m.sender === 'staff' && m.deliveryStatus === 'sent')).toBe(false);

    const { rows } = await conversations();
    expect(rows[0]).toMatchObject({ id: named, lastMessageText: 'We can come Tuesday.' });
    const recent = recentSchema.parse(await (await server.get('/api/messenger/messages')).json());
    expect(recent[0]).toMatchObject({
      id: body.message.id,
      deliveryStatus: 'not_delivered',
      displayName: 'Dana Reyes',
    });
  });

  it('rejects a blank message with "Type a message" and stores nothing', async () => {
    const before = server.count('messenger_messages');
    await expectInvalid(
      await server.send('POST', '/api/messenger/send', { recipientId: NAMED_USER, messageText: '   ' }),
      'messageText',
      'Type a message',
    );
    await expectInvalid(
      await server.send('POST', '/api/messenger/send', { messageText: 'Hello' }),
      'recipientId',
      'Choose a conversation',
    );
    expect(server.count('messenger_messages')).toBe(before);
  });

  it('answers 404 for an unknown recipient and stores nothing', async () => {
    const before = server.count('messenger_messages');
    const conversationsBefore = server.count('messenger_conversations');
    await expectNotFound(
      await server.send('POST', '/api/messenger/send', { recipientId: '999000111', messageText: 'Hello?' }),
    );
    expect(server.count('messenger_messages')).toBe(before);
    expect(server.count('messenger_conversations')).toBe(conversationsBefore);
  });
});
