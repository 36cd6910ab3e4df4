import { afterEach, describe, expect, it } from 'vitest';
import { newForMeSchema } from '@washdesk/contract';
import { clientOf, signIn, startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
afterEach(async () => {
  expect(server.errors).toEqual([]);
  await server.stop();
});

const now = () => new Date().toISOString();
const wizardRequest = () =>
  server.anonymous.send('POST', '/api/service-requests', {
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana@example.com',
    phone: '707-555-0123',
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-washing',
  });

describe('what is new for me (the sidebar counts)', () => {
  it('counts leads, missed calls and customer messages since each staff member last opened the list', async () => {
    server = await startTestServer();
    const colleague = clientOf(
      server.url,
      await signIn(server.url, await server.addUser({ email: 'ana@example.com' })),
    );
    const counts = async (client = server as { get: TestServer['get'] }) =>
      newForMeSchema.strict().parse(await (await client.get('/api/me/new')).json());
    expect(await counts()).toEqual({ newLeads: 0, missedCalls: 0, unreadMessages: 0, unreadTexts: 0, changedVisits: 0 });

    expect((await wizardRequest()).status).toBe(201);
    const at = now();
    server.db
      .prepare(
        `INSERT INTO calls (call_sid, phone_number, status, callback_requested, created_at, updated_at) VALUES
        ('CA1', '+17075550101', 'missed', 0, @at, @at), ('CA2', '+17075550102', 'completed', 1, @at, @at),
        ('CA3', '+17075550103', 'completed', 0, @at, @at)`,
      )
      .run({ at });
    const conversation = server.db
      .prepare(`INSERT INTO messenger_conversations (facebook_user_id, created_at) VALUES ('psid-1', @at)`)
      .run({ at }).lastInsertRowid;
    server.db
      .prepare(
        `INSERT INTO messenger_messages (conversation_id, sender, message_text, delivery_status, created_at)
        VALUES (@conversation, 'customer', 'Hi', 'received', @at), (@conversation, 'staff', 'Hello', 'sent', @at)`,
      )
      .run({ conversation, at });
    const thread = server.db
      .prepare(
        `INSERT INTO text_threads (phone, last_message_at, created_at) VALUES ('+17075550104', @at, @at)`,
      )
      .run({ at }).lastInsertRowid;
    server.db
      .prepare(
        `INSERT INTO text_messages (thread_id, direction, sender, body, message_sid, created_at) VALUES
        (@thread, 'in', 'customer', 'Hi there', 'SM1', @at), (@thread, 'in', 'customer', 'Are you open?', 'SM2', @at)`,
      )
      .run({ thread, at });

    const before = { newLeads: 1, missedCalls: 2, unreadMessages: 1, unreadTexts: 2, changedVisits: 0 };
    expect(await counts()).toEqual(before);
    expect(await counts(colleague)).toEqual(before);

    // The owner opens Call Logs (after those calls): only their own call count goes to zero.
    const seen = await server.send('PUT', '/api/me/seen/calls');
    expect(seen.status).toBe(200);
    expect(await seen.json()).toEqual({ ...before, missedCalls: 0 });
    expect(await counts(colleague)).toEqual(before);
    // Opening Messenger and Texts clears their counts the same way, for that staff member only.
    expect(await (await server.send('PUT', '/api/me/seen/messages')).json()).toEqual({
      ...before,
      missedCalls: 0,
      unreadMessages: 0,
    });
    expect(await (await server.send('PUT', '/api/me/seen/texts')).json()).toEqual({
      newLeads: 1,
      missedCalls: 0,
      unreadMessages: 0,
      unreadTexts: 0,
      changedVisits: 0,
    });
    expect(await counts(colleague)).toEqual(before);
  });

  it('refuses unknown lists and strangers', async () => {
    server = await startTestServer();
    expect((await server.send('PUT', '/api/me/seen/everything')).status).toBe(404);
    expect((await server.anonymous.get('/api/me/new')).status).toBe(401);
    expect((await server.anonymous.send('PUT', '/api/me/seen/leads')).status).toBe(401);
  });
});
